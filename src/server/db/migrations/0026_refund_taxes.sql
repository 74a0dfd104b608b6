CREATE TABLE "order_refund_taxes" (
	"refund_id" integer NOT NULL,
	"code" text NOT NULL,
	"province" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "order_refund_taxes_refund_id_code_pk" PRIMARY KEY("refund_id","code"),
	CONSTRAINT "order_refund_taxes_amount" CHECK ("order_refund_taxes"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "goods_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund_taxes" ADD CONSTRAINT "order_refund_taxes_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom: refunds made before they were split (decision 0070)
-- Each tax's part in proportion to the order's total, rounded to the cent; shipping likewise; the
-- goods take what is left, so the parts make the refund.
INSERT INTO "order_refund_taxes" ("refund_id", "code", "province", "amount_cents")
SELECT r."id", t."code", t."province", round(r."amount_cents"::numeric * t."amount_cents" / o."total_cents")::int
FROM "order_refunds" r JOIN "orders" o ON o."id" = r."order_id" JOIN "order_taxes" t ON t."order_id" = o."id"
WHERE o."total_cents" > 0;--> statement-breakpoint
UPDATE "order_refunds" r SET "shipping_cents" = round(r."amount_cents"::numeric * o."shipping_cents" / o."total_cents")::int
FROM "orders" o WHERE o."id" = r."order_id" AND o."total_cents" > 0;--> statement-breakpoint
UPDATE "order_refunds" r SET "goods_cents" = r."amount_cents" - r."shipping_cents"
  - coalesce((SELECT sum(x."amount_cents") FROM "order_refund_taxes" x WHERE x."refund_id" = r."id"), 0);
