ALTER TABLE "email_outbox" ADD COLUMN "kind" text DEFAULT 'transactional' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;