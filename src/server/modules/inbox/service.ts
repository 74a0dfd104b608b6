/**
 * The admin's inbox: contact messages (newest first, read or unread) and newsletter sign-ups (with
 * their confirmation status and Klaviyo sync state), each paged and searchable by e-mail.
 */
import { count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import { NotFoundError } from '../../../domain/errors.js';
import type { ContactMessage, InboxQuery, KlaviyoSync, NewsletterSignup } from '../../../domain/inbox.js';
import { NEWSLETTER_STATUSES, type NewsletterStatus } from '../../../domain/newsletter.js';
import type { Database } from '../../db/client.js';
import { contactMessages, jobs, newsletterSubscribers } from '../../db/schema.js';
import { KLAVIYO_CONSENT_KEY_PREFIX } from '../consent/klaviyo-consent.js';

export const MESSAGE_NOT_FOUND = 'Message not found';

/** `q` as a case-insensitive 'contains' pattern, with % and _ taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toMessage = (row: typeof contactMessages.$inferSelect): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  read_at: row.readAt?.toISOString() ?? null,
});

/** A status written by a later build reads as pending: it is not known to be confirmed. */
const statusOf = (status: string): NewsletterStatus =>
  (NEWSLETTER_STATUSES as readonly string[]).includes(status) ? (status as NewsletterStatus) : 'pending';

export function createInboxService(db: Database) {
  return {
    async messages(query: InboxQuery): Promise<{ items: ContactMessage[]; total: number; unread: number }> {
      const where = query.q ? ilike(contactMessages.email, contains(query.q)) : undefined;
      const [[totals], rows] = await Promise.all([
        db
          .select({
            total: count(),
            unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)::int`,
          })
          .from(contactMessages)
          .where(where),
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
      ]);
      return { items: rows.map(toMessage), total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
    },

    async markRead(id: number, read: boolean): Promise<ContactMessage> {
      const [row] = await db
        .update(contactMessages)
        .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
        .where(eq(contactMessages.id, id))
        .returning();
      if (!row) throw new NotFoundError(MESSAGE_NOT_FOUND);
      return toMessage(row);
    },

    /** Unread messages, for the tab's badge. */
    async unreadCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contactMessages)
        .where(isNull(contactMessages.readAt));
      return row?.n ?? 0;
    },

    async signups(query: InboxQuery): Promise<{ items: NewsletterSignup[]; total: number }> {
      const where = query.q ? ilike(newsletterSubscribers.email, contains(query.q)) : undefined;
      const [[totals], rows] = await Promise.all([
        db.select({ total: count() }).from(newsletterSubscribers).where(where),
        db
          .select({
            id: newsletterSubscribers.id,
            email: newsletterSubscribers.email,
            source: newsletterSubscribers.source,
            createdAt: newsletterSubscribers.createdAt,
            status: newsletterSubscribers.status,
            completedAt: jobs.completedAt,
            attempts: jobs.attempts,
            maxAttempts: jobs.maxAttempts,
            jobId: jobs.id,
          })
          .from(newsletterSubscribers)
          // Klaviyo follows the address's consent record, not the sign-up (decision 0042): the job
          // of the address's latest e-mail consent change says whether Klaviyo has caught up.
          .leftJoin(
            jobs,
            eq(
              jobs.dedupeKey,
              sql`${KLAVIYO_CONSENT_KEY_PREFIX}::text || (
                select max(e.id) from consent_events e
                join marketing_consents c on c.id = e.consent_id
                where c.email = lower(${newsletterSubscribers.email}) and c.channel = 'email'
              )::text`,
            ),
          )
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
      ]);
      const sync = (row: (typeof rows)[number]): KlaviyoSync => {
        if (row.jobId === null) return null;
        if (row.completedAt) return 'synced';
        return (row.attempts ?? 0) >= (row.maxAttempts ?? 1) ? 'failed' : 'pending';
      };
      return {
        items: rows.map((row) => ({
          id: row.id,
          email: row.email,
          source: row.source,
          created_at: row.createdAt.toISOString(),
          status: statusOf(row.status),
          klaviyo: sync(row),
        })),
        total: totals?.total ?? 0,
      };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
