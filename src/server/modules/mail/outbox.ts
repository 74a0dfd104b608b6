/**
 * The one way the shop sends e-mail: write it to the outbox in the caller's transaction, so the
 * message exists exactly when what caused it was committed. Delivery is the mailer's job.
 *
 * Every e-mail is transactional or commercial, chosen here by its type (decision 0044): CASL asks
 * a commercial electronic message for the recipient's consent, the sender's name, mailing address
 * and contact details, and an unsubscribe mechanism. This file is where that is enforced for all
 * of them: a commercial e-mail is written only while its address has granted e-mail consent, gets
 * the List-Unsubscribe headers (RFC 2369, one click by RFC 8058), and its footer carries the
 * unsubscribe link. Every e-mail's footer carries the sender's name, address and contact e-mail.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import { ONE_CLICK_UNSUBSCRIBE, type OutboxHeadersInput } from '../../../domain/stored/outbox-headers.js';
import type { Database } from '../../db/client.js';
import { emailOutbox, marketingConsents } from '../../db/schema.js';
import { withFooter, type Sender } from './layout.js';

/** What every e-mail has, whatever its kind. */
interface EmailContent {
  to: string;
  replyTo?: string;
  subject: string;
  /** The plain-text body; the outbox adds the sender's footer (layout.ts). */
  text: string;
  /** An HTML document; the outbox puts the footer in `brandedHtml`'s slot, else before </body>. */
  html?: string;
}

/**
 * About something the person did or has with the shop, sent whatever their marketing consent
 * (CASL s. 6(6)): order confirmations and status, refunds, account links and notices, and e-mails
 * to the shop itself (contact-form relay, order alerts).
 */
export interface TransactionalEmail extends EmailContent {
  kind: 'transactional';
  unsubscribeUrl?: never;
}

/**
 * Anything that encourages buying (the abandoned-cart reminder, newsletters, offers): written only
 * to an address with e-mail consent, and carrying an unsubscribe link that works in one click.
 */
export interface CommercialEmail extends EmailContent {
  kind: 'commercial';
  /** Opens the unsubscribe page, and takes a one-click POST (RFC 8058) when it is https. */
  unsubscribeUrl: string;
}

export type OutgoingEmail = TransactionalEmail | CommercialEmail;

type Executor = Pick<Database, 'insert' | 'select'>;

export interface EnqueueOptions {
  /** False when no mail server is configured: the e-mail is kept as `stored`. */
  deliver: boolean;
  /** For Message-IDs. */
  domain: string;
  /** Whose name, address and contact e-mail every footer carries. */
  sender: Sender;
}

/** The domain of the sender's address (`Shop <orders@shop.ca>` gives `shop.ca`), for Message-IDs. */
export function messageIdDomain(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  const at = first?.address.lastIndexOf('@') ?? -1;
  const domain = at >= 0 ? first!.address.slice(at + 1).toLowerCase() : '';
  return /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

/** A Message-ID of its own for one e-mail: `<uuid@domain>`. */
export const newMessageId = (domain: string) => `<${randomUUID()}@${domain}>`;

/**
 * The headers of a commercial e-mail. Mail clients show an unsubscribe button from
 * List-Unsubscribe; with List-Unsubscribe-Post they unsubscribe with one POST and no page (RFC
 * 8058, which allows it only for an https URI). Gmail and Yahoo ask bulk senders for both. Stored
 * with the e-mail, and parsed by the mailer when it sends it (src/domain/stored/outbox-headers.ts).
 */
export function unsubscribeHeaders(unsubscribeUrl: string): OutboxHeadersInput {
  const url = new URL(unsubscribeUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`an unsubscribe URL must be http(s), not ${url.protocol}`);
  }
  // `href` is percent-encoded: no space, "<", ">" or line break can leave the angle brackets.
  return {
    'List-Unsubscribe': `<${url.href}>`,
    ...(url.protocol === 'https:' ? { 'List-Unsubscribe-Post': ONE_CLICK_UNSUBSCRIBE } : {}),
  };
}

/**
 * The addresses among `emails` that may get commercial e-mail: those whose e-mail consent is
 * granted. The rows are read FOR SHARE in the caller's transaction, so a withdrawal waits for it to
 * commit, and an e-mail written here is one the mailer's own check then sees (mailer.ts).
 */
async function consentedAddresses(db: Executor, emails: readonly OutgoingEmail[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.filter((e) => e.kind === 'commercial').map((e) => e.to.toLowerCase()))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ email: marketingConsents.email })
    .from(marketingConsents)
    .where(
      and(
        inArray(marketingConsents.email, wanted),
        eq(marketingConsents.channel, 'email'),
        eq(marketingConsents.granted, true),
      ),
    )
    .for('share');
  return new Set(rows.map((row) => row.email));
}

/**
 * Writes one e-mail; answers its id, or null for a commercial e-mail whose address has not granted
 * e-mail consent (nothing is written then). The Message-ID is fixed here, once: every attempt to
 * send this row carries the same one, so a mail server or the recipient's client can tell a repeat
 * from a new message.
 */
export async function enqueueEmail(
  db: Executor,
  email: TransactionalEmail,
  options: EnqueueOptions,
): Promise<number>;
export async function enqueueEmail(
  db: Executor,
  email: OutgoingEmail,
  options: EnqueueOptions,
): Promise<number | null>;
export async function enqueueEmail(db: Executor, email: OutgoingEmail, options: EnqueueOptions) {
  const [id] = await enqueueEmails(db, [email], options);
  if (id === undefined) throw new Error('outbox insert returned nothing');
  return id;
}

/**
 * `enqueueEmail` for several e-mails in one statement; answers their ids in the given order, null
 * for each commercial e-mail left out for want of consent.
 */
export async function enqueueEmails(
  db: Executor,
  emails: readonly TransactionalEmail[],
  options: EnqueueOptions,
): Promise<number[]>;
export async function enqueueEmails(
  db: Executor,
  emails: readonly OutgoingEmail[],
  options: EnqueueOptions,
): Promise<(number | null)[]>;
export async function enqueueEmails(
  db: Executor,
  emails: readonly OutgoingEmail[],
  { deliver, domain, sender }: EnqueueOptions,
): Promise<(number | null)[]> {
  if (emails.length === 0) return [];
  const consented = await consentedAddresses(db, emails);
  const allowed = emails.filter(
    (email) => email.kind === 'transactional' || consented.has(email.to.toLowerCase()),
  );
  const ids: number[] = [];
  if (allowed.length > 0) {
    const rows = await db
      .insert(emailOutbox)
      .values(
        allowed.map((email) => {
          const { text, html } = withFooter(email, sender);
          return {
            to: email.to,
            replyTo: email.replyTo ?? null,
            subject: email.subject,
            text,
            html,
            kind: email.kind,
            headers: email.kind === 'commercial' ? unsubscribeHeaders(email.unsubscribeUrl) : null,
            status: deliver ? 'pending' : 'stored',
            messageId: newMessageId(domain),
          };
        }),
      )
      .returning({ id: emailOutbox.id });
    if (rows.length !== allowed.length) throw new Error('outbox insert returned too few rows');
    // Ids are drawn in the order of the rows given.
    ids.push(...rows.map((row) => row.id).sort((a, b) => a - b));
  }
  let next = 0;
  return emails.map((email) => (allowed.includes(email) ? ids[next++]! : null));
}
