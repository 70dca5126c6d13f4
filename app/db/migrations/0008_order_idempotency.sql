ALTER TABLE "orders" ADD COLUMN "payment_redirect_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_open_unique" ON "orders" USING btree ("idempotency_key") WHERE "orders"."status" = 'Pending' or "orders"."payment_reference" is null;