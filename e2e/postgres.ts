/**
 * PostgreSQL for the journeys that need a server of their own: E2E_PG_ADMIN_URL is a superuser URL
 * (default: local trust auth); each test creates the databases it uses and drops them afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
}

/** Runs `work` on one connection to `url` (ADMIN_URL for the server's admin database), then closes it. */
export async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL at ADMIN_URL cannot be used, or null when it answers. */
export async function postgresUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at E2E_PG_ADMIN_URL is unreachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A new, empty database named `<prefix>_<random>` on the server of ADMIN_URL. */
export async function createDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onDatabase(ADMIN_URL, (client) => client.query(`create database "${name}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops the database even while the shop under test is still connected to it. */
export function dropDatabase(name: string): Promise<unknown> {
  return onDatabase(ADMIN_URL, (client) => client.query(`drop database if exists "${name}" with (force)`));
}
