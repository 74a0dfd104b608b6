/** Newsletter subscriptions and contact messages. */
import { sql } from 'drizzle-orm';
import { brand } from '../../../domain/brand.js';
import type { ContactMessage } from '../../../domain/marketing.js';
import type { Database } from '../../db/client.js';
import { contactMessages, newsletterSubscribers } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';

export interface MarketingService {
  /** Subscribes an e-mail; subscribing twice is not an error (and does not reveal anything). */
  subscribe(email: string): Promise<void>;
  /** Stores the message and queues an e-mail to the shop in the same transaction. */
  sendContactMessage(message: ContactMessage): Promise<void>;
}

export function createMarketingService(db: Database, mailer: Mailer, contactEmail: string): MarketingService {
  return {
    async subscribe(email) {
      await db.execute(
        sql`insert into ${newsletterSubscribers} (email) values (${email}) on conflict ((lower(email))) do nothing`,
      );
    },
    async sendContactMessage({ name, email, message }) {
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({ name, email, message });
        await mailer.enqueue(tx, {
          to: contactEmail,
          replyTo: email,
          subject: `${brand.name} contact form: message from ${name}`,
          text: `${name} <${email}> wrote through the contact form:\n\n${message}\n`,
        });
      });
      mailer.deliverSoon();
    },
  };
}
