ALTER TABLE "orders" RENAME COLUMN "pesapal_tracking_id" TO "payment_reference";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "ipn_response" TO "payment_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_pesapal_tracking_id_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_provider" text DEFAULT 'pesapal' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_reference_unique" UNIQUE("payment_provider","payment_reference");--> statement-breakpoint
-- The column held Pesapal's own GetTransactionStatus answer; it now holds the shop's PaymentStatus,
-- with Pesapal's answer kept under providerAnswer.
UPDATE "orders" SET "payment_status" = jsonb_build_object(
  'state', CASE "payment_status"->>'status_code' WHEN '1' THEN 'COMPLETED' WHEN '2' THEN 'FAILED' WHEN '3' THEN 'REVERSED' ELSE 'PENDING' END,
  'amount', CASE WHEN jsonb_typeof("payment_status"->'amount') = 'number' THEN "payment_status"->'amount' ELSE to_jsonb(0) END,
  'currency', coalesce("payment_status"->>'currency', ''),
  'merchantReference', coalesce("payment_status"->>'merchant_reference', ''),
  'paymentMethod', nullif("payment_status"->>'payment_method', ''),
  'confirmationCode', nullif("payment_status"->>'confirmation_code', ''),
  'description', coalesce("payment_status"->>'payment_status_description', "payment_status"->>'description'),
  'providerAnswer', "payment_status"
) WHERE jsonb_typeof("payment_status") = 'object' AND "payment_status" ? 'status_code';--> statement-breakpoint
-- Imported orders held the old shop's notification, which their original document (raw) keeps.
UPDATE "orders" SET "payment_status" = NULL
 WHERE "payment_status" IS NOT NULL AND "legacy_id" IS NOT NULL AND NOT ("payment_status" ? 'state')
   AND jsonb_typeof("raw") = 'object' AND "raw" ? 'ipnResponse';--> statement-breakpoint
-- A reversed payment no longer counts: the order is Failed and flagged, as settlement now does.
WITH "reversed" AS (
  SELECT "id", "status" FROM "orders" WHERE "payment_status"->>'state' = 'REVERSED' FOR UPDATE
), "flagged" AS (
  UPDATE "orders" o SET "payment_reversed_at" = o."updated_at", "status" = 'Failed'
    FROM "reversed" r WHERE o."id" = r."id"
  RETURNING o."id", r."status" AS "was"
)
INSERT INTO "order_events" ("order_id", "kind", "details")
SELECT "id", 'payment_reversed', jsonb_build_object('source', 'migration', 'from', "was", 'to', 'Failed')
  FROM "flagged" WHERE "was" <> 'Failed';
