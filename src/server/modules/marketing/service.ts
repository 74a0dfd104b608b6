/** Newsletter subscriptions (double opt-in, decision 0042) and contact messages. */
import { and, eq, gt, sql } from 'drizzle-orm';
import { brand } from '../../../domain/brand.js';
import { CONSENT_WORDING } from '../../../domain/consent.js';
import { nameForEmail } from '../../../domain/email-names.js';
import { InvalidError } from '../../../domain/errors.js';
import type { ContactMessage } from '../../../domain/marketing.js';
import { messages } from '../../../domain/messages.js';
import { NEWSLETTER_CONFIRM_DAYS, NEWSLETTER_LINKS_PER_DAY } from '../../../domain/newsletter.js';
import type { Database } from '../../db/client.js';
import { contactMessages, emailOutbox, newsletterSubscribers, users } from '../../db/schema.js';
import type { ConsentService } from '../consent/service.js';
import type { Mailer } from '../mail/mailer.js';
import { hashToken, newToken } from '../users/sessions.js';
import { NEWSLETTER_CONFIRM_SUBJECT, newsletterConfirmEmail } from './newsletter-email.js';

export interface MarketingService {
  /**
   * A sign-up from the banner: written `pending` and sent a confirmation link, unless the address is
   * confirmed already or has had its day's links. The caller's answer is the same in every case.
   */
  subscribe(email: string): Promise<void>;
  /**
   * Follows a confirmation link: the sign-up is confirmed and the address's consent recorded, so
   * Klaviyo may have it. Throws InvalidError naming the problem when the link is expired, used,
   * replaced or forged; then nothing changes.
   */
  confirm(token: string, via: { clientAddress: string | null }): Promise<{ email: string }>;
  /** Stores the message and queues an e-mail to the shop in the same transaction. */
  sendContactMessage(message: ContactMessage): Promise<void>;
}

export interface MarketingServiceOptions {
  db: Database;
  mailer: Mailer;
  contactEmail: string;
  publicUrl: string;
  consent: Pick<ConsentService, 'record' | 'syncSoon'>;
}

const normalise = (email: string) => email.trim().toLowerCase();

export function createMarketingService({
  db,
  mailer,
  contactEmail,
  publicUrl,
  consent,
}: MarketingServiceOptions): MarketingService {
  return {
    async subscribe(rawEmail) {
      const email = normalise(rawEmail);
      const sent = await db.transaction(async (tx) => {
        // Every insert says `pending`: the column's default stands for sign-ups from before double
        // opt-in. The row is then locked, so two sign-ups of one address count their e-mails in turn.
        await tx.insert(newsletterSubscribers).values({ email, status: 'pending' }).onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(newsletterSubscribers)
          .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
          .for('update');
        if (!row || row.status === 'confirmed') return false;
        const [recent] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(
            and(
              eq(emailOutbox.to, email),
              eq(emailOutbox.subject, NEWSLETTER_CONFIRM_SUBJECT),
              gt(emailOutbox.createdAt, sql`now() - interval '1 day'`),
            ),
          );
        if ((recent?.n ?? 0) >= NEWSLETTER_LINKS_PER_DAY) return false;
        const token = newToken();
        // A new link replaces the one before (only its hash is kept), and the sign-up counts from
        // now: the link's week and the pruning of unconfirmed sign-ups both start here. An address
        // that had unsubscribed asks again, and waits for its owner like a new one.
        await tx
          .update(newsletterSubscribers)
          .set({ status: 'pending', confirmTokenHash: hashToken(token), createdAt: sql`now()` })
          .where(eq(newsletterSubscribers.id, row.id));
        await mailer.enqueue(
          tx,
          newsletterConfirmEmail({ to: email, link: `${publicUrl}/newsletter/confirm?token=${token}` }),
        );
        return true;
      });
      if (sent) mailer.deliverSoon();
    },

    async confirm(token, { clientAddress }) {
      const tokenHash = hashToken(token);
      const email = await db.transaction(async (tx) => {
        // One conditional UPDATE: two tabs following the same link cannot both confirm.
        const [row] = await tx
          .update(newsletterSubscribers)
          .set({ status: 'confirmed', confirmTokenHash: null, confirmedAt: sql`now()` })
          .where(
            and(
              eq(newsletterSubscribers.confirmTokenHash, tokenHash),
              eq(newsletterSubscribers.status, 'pending'),
              gt(
                newsletterSubscribers.createdAt,
                sql`now() - ${`${NEWSLETTER_CONFIRM_DAYS} days`}::interval`,
              ),
            ),
          )
          .returning({ email: newsletterSubscribers.email });
        if (!row) {
          const [expired] = await tx
            .select({ id: newsletterSubscribers.id })
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.confirmTokenHash, tokenHash));
          throw new InvalidError(expired ? messages.newsletterLinkExpired : messages.newsletterLinkInvalid);
        }
        const address = normalise(row.email);
        const [account] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${address}`);
        await consent.record(tx, {
          email: address,
          channel: 'email',
          granted: true,
          source: 'newsletter',
          wording: CONSENT_WORDING.newsletter,
          clientAddress,
          userId: account?.id ?? null,
        });
        return address;
      });
      consent.syncSoon();
      return { email };
    },

    async sendContactMessage({ name, email, message }) {
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({ name, email, message });
        await mailer.enqueue(tx, {
          // To the shop itself, relaying what the visitor wrote (decision 0044).
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
