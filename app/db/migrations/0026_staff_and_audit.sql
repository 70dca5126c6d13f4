CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "user" ALTER COLUMN "role" SET DEFAULT 'staff';--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "impersonated_by" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "ban_expires" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("entity","subject_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at");--> statement-breakpoint
-- The accounts that existed before roles ran the whole shop: they are its owners.
UPDATE "user" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
-- Writes a change to audit_events when the transaction names its actor (acting-as.server.ts):
-- TG_ARGV is the entity, the column naming its subject, and optionally a column always kept
-- (a stock row's size). An update keeps only the columns that changed, and none that the
-- database derives itself; an update that changed nothing else writes nothing.
CREATE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('shop.actor', true), '');
  derived text[] := ARRAY['updated_at', 'search_text', 'search_vector', 'selling_price', 'sold_out'];
  old_row jsonb;
  new_row jsonb;
  before_row jsonb;
  after_row jsonb;
BEGIN
  IF actor IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - derived; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - derived; END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
      INTO before_row, after_row
      FROM jsonb_each(old_row) o
      WHERE o.value IS DISTINCT FROM new_row -> o.key;
    IF before_row IS NULL THEN RETURN NULL; END IF;
    IF TG_NARGS > 2 THEN
      before_row := before_row || jsonb_build_object(TG_ARGV[2], old_row -> TG_ARGV[2]);
      after_row := after_row || jsonb_build_object(TG_ARGV[2], new_row -> TG_ARGV[2]);
    END IF;
  ELSE
    before_row := old_row;
    after_row := new_row;
  END IF;
  INSERT INTO audit_events (actor_id, entity, action, subject_id, before, after)
  VALUES (actor, TG_ARGV[0], lower(TG_OP), coalesce(new_row, old_row) ->> TG_ARGV[1], before_row, after_row);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_audit AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION audit_change('product', 'id', 'name');--> statement-breakpoint
CREATE TRIGGER product_stock_audit AFTER INSERT OR UPDATE OR DELETE ON product_stock
  FOR EACH ROW EXECUTE FUNCTION audit_change('stock', 'product_id', 'size');--> statement-breakpoint
CREATE TRIGGER orders_audit AFTER UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION audit_change('order', 'id');--> statement-breakpoint
CREATE TRIGGER refunds_audit AFTER INSERT OR UPDATE ON refunds
  FOR EACH ROW EXECUTE FUNCTION audit_change('refund', 'order_id');--> statement-breakpoint
CREATE TRIGGER discount_codes_audit AFTER INSERT OR UPDATE OR DELETE ON discount_codes
  FOR EACH ROW EXECUTE FUNCTION audit_change('code', 'code');--> statement-breakpoint
CREATE TRIGGER user_audit AFTER INSERT OR UPDATE ON "user"
  FOR EACH ROW EXECUTE FUNCTION audit_change('account', 'id', 'email');
