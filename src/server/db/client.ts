import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { tracingEnabled } from '../observability/tracing.js';
import { migrationsFolder } from '../paths.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { createPglite, ensureWritableDirectory } from './pglite-startup.js';
import { tracedPglite } from './pglite-tracing.js';
import * as schema from './schema.js';

/** One type for both drivers: services never know which engine they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback gets. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (the metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Server-side bounds per statement and per lock wait; unset: PostgreSQL's own (none). */
      statementTimeoutMs?: number;
      lockTimeoutMs?: number;
    }
  /**
   * `dir` undefined keeps the database in memory (tests); `snapshot` starts it from a data directory
   * dumped with PGlite's dumpDataDir, which skips initdb (tests start each file from a migrated one).
   */
  | { kind: 'pglite'; dir?: string; snapshot?: Blob };

// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 7_420_031;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target) : openPglite(target.dir, target.snapshot);
}

/** How long a request may wait for a free connection (a new one, or one of the pool's). */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A client-side bound past the server's statement timeout: a database that stops answering
 * altogether (frozen, or the network gone) cannot enforce its own timeout.
 */
const CLIENT_GRACE_MS = 1_000;

async function openPostgres({
  url,
  poolSize = 10,
  statementTimeoutMs,
  lockTimeoutMs,
}: Extract<DatabaseTarget, { kind: 'postgres' }>): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(statementTimeoutMs
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + CLIENT_GRACE_MS }
      : {}),
    ...(lockTimeoutMs ? { lock_timeout: lockTimeoutMs } : {}),
    // A transaction left open by a client that vanished mid-way gives its locks back.
    idle_in_transaction_session_timeout: 60_000,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one: the pool listens only while a client is idle, so a connection killed
  // in the middle of a transaction (pg_terminate_backend, a failover) would emit 'error' with nobody
  // listening, and Node would exit. The query in flight fails on its own and the request gets a 500;
  // the broken client is discarded when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      // A connection of its own, without the request timeouts: another instance may hold the
      // migration lock for as long as its migrations take.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        await client.end();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (dir) {
    ensureWritableDirectory(dir);
    lock = await lockDataDir(dir);
    if (!lock.held) {
      console.warn(`No lock on ${dir} on this system: never start two shops on one DATA_DIR.`);
    }
  }
  let client: PGlite;
  try {
    client = await createPglite({ dataDir: dir, loadDataDir: snapshot });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  // Statements in spans while traces are sent (decision 0074); pg's instrumentation does PostgreSQL's.
  const pgliteDb = drizzlePglite(tracingEnabled() ? tracedPglite(client) : client, { schema });
  const db = pgliteDb as unknown as Database;
  let closed = false;
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(pgliteDb, { migrationsFolder });
    },
    async ping() {
      if (closed) throw new Error('database is closed');
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
