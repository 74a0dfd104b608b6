CREATE TABLE "consent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consent_id" integer NOT NULL,
	"email" text NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"wording" text NOT NULL,
	"pre_ticked" boolean,
	"phone_number" text,
	"client_address" text,
	"token_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"user_id" integer,
	"phone_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"purpose" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_consent_id_marketing_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."marketing_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_events_token_id_key" ON "consent_events" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "consent_events_consent_id_idx" ON "consent_events" USING btree ("consent_id");--> statement-breakpoint
CREATE INDEX "consent_events_created_at_idx" ON "consent_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_email_channel_key" ON "marketing_consents" USING btree ("email","channel");--> statement-breakpoint
CREATE INDEX "marketing_consents_user_id_idx" ON "marketing_consents" USING btree ("user_id");