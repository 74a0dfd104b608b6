/**
 * Server-side sessions. The browser holds a random 256-bit token; the database keeps only its SHA-256,
 * so a leaked database does not yield usable tokens. A session ends on logout, on expiry
 * (SESSION_TTL_DAYS), and for all of a user's devices at once when their password or admin rights
 * change or the account is deleted.
 *
 * A session started by a cart restore link is of the kind 'restore': it may shop and pay, but not
 * take account-security actions (decision 0040), which the access check refuses (http/audience.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { SECRET_TOKEN_PATTERN } from '../../../domain/accounts.js';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import type { SessionKind, Viewer } from '../../http/viewer.js';

type Executor = Pick<Database, 'delete' | 'update'>;

// Refreshing last_seen_at on every request would turn reads into writes; once an hour is plenty.
const LAST_SEEN_PRECISION_MS = 60 * 60 * 1000;

/** A new secret for a session or an e-mailed link: 256 random bits, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

/** What is stored of a secret: its SHA-256, so a leaked database yields nothing usable. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `revokeAlso` voids, with a user's sessions, what could start a new one: the cart restore links
 * (abandoned-carts/records.ts; given by app.ts, so accounts need not import the carts module).
 */
export function createSessionStore(
  db: Database,
  ttlDays: number,
  revokeAlso: (executor: Executor, userId: number) => Promise<void> = async () => {},
) {
  const ttlMs = ttlDays * 24 * 60 * 60 * 1000;
  // Every signed-in request asks this: built once, and a named statement on PostgreSQL (parsed and
  // planned once per connection).
  const liveSession = db
    .select({
      id: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      isAdmin: users.isAdmin,
      lastSeenAt: sessions.lastSeenAt,
      kind: sessions.kind,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_viewer');

  return {
    /**
     * Starts a session and returns its token (shown to the client once, never stored); `kind` is
     * 'restore' only for a cart restore link.
     */
    async create(
      userId: number,
      userAgent?: string,
      executor: Pick<Database, 'insert'> = db,
      kind: SessionKind = 'full',
    ): Promise<string> {
      const token = newToken();
      await executor.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + ttlMs),
        userAgent: userAgent?.slice(0, 300) ?? null,
        kind,
      });
      return token;
    },

    /** The user of a live session, or null for an unknown, ended or expired token. */
    async resolve(token: string): Promise<Viewer | null> {
      if (!SECRET_TOKEN_PATTERN.test(token)) return null;
      const tokenHash = hashToken(token);
      const [row] = await liveSession.execute({ tokenHash });
      if (!row) return null;
      if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
        await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
      }
      return {
        id: row.id,
        email: row.email,
        emailVerified: row.emailVerifiedAt !== null,
        isAdmin: row.isAdmin,
        tokenHash,
        sessionKind: row.kind,
      };
    },

    /** Ends one session. */
    async revoke(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /**
     * Ends every session of a user (inside the caller's transaction when given one), and voids their
     * cart restore links, which would otherwise start a new one.
     */
    async revokeAll(userId: number, executor: Executor = db): Promise<void> {
      await executor.delete(sessions).where(eq(sessions.userId, userId));
      await revokeAlso(executor, userId);
    },

    /** Removes a user's expired sessions; called at sign-in so the table does not grow forever. */
    async pruneExpired(userId: number): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
