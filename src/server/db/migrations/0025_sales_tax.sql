CREATE TABLE "order_taxes" (
	"order_id" integer NOT NULL,
	"code" text NOT NULL,
	"province" text NOT NULL,
	"rate" integer NOT NULL,
	"goods_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "order_taxes_order_id_code_pk" PRIMARY KEY("order_id","code"),
	CONSTRAINT "order_taxes_amounts" CHECK ("order_taxes"."amount_cents" = "order_taxes"."goods_cents" + "order_taxes"."shipping_cents" and "order_taxes"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_known" CHECK ("products"."tax_class" in ('standard', 'zero_rated'));--> statement-breakpoint
-- custom: sales tax
-- Orders placed before taxes were kept one by one were charged GST at 5% on their products alone, in
-- British Columbia (the only province shipped to): one GST row each, its amount the order's tax.
INSERT INTO "order_taxes" ("order_id", "code", "province", "rate", "goods_cents", "shipping_cents", "amount_cents")
SELECT "id", 'GST', 'BC', 5000, "tax_cents", 0, "tax_cents" FROM "orders" WHERE "tax_cents" > 0;
