ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("products"."name" || ' ' || "products"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_listing_name_idx" ON "products" USING btree ("name","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("price","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_listing_category_name_idx" ON "products" USING btree ("category","name","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_listing_category_price_idx" ON "products" USING btree ("category","price","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);