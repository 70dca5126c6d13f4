-- Every change to a cart's lines tells the shop's processes which cart it was when it commits, so
-- each may keep the carts it has read (cart-memory) and forget one the moment another process
-- changes it. Identical notifications in one transaction are folded into one.
CREATE FUNCTION "notify_cart_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('cart_changed', '');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('cart_changed', OLD.cart_id::text);
  ELSE
    PERFORM pg_notify('cart_changed', NEW.cart_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cart_lines_changed" AFTER INSERT OR UPDATE OR DELETE ON "cart_lines" FOR EACH ROW EXECUTE FUNCTION "notify_cart_changed"();--> statement-breakpoint
CREATE TRIGGER "cart_lines_truncated" AFTER TRUNCATE ON "cart_lines" FOR EACH STATEMENT EXECUTE FUNCTION "notify_cart_changed"();
