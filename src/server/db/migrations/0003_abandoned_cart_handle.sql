ALTER TABLE "abandoned_carts" ADD COLUMN "handle_hash" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_handle_hash_unique" UNIQUE("handle_hash");