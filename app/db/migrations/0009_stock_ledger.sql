CREATE TABLE "product_stock" (
	"product_id" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_product_id_size_pk" PRIMARY KEY("product_id","size"),
	CONSTRAINT "product_stock_quantity_nonnegative" CHECK ("product_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"change" integer NOT NULL,
	"units" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"order_id" uuid,
	"admin_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_units_nonnegative" CHECK ("stock_movements"."units" >= 0),
	CONSTRAINT "stock_movements_quantity_after_nonnegative" CHECK ("stock_movements"."quantity_after" >= 0),
	CONSTRAINT "stock_movements_kind_change" CHECK (("stock_movements"."kind" = 'held' and "stock_movements"."change" = -"stock_movements"."units")
       or ("stock_movements"."kind" = 'released' and "stock_movements"."change" = "stock_movements"."units")
       or ("stock_movements"."kind" = 'sold' and "stock_movements"."change" in (0, -"stock_movements"."units"))
       or ("stock_movements"."kind" = 'adjusted'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_short" jsonb;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","size","id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_stock_held_idx" ON "orders" USING btree ("stock_held_until") WHERE "orders"."stock_state" = 'held';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stock_state_valid" CHECK ("orders"."stock_state" in ('held', 'released', 'sold'));