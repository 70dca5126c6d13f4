CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "products"."name" || ' ' || "products"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_fts_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- The vocabulary misspelt searches are matched against: every word of four letters or more in a
-- product's name or description, added whenever products are inserted or updated (words a
-- product stops using stay; they cost a suggestion that finds nothing, never a wrong result).
CREATE FUNCTION "products_add_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "changed_products", regexp_split_to_table("changed_products"."search_text", '[^[:alpha:]]+') AS w
  WHERE length(w) >= 4
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_words_on_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "changed_products" FOR EACH STATEMENT EXECUTE FUNCTION "products_add_search_words"();--> statement-breakpoint
CREATE TRIGGER "products_search_words_on_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS "changed_products" FOR EACH STATEMENT EXECUTE FUNCTION "products_add_search_words"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "products", regexp_split_to_table("products"."search_text", '[^[:alpha:]]+') AS w
WHERE length(w) >= 4
ON CONFLICT DO NOTHING;
