/**
 * `npm run db:check` (check-cli.ts) as a process, on a real migrated PGlite directory with rows in
 * `categories`: sound, then with bytes overwritten in the middle of an index file and of a table file
 * (PGlite stopped, as after a disk error), then with the shop's lock held, then with pg_control gone.
 * The damage must be found and named, with the check running to its end (the summary line) and no
 * stack: a crash would also exit non-zero, so the exit code alone proves nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, rmSync, closeSync, writeSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';

/** These are about the embedded database's files: they run once, in the PGlite pass of `npm test`. */
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

const CLI = fileURLToPath(new URL('./check-cli.ts', import.meta.url));
const HOLDER = fileURLToPath(new URL('../testing/lock-holder.ts', import.meta.url));

let root: string;
let pristine: string;
/** Files of the relations damaged below, relative to the data directory. */
let tableFile: string;
let indexFile: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'northbite-dbcheck-'));
  pristine = join(root, 'pristine', 'pglite');
  const database = await openDatabase({ kind: 'pglite', dir: pristine });
  await database.migrate();
  await database.close();
  // Three pages of rows, so that a page in the middle of each file holds some.
  const client = await PGlite.create({ dataDir: pristine, extensions: PGLITE_EXTENSIONS });
  await client.exec(
    `insert into categories (name, slug, description)
     select 'Category ' || g, 'category-' || g, repeat('oat ', 20) from generate_series(1, 300) g`,
  );
  const { rows } = await client.query<{ table: string; index: string }>(
    `select pg_relation_filepath('categories') as table, pg_relation_filepath('categories_slug_unique') as index`,
  );
  tableFile = rows[0]!.table;
  indexFile = rows[0]!.index;
  await client.close();
});

afterAll(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

let n = 0;
function copy(): string {
  const dir = join(root, `copy-${++n}`, 'pglite');
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

/** Overwrites 256 bytes in the middle of `file`'s second 8 kB page (a page with rows, not a header). */
function damage(file: string): void {
  expect(statSync(file).size).toBeGreaterThanOrEqual(2 * 8192);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(256, 0xde), 0, 256, 8192 + 4000);
  } finally {
    closeSync(fd);
  }
}

function dbCheck(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

const SUMMARY = /\d+ tables read in full \(system catalogue included\), \d+ btree indexes verified/;

describe.skipIf(ON_POSTGRES)('npm run db:check', () => {
  it('passes a sound database (exit 0), given a DATA_DIR or its pglite/ folder', async () => {
    const result = await dbCheck(join(pristine, '..'));
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.out).toContain(`Checking the embedded database in ${pristine} ...`);
    expect(result.out).toMatch(/^OK: \d+ tables read in full .*; no problem found\.$/m);
    expect(result.out).not.toContain('DAMAGED');
  }, 60_000);

  it('names an index whose file was overwritten (exit 1), and still checks everything else', async () => {
    const dir = copy();
    damage(join(dir, indexFile));
    const result = await dbCheck(dir);
    expect(result.code, result.out + result.err).toBe(1);
    const damaged = result.out.split('\n').filter((line) => line.startsWith('DAMAGED'));
    expect(damaged).toEqual([
      `DAMAGED index public.categories_slug_unique: invalid page in block 1 of relation "${indexFile}" ` +
        '(an index of public.categories)',
    ]);
    expect(result.out).toMatch(SUMMARY);
    expect(result.err).toContain(`The database in ${dir} is damaged.`);
    expect(result.err).toContain('restore the latest backup of DATA_DIR');
    expect(result.out + result.err).not.toMatch(/RuntimeError|\n\s+at /);
  }, 60_000);

  it('names a table whose file was overwritten (exit 1)', async () => {
    const dir = copy();
    damage(join(dir, tableFile));
    const result = await dbCheck(dir);
    expect(result.code, result.out + result.err).toBe(1);
    expect(result.out).toContain(
      `DAMAGED table public.categories: invalid page in block 1 of relation "${tableFile}"`,
    );
    // Its indexes read it too (heapallindexed), and say where the damage is.
    expect(result.out).toContain('(an index of public.categories, which is damaged itself)');
    expect(result.out).toMatch(SUMMARY);
    expect(result.out + result.err).not.toMatch(/RuntimeError|\n\s+at /);
  }, 60_000);

  it('refuses while the shop holds the directory (exit 2), like a second shop would', async () => {
    const dir = copy();
    const holder = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir, '0', '60000'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(holder);
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    const result = await dbCheck(dir);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`The shop is running on ${dir} (pid ${holder.pid}): stop it first.`);
    holder.kill('SIGKILL');
  }, 60_000);

  it('reports a directory PostgreSQL cannot start from as damaged (exit 1), not with a stack', async () => {
    const dir = copy();
    rmSync(join(dir, 'global', 'pg_control'));
    const result = await dbCheck(dir);
    expect(result.code, result.out + result.err).toBe(1);
    expect(result.out).toContain(
      `DAMAGED database ${dir}: The embedded database in ${dir} is damaged or incomplete: global/pg_control is missing.`,
    );
    expect(result.out + result.err).not.toMatch(/RuntimeError|\n\s+at /);
  }, 60_000);

  it('says when there is no database to check (exit 2)', async () => {
    const result = await dbCheck(join(root, 'nothing-here'));
    expect(result.code).toBe(2);
    expect(result.err).toContain(`No PGlite database in ${join(root, 'nothing-here')}.`);
  });
});
