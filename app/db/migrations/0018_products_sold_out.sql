DROP INDEX "products_listing_name_idx";--> statement-breakpoint
DROP INDEX "products_listing_price_idx";--> statement-breakpoint
DROP INDEX "products_listing_category_name_idx";--> statement-breakpoint
DROP INDEX "products_listing_category_price_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_listing_name_idx" ON "products" USING btree ("sold_out","name","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("sold_out","price","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_listing_category_name_idx" ON "products" USING btree ("category","sold_out","name","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_listing_category_price_idx" ON "products" USING btree ("category","sold_out","price","id") WHERE "products"."in_stock";--> statement-breakpoint
-- Sold out: every size the product offers (or '' for a product without sizes) is tracked at 0,
-- the rule of stock-sql.server.ts's `soldOut`, kept in products.sold_out by the two triggers below.
CREATE FUNCTION "products_sold_out"("offered" text[], "product" text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (CASE WHEN cardinality("offered") = 0 THEN array['']::text[] ELSE "offered" END)
    <@ array(SELECT "size" FROM "product_stock" WHERE "product_id" = "product" AND "quantity" = 0)
$$;--> statement-breakpoint
CREATE FUNCTION "product_stock_sold_out"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" text := CASE WHEN TG_OP = 'DELETE' THEN OLD."product_id" ELSE NEW."product_id" END;
BEGIN
  UPDATE "products" SET "sold_out" = "products_sold_out"("sizes", "id")
   WHERE "id" = "changed" AND "sold_out" IS DISTINCT FROM "products_sold_out"("sizes", "id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_stock_sold_out" AFTER INSERT OR DELETE OR UPDATE OF "quantity" ON "product_stock" FOR EACH ROW EXECUTE FUNCTION "product_stock_sold_out"();--> statement-breakpoint
CREATE FUNCTION "products_sizes_sold_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."sold_out" := "products_sold_out"(NEW."sizes", NEW."id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_sizes_sold_out" BEFORE INSERT OR UPDATE OF "sizes" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_sizes_sold_out"();--> statement-breakpoint
UPDATE "products" SET "sold_out" = "products_sold_out"("sizes", "id");
