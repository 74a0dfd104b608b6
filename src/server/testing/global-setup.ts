/**
 * Runs once before the API tests: migrates one database and keeps it as the starting point of every
 * test file, so each file copies a migrated database instead of creating and migrating its own.
 *
 * - PGlite (the default): the migrated data directory is dumped to a file; createTestDatabase loads
 *   it, which skips initdb (about 0.3 s instead of 2 s per file).
 * - PostgreSQL (DATABASE_URL set): a migrated template database; createTestDatabase creates each
 *   file's database from it with CREATE DATABASE ... TEMPLATE, and the template is dropped at the end.
 *
 * The migrations themselves still run here on every test run, and the browser journeys start the
 * built shop on empty databases, which migrates them the way production does.
 *
 * The demo catalogue's artwork and nutrition panels are stored into that database here too (image
 * store rows, decision 0030): rendering them takes seconds, and every file would otherwise do it
 * again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/client.js';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions.js';
import * as schema from '../db/schema.js';
import { ensureDemoImages } from '../db/seed/index.js';
import { createDatabaseImageStore } from '../modules/images/database-store.js';
import { migrationsFolder } from '../paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the migrated data directory dump. */
    pgliteSnapshot: string;
    /** PostgreSQL: name of the migrated template database. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    let dump: Blob;
    try {
      const db = drizzlePglite(client, { schema });
      await migratePglite(db, { migrationsFolder });
      await ensureDemoImages(createDatabaseImageStore(db as unknown as Database));
      dump = await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
    const dir = mkdtempSync(join(tmpdir(), 'northbite-test-snapshot-'));
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    project.provide('postgresTemplate', '');
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  // Random, not the pid: runs in two containers on one server may share a pid.
  const template = `shop_test_template_${randomBytes(6).toString('hex')}`;
  const dropTemplate = () => adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
  await adminQuery(adminUrl, `create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  try {
    const handle = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 1 });
    try {
      await handle.migrate();
      await ensureDemoImages(createDatabaseImageStore(handle.db));
    } finally {
      // A template cannot be copied while anyone is connected to it.
      await handle.close();
    }
  } catch (error) {
    await dropTemplate();
    throw error;
  }
  project.provide('pgliteSnapshot', '');
  project.provide('postgresTemplate', template);
  return dropTemplate;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
