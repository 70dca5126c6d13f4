CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"reference" text,
	"state" text NOT NULL,
	"failure" text,
	"admin_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_method" CHECK ("refunds"."method" in ('provider', 'hand', 'reversal')),
	CONSTRAINT "refunds_state" CHECK ("refunds"."state" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_change";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_amount" CHECK ("orders"."refunded" >= 0 and "orders"."refunded" <= "orders"."amount");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_change" CHECK (("stock_movements"."kind" = 'held' and "stock_movements"."change" = -"stock_movements"."units")
       or ("stock_movements"."kind" = 'released' and "stock_movements"."change" = "stock_movements"."units")
       or ("stock_movements"."kind" = 'sold' and "stock_movements"."change" in (0, -"stock_movements"."units"))
       or ("stock_movements"."kind" = 'returned' and "stock_movements"."change" = "stock_movements"."units")
       or ("stock_movements"."kind" = 'adjusted'));--> statement-breakpoint
-- Payments the provider reversed before refunds were recorded: each is money given back in full.
INSERT INTO "refunds" ("order_id", "amount", "reason", "method", "provider", "state", "created_at", "updated_at")
  SELECT "id", "amount", 'Payment reversed by the provider', 'reversal', "payment_provider", 'done', "payment_reversed_at", "payment_reversed_at"
    FROM "orders" WHERE "payment_reversed_at" IS NOT NULL AND "amount" > 0;--> statement-breakpoint
UPDATE "orders" SET "refunded" = "amount" WHERE "payment_reversed_at" IS NOT NULL;
