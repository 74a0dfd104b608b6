/**
 * The first queries at start-up (the migrations) failing for a reason the operator must fix: an
 * unreachable or refusing PostgreSQL, or a full or damaged PGlite directory. main.ts prints the one
 * line this returns instead of a stack; anything else (a bug) is not explained and keeps its stack.
 */
import type { DatabaseTarget } from './client.js';
import { explainPgliteQueryFailure } from './pglite-startup.js';

/** host:port/database of a DATABASE_URL, without user or password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    return `${host}:${parsed.port || '5432'}${database ? `/${database}` : ''}`;
  } catch {
    return 'the server in DATABASE_URL';
  }
}

function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is PostgreSQL running and listening there?)',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved (DNS)',
  ETIMEDOUT: 'no answer (timed out)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'the connection was reset',
  '28P01': 'the password was refused',
  '28000': 'the server refused this user or address (pg_hba.conf)',
  '3D000': 'that database does not exist',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'the server has no free connection slot',
};

/** One line for a PostgreSQL that cannot be reached or refuses the shop; undefined for anything else. */
export function explainPostgresFailure(error: unknown, url: string): string | undefined {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  let cause = code ? CAUSES[code] : undefined;
  if (!cause && /timeout|Connection terminated/i.test(message)) cause = `no answer (${message})`;
  if (!cause && /SSL|certificate/i.test(message)) cause = `TLS failed (${message})`;
  if (!cause) return undefined;
  return (
    `Cannot connect to PostgreSQL at ${describePostgresUrl(url)} (DATABASE_URL): ${cause}. ` +
    'Check that the server is up and reachable from this machine and that DATABASE_URL is right, then start the shop again.'
  );
}

/** The migrations' failure explained for the operator, or undefined to let it crash with its stack. */
export function explainMigrateFailure(error: unknown, target: DatabaseTarget): string | undefined {
  if (target.kind === 'postgres') return explainPostgresFailure(error, target.url);
  return target.dir ? explainPgliteQueryFailure(error, target.dir)?.message : undefined;
}
