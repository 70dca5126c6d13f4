-- A refund's update (its provider's answer) kept only the columns that changed, so the trail
-- could not say how much it was about: the trigger now keeps every column named after the
-- subject's (TG_ARGV[2], [3], ...), and a refund keeps its amount and method.
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('shop.actor', true), '');
  derived text[] := ARRAY['updated_at', 'search_text', 'search_vector', 'selling_price', 'sold_out'];
  old_row jsonb;
  new_row jsonb;
  before_row jsonb;
  after_row jsonb;
  kept integer;
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
    FOR kept IN 2 .. TG_NARGS - 1 LOOP
      before_row := before_row || jsonb_build_object(TG_ARGV[kept], old_row -> TG_ARGV[kept]);
      after_row := after_row || jsonb_build_object(TG_ARGV[kept], new_row -> TG_ARGV[kept]);
    END LOOP;
  ELSE
    before_row := old_row;
    after_row := new_row;
  END IF;
  INSERT INTO audit_events (actor_id, entity, action, subject_id, before, after)
  VALUES (actor, TG_ARGV[0], lower(TG_OP), coalesce(new_row, old_row) ->> TG_ARGV[1], before_row, after_row);
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER refunds_audit ON refunds;--> statement-breakpoint
CREATE TRIGGER refunds_audit AFTER INSERT OR UPDATE ON refunds
  FOR EACH ROW EXECUTE FUNCTION audit_change('refund', 'order_id', 'amount', 'method');
