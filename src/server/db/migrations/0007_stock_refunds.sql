CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"requested_by" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_cents" > 0),
	CONSTRAINT "order_refunds_status_check" CHECK ("order_refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"intent_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"counted" boolean NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_intent_id_product_id_pk" PRIMARY KEY("intent_id","product_id"),
	CONSTRAINT "stock_reservations_quantity_positive" CHECK ("stock_reservations"."quantity" > 0),
	CONSTRAINT "stock_reservations_status_check" CHECK ("stock_reservations"."status" in ('held', 'taken', 'released'))
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_idempotency_key" ON "order_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "order_refunds_order_id_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_reservations_held_idx" ON "stock_reservations" USING btree ("product_id") WHERE "stock_reservations"."status" = 'held';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_non_negative" CHECK ("products"."stock" >= 0);--> statement-breakpoint
-- Refunds sent before refunds had their own table: a customer's cancellation queued one job per
-- order, keyed 'refund-order-<id>'. Each becomes that order's refund record, with the same key, so the
-- job (still retrying, or done) and the provider's idempotency key keep matching it.
INSERT INTO "order_refunds" ("order_id", "amount_cents", "reason", "status", "idempotency_key", "requested_by", "created_at", "updated_at")
SELECT o."id", o."total_cents", 'Canceled by the customer',
  CASE WHEN j."completed_at" IS NOT NULL AND j."last_error" IS NULL THEN 'succeeded' ELSE 'pending' END,
  j."dedupe_key", o."user_id", j."created_at", coalesce(j."completed_at", j."created_at")
FROM "orders" o JOIN "jobs" j ON j."dedupe_key" = 'refund-order-' || o."id"
WHERE o."total_cents" > 0;--> statement-breakpoint
UPDATE "orders" SET "is_paid" = false, "updated_at" = now()
WHERE "id" IN (SELECT "order_id" FROM "order_refunds" WHERE "status" = 'succeeded');
