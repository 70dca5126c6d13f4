DROP INDEX "products_listing_price_idx";--> statement-breakpoint
DROP INDEX "products_listing_category_price_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_price" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "selling_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_sale_idx" ON "products" USING btree ("sale_starts_at","sale_ends_at") WHERE "products"."sale_price" is not null;--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("sold_out","selling_price","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_listing_category_price_idx" ON "products" USING btree ("category","sold_out","selling_price","id") WHERE "products"."in_stock";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_below_price" CHECK ("products"."sale_price" >= 0 and "products"."sale_price" < "products"."price");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_ends_after_start" CHECK ("products"."sale_ends_at" > "products"."sale_starts_at");--> statement-breakpoint
-- The price a shopper pays at `at`: the sale price while its window is open, else the price (the
-- rule of catalog/sale.ts). Kept in products.selling_price by the trigger below on every save, and
-- by the sale clock when a window opens or closes.
CREATE FUNCTION "products_price_at"("price" integer, "sale_price" integer, "starts" timestamptz, "ends" timestamptz, "at" timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "sale_price" IS NOT NULL AND ("starts" IS NULL OR "starts" <= "at") AND ("ends" IS NULL OR "ends" > "at")
    THEN "sale_price" ELSE "price" END
$$;--> statement-breakpoint
CREATE FUNCTION "products_selling_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."selling_price" := "products_price_at"(NEW."price", NEW."sale_price", NEW."sale_starts_at", NEW."sale_ends_at", now());
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_selling_price" BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_selling_price"();--> statement-breakpoint
UPDATE "products" SET "selling_price" = "price";
