/**
 * Test fixtures: a fresh database per test file (PGlite in memory by default, a new PostgreSQL
 * database created and dropped around the file when DATABASE_URL is set), each a copy of the one
 * global-setup.ts migrated, and the real app on it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { seedDemoCatalogue } from '../db/seed/index.js';
import { createImageStore } from '../modules/images/index.js';

/**
 * The DATA_DIR of test apps. Images are in the image store, not here: the seed's artwork was stored
 * once into the database every test file copies (global-setup.ts), so no test renders it again.
 */
export const TEST_DATA_DIR = join(tmpdir(), 'northbite-test-data');

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops the database (PostgreSQL). */
  destroy(): Promise<void>;
  /** PostgreSQL: the database's URL, for a connection of the test's own (to hold locks). */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    // A copy of the database migrated once by global-setup.ts.
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const handle = await openDatabase({ kind: 'pglite', snapshot });
    return { ...handle, destroy: () => handle.close() };
  }
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The production defaults (config.ts), so tests meet the same bounds.
  const handle = await openDatabase({
    kind: 'postgres',
    url: url.href,
    poolSize: 5,
    statementTimeoutMs: 5_000,
    lockTimeoutMs: 2_000,
  });
  return {
    ...handle,
    url: url.href,
    async destroy() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: TEST_DATA_DIR,
    LOG_LEVEL: 'silent',
    // Tests write the catalogue straight to the database too: the cache checks its version every read.
    CATALOG_CACHE_CHECK_MS: '0',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database, seeded with the demo catalogue unless `seed` is false. */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** Extra buildApp options, e.g. test keys standing in for Google's. */
    app?: Partial<Omit<AppOptions, 'config' | 'database'>>;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await createTestDatabase();
  const images = options.app?.images ?? createImageStore(config, database.db);
  if (options.seed !== false) await seedDemoCatalogue(database.db, images);
  const app = await buildApp({ ...options.app, config, database, images });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!options.app?.images) await images.close();
      await database.destroy();
    },
  };
}
