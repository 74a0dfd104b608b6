/**
 * The built shop started where it cannot run: a damaged PGlite directory, a full disk, a DATA_DIR it
 * may not write, an unreachable PostgreSQL. Each time it must exit 1 with one message naming the cause,
 * the path (or host) and the fix, and no stack; it used to print `Start-up failed: RuntimeError:
 * Aborted()`, `PGlite failed to initialize properly` or `connect ECONNREFUSED` with a stack.
 *
 * The full disk is a real tmpfs (mount) and the unwritable directory a real one of root's seen by the
 * shop running as `nobody`; both need root, and are skipped with a message without it.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, cpSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, postgresUnavailable } from './postgres';
import { freePort, startShop } from './server';
import { PGLITE_EXTENSIONS } from '../src/server/db/pglite-extensions';

interface Exit {
  code: number | null;
  output: string;
}

/** Starts the built shop and waits for it to exit (it must not get as far as listening). */
async function runUntilExit(env: Record<string, string>, options: { uid?: number } = {}): Promise<Exit> {
  const child = spawn(process.execPath, ['build/app/server/main.js'], {
    env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  expect(output, 'the shop started anyway').not.toContain('Shop ready');
  return { code, output };
}

/** One message, no stack, no crash report. */
function expectOneMessage(exit: Exit, message: string): void {
  expect(exit.code, exit.output).toBe(1);
  expect(exit.output).toContain(message);
  expect(exit.output).not.toMatch(/RuntimeError|Start-up failed|ErrnoError|\n\s+at /);
}

const work = mkdtempSync(join(tmpdir(), 'northbite-startup-e2e-'));
/** The DATA_DIR of a shop that ran once (migrated, seeded) and was stopped cleanly. */
const pristine = join(work, 'pristine');
const isRoot = process.getuid?.() === 0;

beforeAll(async () => {
  const shop = await startShop({ DATA_DIR: pristine });
  expect(await shop.stop(), shop.output()).toBe(0);
});

const mounts: string[] = [];
afterAll(() => {
  for (const dir of mounts) spawnSync('umount', ['-l', dir]);
  rmSync(work, { recursive: true, force: true });
});

let n = 0;
function copyOfPristine(parent = work): string {
  const dir = join(parent, `data-${++n}`);
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

function mountTmpfs(size: string): string | null {
  const dir = mkdtempSync(join(work, 'tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  mounts.push(dir);
  return dir;
}

describe('start-up on a DATA_DIR the shop cannot use', () => {
  it('damaged: pg_control removed from a copy of a real one', async () => {
    const dataDir = copyOfPristine();
    rmSync(join(dataDir, 'pglite', 'global', 'pg_control'));
    const exit = await runUntilExit({ DATA_DIR: dataDir });
    expectOneMessage(
      exit,
      `The embedded database in ${dataDir}/pglite is damaged or incomplete: global/pg_control is missing.`,
    );
    expect(exit.output).toContain(
      'restore the latest backup of DATA_DIR (docs/operations/backup-and-restore.md',
    );
  }, 90_000);

  it('damaged inside: a page of the migrations journal overwritten, found when the migrations read it', async () => {
    const dataDir = copyOfPristine();
    const pglite = join(dataDir, 'pglite');
    const client = await PGlite.create({ dataDir: pglite, extensions: PGLITE_EXTENSIONS });
    const { rows } = await client.query<{ path: string }>(
      `select pg_relation_filepath('drizzle.__drizzle_migrations') as path`,
    );
    await client.close();
    const fd = openSync(join(pglite, rows[0]!.path), 'r+');
    writeSync(fd, Buffer.alloc(256, 0xde), 0, 256, 4000);
    closeSync(fd);
    const exit = await runUntilExit({ DATA_DIR: dataDir });
    expectOneMessage(
      exit,
      `The embedded database in ${pglite} is damaged: invalid page in block 0 of relation "${rows[0]!.path}". ` +
        'Run npm run db:check to see what else is.',
    );
  }, 90_000);

  it('full: a real tmpfs with no space left', async (context) => {
    const disk = isRoot ? mountTmpfs('128m') : null;
    if (!disk) {
      console.warn(
        'startup-failures.test.ts: mount -t tmpfs not permitted here; the full-disk case is skipped',
      );
      context.skip();
      return;
    }
    const dataDir = copyOfPristine(disk);
    spawnSync('sh', ['-c', `cat /dev/zero > ${join(disk, 'filler')}`]);
    const exit = await runUntilExit({ DATA_DIR: dataDir });
    expectOneMessage(
      exit,
      `Cannot write to ${dataDir}: the disk is full (0 bytes free) (ENOSPC while writing a test file). ` +
        'Free space on that disk, or set DATA_DIR to a directory on a disk with room, then start the shop again.',
    );
  }, 90_000);

  it("unwritable: root's DATA_DIR, the shop running as nobody", async (context) => {
    if (!isRoot) {
      console.warn('startup-failures.test.ts: not root, cannot run the shop as another user; skipped');
      context.skip();
      return;
    }
    chmodSync(work, 0o755);
    const dataDir = copyOfPristine();
    const exit = await runUntilExit({ DATA_DIR: dataDir, HOME: '/tmp' }, { uid: 65534 });
    expectOneMessage(
      exit,
      `Cannot write to ${dataDir}: permission denied for user nobody (EACCES while writing a test file). ` +
        'Make DATA_DIR and everything in it writable by the user that runs the shop (chown -R nobody "$DATA_DIR"), ' +
        'or set DATA_DIR to a directory that user owns.',
    );
  }, 90_000);
});

describe('start-up on a PostgreSQL the shop cannot reach', () => {
  it('names the host and the cause, never the password', async () => {
    const port = await freePort();
    const exit = await runUntilExit({
      DATA_DIR: join(work, 'pg-data'),
      DATABASE_URL: `postgres://shop:s3cret-maple@127.0.0.1:${port}/shop`,
    });
    expectOneMessage(
      exit,
      `Cannot connect to PostgreSQL at 127.0.0.1:${port}/shop (DATABASE_URL): connection refused ` +
        '(is PostgreSQL running and listening there?).',
    );
    expect(exit.output).not.toContain('s3cret-maple');
  }, 90_000);

  it('names a database that does not exist', async (context) => {
    const unavailable = await postgresUnavailable();
    if (unavailable) {
      console.warn(`startup-failures.test.ts: ${unavailable}; the missing-database case is skipped`);
      context.skip();
      return;
    }
    const url = new URL(ADMIN_URL);
    url.pathname = '/northbite_no_such_database';
    const exit = await runUntilExit({ DATA_DIR: join(work, 'pg-data'), DATABASE_URL: url.href });
    expectOneMessage(
      exit,
      `Cannot connect to PostgreSQL at ${url.hostname}:${url.port || '5432'}/northbite_no_such_database ` +
        '(DATABASE_URL): that database does not exist.',
    );
  }, 90_000);
});
