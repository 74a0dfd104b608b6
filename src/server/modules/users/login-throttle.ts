/**
 * The login throttle (decision 0012, redesigned in decision 0021). A wrong-password streak must
 * not lock the owner out, so failures are counted three ways within a 15-minute window:
 *
 * - per (account, client): past 10, that client gets 429 for that account, even with the right
 *   password: it is the one guessing;
 * - per client: past 30, whatever the account (one address spraying guesses over many accounts);
 * - per account, from anywhere: never refused; past 10, every attempt on the account waits a little
 *   longer (200 ms more per failure, at most 5 s) before its password is checked, which slows a
 *   guesser spread over many addresses without keeping the owner out.
 *
 * Failures are rows in the database, so every instance sees the same counts and a restart does not
 * reset them. The client is `request.ip`, which is only as good as TRUST_PROXY (config.ts).
 *
 * A wrong current password given to change the e-mail or password of a signed-in account counts the
 * same way, on the same keys (decision 0040): a stolen session is no second door for guessing.
 */
import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authFailures } from '../../db/schema.js';

export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/** Failures one client may make on one account within the window. */
export const PAIR_FAILURE_LIMIT = 10;
/** Failures one client may make on all accounts together within the window. */
export const CLIENT_FAILURE_LIMIT = 30;
/** Failures on one account, from anywhere, before its attempts are slowed. */
export const ACCOUNT_SLOWDOWN_AFTER = 10;
export const ACCOUNT_SLOWDOWN_STEP_MS = 200;
export const ACCOUNT_SLOWDOWN_MAX_MS = 5_000;

/** How long an attempt on an account waits, given the account's failures in the window. */
export function accountDelayMs(failures: number): number {
  if (failures <= ACCOUNT_SLOWDOWN_AFTER) return 0;
  return Math.min(ACCOUNT_SLOWDOWN_MAX_MS, (failures - ACCOUNT_SLOWDOWN_AFTER) * ACCOUNT_SLOWDOWN_STEP_MS);
}

const windowStart = sql`now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})`;

export interface LoginAttempt {
  /** Lower-cased e-mail as typed, whether or not an account has it. */
  email: string;
  /** The client's address (behind a proxy, the one TRUST_PROXY lets it report). */
  ip: string;
}

export const throttleKeys = ({ email, ip }: LoginAttempt) => ({
  pair: `pair:${email}|${ip}`,
  client: `client:${ip}`,
  account: `account:${email}`,
});

/** An attempt already counted as a failure until `recordSuccess` says otherwise. */
export interface ClaimedAttempt {
  /** The rows counted for this attempt, removed again if it turns out to be a success. */
  ids: number[];
  /** How long to wait before checking the password (the account is under attack). */
  delayMs: number;
}

export function createLoginThrottle(db: Database) {
  return {
    /**
     * Counts the attempt as a failure before the password is checked, then looks at the window; null
     * (and nothing counted) when this client has used up its failures on this account or overall.
     * Counting first means parallel guesses cannot all pass the check before any is recorded.
     */
    async claim(attempt: LoginAttempt): Promise<ClaimedAttempt | null> {
      const keys = throttleKeys(attempt);
      const inserted = await db
        .insert(authFailures)
        .values([keys.pair, keys.client, keys.account].map((key) => ({ key })))
        .returning({ id: authFailures.id });
      const ids = inserted.map((row) => row.id);
      const rows = await db
        .select({ key: authFailures.key, failures: count() })
        .from(authFailures)
        .where(
          and(
            inArray(authFailures.key, [keys.pair, keys.client, keys.account]),
            gt(authFailures.createdAt, windowStart),
          ),
        )
        .groupBy(authFailures.key);
      const failures = (key: string) => rows.find((row) => row.key === key)?.failures ?? 0;
      if (failures(keys.pair) > PAIR_FAILURE_LIMIT || failures(keys.client) > CLIENT_FAILURE_LIMIT) {
        await db.delete(authFailures).where(inArray(authFailures.id, ids));
        return null;
      }
      // This attempt's own row does not slow it.
      return { ids, delayMs: accountDelayMs(failures(keys.account) - 1) };
    },

    /** The claimed attempt failed: it stays counted; expired failures are forgotten. */
    async recordFailure(): Promise<void> {
      await db.delete(authFailures).where(lt(authFailures.createdAt, windowStart));
    },

    /**
     * A successful sign-in clears this client's failures on the account. The account's count from
     * elsewhere stays: the owner signing in does not make a guesser elsewhere any faster.
     */
    async recordSuccess(attempt: LoginAttempt, claimed: ClaimedAttempt): Promise<void> {
      await db
        .delete(authFailures)
        .where(or(eq(authFailures.key, throttleKeys(attempt).pair), inArray(authFailures.id, claimed.ids)));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
