/** Recognising database errors by their SQLSTATE, whichever driver (pg or PGlite) raised them. */

/** The error and its causes, outermost first (drizzle wraps driver errors and keeps them as `cause`). */
function* causeChain(error: unknown): Generator<{ code?: unknown; message?: unknown; cause?: unknown }> {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    yield current as { code?: unknown; message?: unknown; cause?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of an error or of one of its causes. */
export function sqlState(error: unknown): string | undefined {
  for (const { code } of causeChain(error)) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique constraint refused the write (23505). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/**
 * SQLSTATEs that say the database cannot do the work now, not that the request was wrong:
 * connection exceptions (08), insufficient resources such as a full disk (53), the server shutting
 * down or starting (57P01-57P03), a statement or lock timeout (57014, 55P03), a database set read-only
 * (25006), and I/O errors (58030).
 */
const UNAVAILABLE_STATES = /^(08...|53...|57P0[123]|57014|55P03|25006|58030)$/;
/** Socket errors of a database that went away, from node-postgres. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and PGlite say these in words only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'PGlite is closed',
  'database is closed',
  'Client was closed',
  'Cannot use a pool after calling end on the pool',
  // 55000, in general a wrong object state; at connection time, a database closed to connections.
  'is not currently accepting connections',
];

/**
 * The database cannot be reached or cannot take the work right now (an outage, a timeout, a full
 * disk): the request may succeed later, so it is answered 503 with Retry-After rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causeChain(error)) {
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.includes(words))) {
      return true;
    }
  }
  return false;
}

/** A short, stable name for a database failure, for logging repeats once (http/repeated-log.ts). */
export function databaseFailureKind(error: unknown): string {
  for (const { code, message, cause } of causeChain(error)) {
    if (typeof code === 'string' && code.length > 0) return code;
    if (typeof message === 'string' && !cause) return message.slice(0, 80);
  }
  return 'unknown';
}
