/**
 * Logs a failure that repeats once per window, with a count, instead of once per request: during a
 * database outage every request fails the same way, and a stack per request filled 40 MB in 25 s.
 */
import type { FastifyBaseLogger } from 'fastify';

/** A repeat of the same failure is logged again at most this often. */
export const REPEAT_WINDOW_MS = 60_000;

export interface RepeatedLog {
  /** Logs `error` if its kind was not logged within the window; otherwise counts it. */
  failure(kind: string, error: unknown, message: string): void;
  /** The database answered again: logs, per kind, how many failures were counted since. */
  recovered(): void;
}

export function createRepeatedLog(log: FastifyBaseLogger, now = () => Date.now()): RepeatedLog {
  const seen = new Map<string, { loggedAt: number; suppressed: number; message: string }>();
  return {
    failure(kind, error, message) {
      const entry = seen.get(kind);
      const at = now();
      if (entry && at - entry.loggedAt < REPEAT_WINDOW_MS) {
        entry.suppressed++;
        return;
      }
      // The first of a run gets the stack; later reminders only the count and the cause.
      log.error(
        entry
          ? { kind, repeated: entry.suppressed + 1, cause: (error as Error)?.message }
          : { kind, err: error },
        entry ? `${message} (still failing)` : message,
      );
      seen.set(kind, { loggedAt: at, suppressed: 0, message });
    },
    recovered() {
      for (const [kind, entry] of seen) {
        log.warn({ kind, repeated: entry.suppressed }, `${entry.message}: recovered`);
      }
      seen.clear();
    },
  };
}
