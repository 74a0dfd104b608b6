ALTER TABLE "subscription_renewals" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD COLUMN "checkout" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD COLUMN "payment_method_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_method_ref_key" ON "payment_methods" USING btree ("provider","method_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_customer_id_key" ON "users" USING btree ("stripe_customer_id");--> statement-breakpoint
-- Attempts written before this migration kept what they charge in their payment intent's row
-- (decision 0058): copied onto the attempt, so one still charging is finished the same way.
UPDATE "subscription_renewals" AS r
SET "amount_cents" = pi."amount_cents", "checkout" = pi."checkout", "payment_method_id" = pi."payment_method_id"
FROM "payment_intents" AS pi
WHERE pi."id" = r."payment_intent_id" AND r."checkout" IS NULL;
