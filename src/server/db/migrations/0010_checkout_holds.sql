ALTER TABLE "payment_intents" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "payment_intents_client_address_idx" ON "payment_intents" USING btree ("client_address");