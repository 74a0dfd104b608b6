/**
 * The one way the shop sends e-mail: write it to the outbox in the caller's transaction, so the
 * message exists exactly when what caused it was committed. Delivery is the mailer's job.
 */
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

/** `deliver` is false when no mail server is configured: the e-mail is kept as `stored`. */
export async function enqueueEmail(db: Executor, email: OutgoingEmail, deliver: boolean): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: email.to,
      replyTo: email.replyTo ?? null,
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
      status: deliver ? 'pending' : 'stored',
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}
