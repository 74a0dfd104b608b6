/**
 * The login throttle (issue 5): more than 10 failed sign-ins for one account, or from one client,
 * within 15 minutes are answered 429 until the window has moved on. Failures are rows in the
 * database, so all instances share the count and a restart does not reset it.
 */
import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authFailures } from '../../db/schema.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

const windowStart = sql`now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})`;

export interface LoginAttempt {
  /** Lower-cased e-mail as typed, whether or not an account has it. */
  email: string;
  /** The client's address (behind a proxy, the one it reports when TRUST_PROXY is set). */
  ip: string;
}

const keysOf = ({ email, ip }: LoginAttempt) => [`account:${email}`, `client:${ip}`];

/** An attempt already counted as a failure until `recordSuccess` says otherwise. */
export interface ClaimedAttempt {
  /** The rows counted for this attempt, removed again if it turns out to be a success. */
  ids: number[];
}

export function createLoginThrottle(db: Database) {
  return {
    /**
     * Counts the attempt as a failure before the password is checked, then looks at the window; null
     * (and nothing counted) when the account or the client has used up its failures. Counting first
     * means parallel guesses cannot all pass the check before any of them is recorded.
     */
    async claim(attempt: LoginAttempt): Promise<ClaimedAttempt | null> {
      const inserted = await db
        .insert(authFailures)
        .values(keysOf(attempt).map((key) => ({ key })))
        .returning({ id: authFailures.id });
      const ids = inserted.map((row) => row.id);
      const rows = await db
        .select({ key: authFailures.key, failures: count() })
        .from(authFailures)
        .where(and(inArray(authFailures.key, keysOf(attempt)), gt(authFailures.createdAt, windowStart)))
        .groupBy(authFailures.key);
      if (rows.some((row) => row.failures > LOGIN_FAILURE_LIMIT)) {
        await db.delete(authFailures).where(inArray(authFailures.id, ids));
        return null;
      }
      return { ids };
    },

    /** The claimed attempt failed: it stays counted; expired failures are forgotten. */
    async recordFailure(): Promise<void> {
      await db.delete(authFailures).where(lt(authFailures.createdAt, windowStart));
    },

    /** A successful sign-in clears the account's failures (not the client's earlier ones). */
    async recordSuccess(attempt: LoginAttempt, claimed: ClaimedAttempt): Promise<void> {
      await db
        .delete(authFailures)
        .where(or(eq(authFailures.key, `account:${attempt.email}`), inArray(authFailures.id, claimed.ids)));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
