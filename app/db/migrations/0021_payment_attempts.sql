CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"token" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"amount" integer NOT NULL,
	"phone" text,
	"redirect_url" text,
	"claim" jsonb,
	"status" jsonb,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_token_unique" UNIQUE("token"),
	CONSTRAINT "payment_attempts_reference_unique" UNIQUE("provider","reference"),
	CONSTRAINT "payment_attempts_state_valid" CHECK ("payment_attempts"."state" in ('open', 'paid', 'failed', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_open" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."state" = 'open';--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id","number");--> statement-breakpoint
CREATE INDEX "payment_attempts_unfinished_idx" ON "payment_attempts" USING btree ("created_at") WHERE "payment_attempts"."state" in ('open', 'replaced');--> statement-breakpoint
-- Every order already sent to its provider keeps its payment as its attempt: paid or failed as its
-- last status said, failed with the order, else still open (the payment may yet come).
INSERT INTO "payment_attempts" ("order_id", "number", "provider", "reference", "token", "state", "amount", "redirect_url", "status", "closed_at", "created_at", "updated_at")
SELECT "id", greatest("payment_attempts", 1), "payment_provider", "payment_reference",
       replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
       CASE
         WHEN "payment_status"->>'state' = 'COMPLETED' THEN 'paid'
         WHEN "payment_status"->>'state' IN ('FAILED', 'REVERSED') OR "status" = 'Failed' THEN 'failed'
         ELSE 'open'
       END,
       "amount", "payment_redirect_url", "payment_status",
       CASE
         WHEN "payment_status"->>'state' IN ('COMPLETED', 'FAILED', 'REVERSED') OR "status" = 'Failed'
         THEN "updated_at"
       END,
       coalesce("payment_requested_at", "created_at"), "updated_at"
  FROM "orders"
 WHERE "payment_reference" IS NOT NULL;
