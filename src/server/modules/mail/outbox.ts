/**
 * The one way the shop sends e-mail: write it to the outbox in the caller's transaction, so the
 * message exists exactly when what caused it was committed. Delivery is the mailer's job.
 */
import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import type { Database } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export interface OutgoingEmail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
}

type Executor = Pick<Database, 'insert'>;

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
 * `deliver` is false when no mail server is configured: the e-mail is kept as `stored`. The
 * Message-ID is fixed here, once: every attempt to send this row carries the same one, so a mail
 * server or the recipient's client can tell a repeat from a new message.
 */
export async function enqueueEmail(
  db: Executor,
  email: OutgoingEmail,
  options: { deliver: boolean; domain: string },
): Promise<number> {
  const [id] = await enqueueEmails(db, [email], options);
  if (id === undefined) throw new Error('outbox insert returned nothing');
  return id;
}

/** `enqueueEmail` for several e-mails in one statement; answers their ids in the given order. */
export async function enqueueEmails(
  db: Executor,
  emails: readonly OutgoingEmail[],
  { deliver, domain }: { deliver: boolean; domain: string },
): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .insert(emailOutbox)
    .values(
      emails.map((email) => ({
        to: email.to,
        replyTo: email.replyTo ?? null,
        subject: email.subject,
        text: email.text,
        html: email.html ?? null,
        status: deliver ? 'pending' : 'stored',
        messageId: newMessageId(domain),
      })),
    )
    .returning({ id: emailOutbox.id });
  if (rows.length !== emails.length) throw new Error('outbox insert returned too few rows');
  // Ids are drawn in the order of the rows given.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
