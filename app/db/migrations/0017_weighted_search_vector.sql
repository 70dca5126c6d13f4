ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "products"."name"), 'A') || setweight(to_tsvector('english'::regconfig, "products"."description"), 'D')) STORED NOT NULL;--> statement-breakpoint
-- Dropping the column dropped its index: made again for the new column.
CREATE INDEX "products_search_fts_idx" ON "products" USING gin ("search_vector");
