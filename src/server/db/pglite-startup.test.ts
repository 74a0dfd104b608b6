/**
 * Start-up on a broken DATA_DIR, each case made for real: a migrated PGlite directory copied and then
 * damaged, a file where the directory should be, a read-only or full tmpfs (mount), an immutable
 * directory (chattr), a directory of another user (the check run as `nobody`). Each goes through
 * openDatabase, the shop's own path, and must end in one DataDirError naming cause, path and fix;
 * before pglite-startup.ts they ended in `RuntimeError: Aborted()`, `PGlite failed to initialize
 * properly`, `ErrnoError { errno: 51 }`, or (PG_VERSION missing) a new empty database over the old one.
 *
 * mount and chattr need root (CI runs as root); where they are not permitted, those cases are skipped
 * with a message saying so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirError, errnoCode, missingPieces } from './pglite-startup.js';

/** These are about the embedded database's files: they run once, in the PGlite pass of `npm test`. */
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

const CLIENT = fileURLToPath(new URL('./client.ts', import.meta.url));

let root: string;
/** A real, migrated PGlite data directory, made once; every case damages a copy. */
let pristine: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'northbite-startup-'));
  pristine = join(root, 'pristine', 'pglite');
  const database = await openDatabase({ kind: 'pglite', dir: pristine });
  await database.migrate();
  await database.close();
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A copy of the pristine database: `<copy>/pglite` inside a fresh DATA_DIR under `parent`. */
function copy(parent = root): string {
  const dir = join(parent, `data-${++n}`, 'pglite');
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

/** What openDatabase throws on `dir`, asserting that it is a DataDirError of `problem`. */
async function failure(dir: string, problem: DataDirError['problem']): Promise<string> {
  let thrown: unknown;
  try {
    const database = await openDatabase({ kind: 'pglite', dir });
    await database.close();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'openDatabase should have refused').toBeInstanceOf(DataDirError);
  expect((thrown as DataDirError).problem, (thrown as Error).message).toBe(problem);
  return (thrown as Error).message;
}

const RESTORE = 'restore the latest backup of DATA_DIR (docs/operations/backup-and-restore.md';

describe.skipIf(ON_POSTGRES)('a missing or damaged data directory', () => {
  it('passes when fresh: the pg_control checksum and WAL size checks agree with this PGlite', () => {
    // Guards CONTROL_LAYOUT: a PGlite with another pg_control layout fails here, not in production.
    expect(readFileSync(join(pristine, 'PG_VERSION'), 'utf8').trim()).toBe('18');
    expect(missingPieces(pristine)).toEqual([]);
  });

  it('names a missing global/pg_control (was: RuntimeError: Aborted())', async () => {
    const dir = copy();
    rmSync(join(dir, 'global', 'pg_control'));
    const message = await failure(dir, 'damaged');
    expect(message).toContain(
      `The embedded database in ${dir} is damaged or incomplete: global/pg_control is missing.`,
    );
    expect(message).toContain(RESTORE);
    expect(message).toContain('start on an empty DATA_DIR');
  });

  it('names a missing pg_wal, and an empty one (was: failed to initialize properly / Aborted())', async () => {
    const dir = copy();
    rmSync(join(dir, 'pg_wal'), { recursive: true });
    expect(await failure(dir, 'damaged')).toContain('pg_wal/ (the write-ahead log) is missing');

    const empty = copy();
    for (const name of readdirSync(join(empty, 'pg_wal'))) {
      if (/^[0-9A-F]{24}$/.test(name)) rmSync(join(empty, 'pg_wal', name));
    }
    expect(await failure(empty, 'damaged')).toContain('pg_wal/ holds no WAL segment');
  });

  it('names a truncated pg_control, and one overwritten with garbage', async () => {
    const truncated = copy();
    truncateSync(join(truncated, 'global', 'pg_control'), 100);
    expect(await failure(truncated, 'damaged')).toContain(
      'global/pg_control is 100 bytes long instead of 8192',
    );

    const garbage = copy();
    writeFileSync(join(garbage, 'global', 'pg_control'), Buffer.alloc(8192, 0x5a));
    expect(await failure(garbage, 'damaged')).toContain('global/pg_control fails its checksum');
  });

  it('names a truncated WAL segment (was: RuntimeError: Aborted())', async () => {
    const dir = copy();
    const segment = readdirSync(join(dir, 'pg_wal')).find((name) => /^[0-9A-F]{24}$/.test(name))!;
    truncateSync(join(dir, 'pg_wal', segment), 1000);
    expect(await failure(dir, 'damaged')).toContain(
      `pg_wal/${segment} is 1000 bytes long instead of 16777216`,
    );
  });

  it('refuses a database without PG_VERSION instead of initialising a new one over it', async () => {
    const dir = copy();
    rmSync(join(dir, 'PG_VERSION'));
    const before = readdirSync(join(dir, 'base'), { recursive: true }).length;
    expect(await failure(dir, 'damaged')).toContain('PG_VERSION is missing');
    // Untouched: the old code ran initdb here and the shop started on an empty catalogue.
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
    expect(readdirSync(join(dir, 'base'), { recursive: true }).length).toBe(before);
  });

  it('explains an abort of PostgreSQL on damage the file checks cannot see (garbage in the WAL)', async () => {
    const dir = copy();
    const segment = readdirSync(join(dir, 'pg_wal')).find((name) => /^[0-9A-F]{24}$/.test(name))!;
    const wal = join(dir, 'pg_wal', segment);
    const data = readFileSync(wal);
    data.fill(0x55, 0, 100_000);
    writeFileSync(wal, data);
    const message = await failure(dir, 'damaged');
    expect(message).toContain(
      `The embedded database in ${dir} is damaged: PostgreSQL stopped while opening it`,
    );
    expect(message).toContain(RESTORE);
  }, 60_000);
});

describe.skipIf(ON_POSTGRES)('a DATA_DIR that cannot be written', () => {
  it('names the file in the way when DATA_DIR is a file (ENOTDIR)', async () => {
    const file = join(root, 'not-a-dir');
    writeFileSync(file, 'x');
    const message = await failure(join(file, 'pglite'), 'not-a-directory');
    expect(message).toBe(
      `Cannot use ${file}/pglite: ${file} is a file, not a directory (ENOTDIR while writing a test file). ` +
        'Set DATA_DIR to a directory (it is created if missing), or move that file away.',
    );
  });

  it('names the user and the fix when the directory belongs to someone else (EACCES, run as nobody)', () => {
    if (process.getuid?.() !== 0) {
      console.warn('pglite-startup.test.ts: not root, so the check cannot run as another user; skipped');
      return;
    }
    // Others may enter the test's directory (as they may enter /srv), not write in it.
    chmodSync(root, 0o755);
    const dir = copy();
    const script =
      `const { openDatabase } = await import(${JSON.stringify(CLIENT)});` +
      `try { await openDatabase({ kind: 'pglite', dir: process.argv[1] }); console.log('opened'); }` +
      `catch (error) { console.log(error.name + ': ' + error.message); }`;
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, dir],
      { uid: 65534, gid: 65534, encoding: 'utf8', cwd: dirname(CLIENT), timeout: 60_000 },
    );
    expect(result.stdout.trim(), result.stderr).toBe(
      `DataDirError: Cannot write to ${dir}: permission denied for user nobody (EACCES while writing a test file). ` +
        'Make DATA_DIR and everything in it writable by the user that runs the shop (chown -R nobody "$DATA_DIR"), ' +
        'or set DATA_DIR to a directory that user owns.',
    );
  }, 60_000);

  it('names an immutable database file (EPERM, even for root; chattr +i)', async () => {
    const dir = copy();
    const control = join(dir, 'global', 'pg_control');
    try {
      execFileSync('chattr', ['+i', control], { stdio: 'ignore' });
    } catch {
      console.warn('pglite-startup.test.ts: chattr +i not permitted here; the immutable case is skipped');
      return;
    }
    try {
      const message = await failure(dir, 'no-permission');
      expect(message).toContain(`Cannot write to ${control}: operation not permitted`);
      expect(message).toContain('chattr -i');
    } finally {
      execFileSync('chattr', ['-i', control]);
    }
  });
});

/** tmpfs mounts made by a test, unmounted after it. */
const mounts: string[] = [];
function mountTmpfs(options: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'northbite-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  mounts.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of mounts.splice(0)) {
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

const canMount = (() => {
  if (process.platform !== 'linux') return false;
  const probe = mountTmpfs('size=1m');
  if (!probe) return false;
  execFileSync('umount', [mounts.pop()!]);
  rmSync(probe, { recursive: true, force: true });
  return true;
})();
if (!canMount) {
  console.warn(
    'pglite-startup.test.ts: mount -t tmpfs is not permitted here; the full and read-only disk cases are skipped',
  );
}

describe.runIf(canMount)('a read-only or full disk (real tmpfs mounts)', () => {
  it('names a read-only file system (EROFS; was: PGlite failed to initialize properly)', async () => {
    const disk = mountTmpfs('size=64m')!;
    const dir = copy(disk);
    execFileSync('mount', ['-o', 'remount,ro', disk]);
    expect(await failure(dir, 'read-only')).toBe(
      `Cannot write to ${dir}: it is on a read-only file system (EROFS while writing a test file). ` +
        'Remount it read-write, or set DATA_DIR to a writable directory.',
    );
    // And a new database there: the directory cannot even be created.
    expect(await failure(join(disk, 'new', 'pglite'), 'read-only')).toContain(
      `Cannot write to ${disk}/new: it is on a read-only file system (EROFS while creating the directory)`,
    );
  });

  it('names a full disk under an existing database (was: PGlite failed to initialize properly)', async () => {
    const disk = mountTmpfs('size=64m')!;
    const dir = copy(disk);
    // Fill what is left.
    spawnSync('sh', ['-c', `cat /dev/zero > ${join(disk, 'filler')}`]);
    const message = await failure(dir, 'disk-full');
    expect(message).toBe(
      `Cannot write to ${dir}: the disk is full (0 bytes free) (ENOSPC while writing a test file). ` +
        'Free space on that disk, or set DATA_DIR to a directory on a disk with room, then start the shop again.',
    );
  });

  it("translates PGlite's ErrnoError 51 when a new database outgrows the disk (was: ErrnoError { errno: 51 })", async () => {
    // Room for the probe, not for initdb's 40 MB.
    const disk = mountTmpfs('size=2m')!;
    const message = await failure(join(disk, 'pglite'), 'disk-full');
    expect(message).toContain(`Cannot write to ${disk}/pglite: the disk is full`);
    expect(message).toContain('(ENOSPC while starting the embedded database)');
  });
});

describe.skipIf(ON_POSTGRES)("PGlite's errno numbers", () => {
  it("are Emscripten's, read from the installed PGlite (ENOSPC is 51, not Linux's 28)", () => {
    const require = createRequire(import.meta.url);
    const main = require.resolve('@electric-sql/pglite');
    const source = readFileSync(join(dirname(main), 'pglite.js'), 'utf8');
    const table = /ERRNO_CODES=\{([^}]*)\}/.exec(source)![1]!;
    const codes = Object.fromEntries(
      table.split(',').map((pair) => {
        const [name, value] = pair.split(':');
        return [name, Number(value)];
      }),
    );
    class ErrnoError extends Error {
      constructor(readonly errno: number) {
        super();
      }
    }
    for (const name of ['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOENT', 'EIO']) {
      expect(errnoCode(new ErrnoError(codes[name]!))).toBe(name);
    }
  });
});
