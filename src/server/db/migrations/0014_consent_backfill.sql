-- Consent records for what the shop held before it kept them (decision 0042): each account's
-- e-mail flag, its text-message flag where it has a phone number, and each newsletter sign-up.
-- The events say where the state came from; the wording the person saw then was not recorded.
INSERT INTO "marketing_consents" ("email", "channel", "granted", "user_id", "phone_number")
SELECT lower("email"), 'email', "is_subscribed_email", "id", NULL FROM "users"
ON CONFLICT ("email", "channel") DO NOTHING;
--> statement-breakpoint
INSERT INTO "marketing_consents" ("email", "channel", "granted", "user_id", "phone_number")
SELECT lower("email"), 'sms', "is_subscribed_phone", "id", "phone_number" FROM "users"
WHERE "phone_number" IS NOT NULL AND "phone_number" <> ''
ON CONFLICT ("email", "channel") DO NOTHING;
--> statement-breakpoint
INSERT INTO "marketing_consents" ("email", "channel", "granted", "user_id", "phone_number")
SELECT lower("email"), 'email', true, NULL, NULL FROM "newsletter_subscribers"
ON CONFLICT ("email", "channel") DO NOTHING;
--> statement-breakpoint
UPDATE "users" SET "is_subscribed_phone" = false
WHERE "phone_number" IS NULL OR "phone_number" = '';
--> statement-breakpoint
INSERT INTO "consent_events" ("consent_id", "email", "channel", "granted", "source", "wording", "phone_number", "created_at")
SELECT "id", "email", "channel", "granted", 'before-records',
  'Recorded before consent records were kept: the wording shown was not recorded.', "phone_number", "updated_at"
FROM "marketing_consents";
