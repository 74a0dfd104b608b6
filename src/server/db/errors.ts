/** Recognising database errors by their SQLSTATE, whichever driver (pg or PGlite) raised them. */

function sqlState(error: unknown): string | undefined {
  // drizzle wraps driver errors (DrizzleQueryError) and keeps the original as `cause`.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique constraint refused the write (23505). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
