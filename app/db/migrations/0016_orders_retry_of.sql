ALTER TABLE "orders" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
CREATE INDEX "orders_retry_of_idx" ON "orders" USING btree ("retry_of") WHERE "orders"."retry_of" is not null;