ALTER TABLE "orders" ADD COLUMN "legacy_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_legacy_id_unique" UNIQUE("legacy_id");