-- Every change to what the storefront shows (products and their stock) tells the shop's
-- processes when it commits: they drop the pages and counts they keep (see catalogue-changes).
-- A notification is delivered only on commit, takes no lock and is folded per transaction; it
-- names its transaction, so a process listening on several connections counts it once.
CREATE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', txid_current()::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_stock_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_stock" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
