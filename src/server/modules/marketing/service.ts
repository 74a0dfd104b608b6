/** Newsletter subscriptions and contact messages. */
import { brand } from '../../../domain/brand.js';
import { nameForEmail } from '../../../domain/email-names.js';
import type { ContactMessage } from '../../../domain/marketing.js';
import type { Database } from '../../db/client.js';
import { contactMessages, newsletterSubscribers } from '../../db/schema.js';
import { enqueueJob, type JobRunner } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { KLAVIYO_MAX_ATTEMPTS, KLAVIYO_SUBSCRIBE_JOB } from './klaviyo.js';

export interface MarketingService {
  /** Subscribes an e-mail; subscribing twice is not an error (and does not reveal anything). */
  subscribe(email: string): Promise<void>;
  /** Stores the message and queues an e-mail to the shop in the same transaction. */
  sendContactMessage(message: ContactMessage): Promise<void>;
}

export interface MarketingServiceOptions {
  db: Database;
  mailer: Mailer;
  contactEmail: string;
  /** Set when KLAVIYO_PRIVATE_KEY and KLAVIYO_LIST_ID are: new subscribers are queued for Klaviyo. */
  klaviyo?: { jobs: JobRunner };
}

/** The Klaviyo job of one newsletter sign-up: this prefix and the sign-up's id (the inbox joins on it). */
export const KLAVIYO_SUBSCRIBE_KEY_PREFIX = 'klaviyo-subscribe-';
const klaviyoSubscribeKey = (subscriberId: number) => `${KLAVIYO_SUBSCRIBE_KEY_PREFIX}${subscriberId}`;

export function createMarketingService({
  db,
  mailer,
  contactEmail,
  klaviyo,
}: MarketingServiceOptions): MarketingService {
  return {
    async subscribe(email) {
      const added = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(newsletterSubscribers)
          .values({ email })
          .onConflictDoNothing()
          .returning({ id: newsletterSubscribers.id });
        if (rows.length === 0 || !klaviyo) return false;
        await enqueueJob(tx, {
          type: KLAVIYO_SUBSCRIBE_JOB,
          payload: { email, source: 'Newsletter sign-up' },
          maxAttempts: KLAVIYO_MAX_ATTEMPTS,
          // The inbox reads the sign-up's sync state from this job (issue 17).
          dedupeKey: klaviyoSubscribeKey(rows[0]!.id),
        });
        return true;
      });
      if (added) klaviyo?.jobs.runSoon();
    },
    async sendContactMessage({ name, email, message }) {
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({ name, email, message });
        await mailer.enqueue(tx, {
          // To the shop itself, relaying what the visitor wrote (decision 0043).
          kind: 'transactional',
          to: contactEmail,
          replyTo: email,
          // The sender's name only when it reads as a name (domain/email-names.ts): the message
          // itself is quoted as sent, but the subject and first line are in the shop's voice.
          subject: `${brand.name} contact form: message from ${nameForEmail(name) ?? 'a visitor'}`,
          text: `${nameForEmail(name) ?? 'A visitor'} <${email}> wrote through the contact form:\n\n${message}\n`,
        });
      });
      mailer.deliverSoon();
    },
  };
}
