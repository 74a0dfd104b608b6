/**
 * Why the embedded database cannot start, in words an operator can act on.
 *
 * PGlite reports a full disk as `ErrnoError { errno: 51 }`, a read-only or foreign-owned directory as
 * `PGlite failed to initialize properly`, and a missing pg_control or WAL segment as
 * `RuntimeError: Aborted()`. Worse, a data directory without PG_VERSION is taken for a new one and
 * initialised over whatever is left in it. So before PGlite opens a directory we check that it can be
 * written (a probe file created, fsynced and removed) and that an existing database has what PostgreSQL
 * needs to start (PG_VERSION, global/pg_control with a valid checksum, a WAL segment, base/). When PGlite
 * fails anyway, the error is translated the same way. Every message names the cause, the path and the
 * fix; docs/operations/database-problems.md has the details.
 *
 * A table or index damaged inside (a bad page) passes all of this: it fails only when read. That is
 * what `npm run db:check` is for (pglite-check.ts).
 */
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statfsSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sqlState } from './errors.js';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';

export type DataDirProblem =
  'not-a-directory' | 'no-permission' | 'read-only' | 'disk-full' | 'io-error' | 'damaged' | 'failed';

/** The data directory cannot be used; the message says why and what to do. main.ts prints it alone. */
export class DataDirError extends Error {
  constructor(
    readonly problem: DataDirProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DataDirError';
  }
}

const DOCS = 'docs/operations/database-problems.md';

export const RESTORE_ADVICE =
  'Stop the shop and restore the latest backup of DATA_DIR (docs/operations/backup-and-restore.md, "PGlite": ' +
  'move the damaged directory aside, copy the backup in); anything written since that backup is lost. ' +
  'For a demo shop with nothing to keep, start on an empty DATA_DIR instead.';

/**
 * Emscripten's own errno numbers (not Linux's), as PGlite's ErrnoError carries them: the `ERRNO_CODES`
 * table in node_modules/@electric-sql/pglite/dist/pglite.js (ENOSPC:51, EROFS:69, ...).
 */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  29: 'EIO',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** Node's code (`ENOSPC`) of an fs error, or the code of PGlite's ErrnoError translated to it. */
export function errnoCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown };
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  const ctor = (error as { constructor?: { name?: string } }).constructor?.name;
  if (typeof errno === 'number' && (name === 'ErrnoError' || ctor === 'ErrnoError')) {
    return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`;
  }
  return undefined;
}

function bytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Bytes free for this user on the file system of `path` (or its nearest existing parent). */
export function freeBytes(path: string): number | undefined {
  try {
    let p = resolve(path);
    while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
    const stats = statfsSync(p);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

/** The first component of `path` that exists but is not a directory. */
function fileInTheWay(path: string): string | undefined {
  for (let p = resolve(path); ; p = dirname(p)) {
    try {
      if (!statSync(p).isDirectory()) return p;
    } catch {
      // missing (or unreadable): look further up
    }
    if (dirname(p) === p) return undefined;
  }
}

/**
 * A file-system error on `path` as a DataDirError, or undefined when it is none we can explain.
 * `during` says what failed ("writing", "starting the embedded database").
 */
export function explainFsError(
  error: unknown,
  path: string,
  during = 'writing a test file',
): DataDirError | undefined {
  const code = errnoCode(error);
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT': {
      const free = freeBytes(path);
      const what = code === 'EDQUOT' ? "this user's disk quota is used up" : 'the disk is full';
      return new DataDirError(
        'disk-full',
        `Cannot write to ${path}: ${what}${free === undefined ? '' : ` (${bytes(free)} free)`} (${code} while ${during}). ` +
          'Free space on that disk, or set DATA_DIR to a directory on a disk with room, then start the shop again.',
        { cause: error },
      );
    }
    case 'EACCES':
    case 'EPERM': {
      const user = currentUser();
      const why =
        code === 'EACCES'
          ? 'permission denied'
          : 'operation not permitted (an immutable file, shown by lsattr and cleared by chattr -i, or a security policy)';
      return new DataDirError(
        'no-permission',
        `Cannot write to ${path}: ${why} for user ${user} (${code} while ${during}). ` +
          `Make DATA_DIR and everything in it writable by the user that runs the shop (chown -R ${user} "$DATA_DIR"), ` +
          'or set DATA_DIR to a directory that user owns.',
        { cause: error },
      );
    }
    case 'EROFS':
      return new DataDirError(
        'read-only',
        `Cannot write to ${path}: it is on a read-only file system (EROFS while ${during}). ` +
          'Remount it read-write, or set DATA_DIR to a writable directory.',
        { cause: error },
      );
    case 'ENOTDIR':
    case 'EEXIST': {
      const file = fileInTheWay(path);
      if (!file) return undefined;
      return new DataDirError(
        'not-a-directory',
        `Cannot use ${path}: ${file} is a file, not a directory (${code} while ${during}). ` +
          'Set DATA_DIR to a directory (it is created if missing), or move that file away.',
        { cause: error },
      );
    }
    case 'EIO':
      return new DataDirError(
        'io-error',
        `Reading or writing ${path} failed with an I/O error (EIO while ${during}): the disk may be failing. ` +
          `Check the system log (dmesg), then run npm run db:check; see ${DOCS}.`,
        { cause: error },
      );
    default:
      return undefined;
  }
}

/** Creates, fsyncs and removes a small file in `dir`: what writing a database page needs. */
export function probeWrite(dir: string): void {
  const file = join(dir, `.write-test-${process.pid}`);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'w');
    writeSync(fd, Buffer.alloc(8192));
    fsyncSync(fd);
  } catch (error) {
    throw explainFsError(error, dir) ?? error;
  } finally {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(file);
    } catch {
      // never created
    }
  }
}

/**
 * Makes sure `dir` is a directory the shop can write: creates it (and missing parents) and writes a
 * probe file. Throws DataDirError naming the cause (a file in the way, no permission, read-only, full).
 */
export function ensureWritableDirectory(dir: string): void {
  const missing: string[] = [];
  let existing = resolve(dir);
  while (!existsSync(existing) && dirname(existing) !== existing) {
    missing.unshift(existing);
    existing = dirname(existing);
  }
  const inTheWay = fileInTheWay(existing);
  if (inTheWay) throw explainFsError(Object.assign(new Error('not a directory'), { code: 'ENOTDIR' }), dir)!;
  // One level at a time: a recursive mkdir reports ENOENT for a read-only parent.
  for (const path of missing) {
    try {
      mkdirSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && statSync(path).isDirectory()) continue;
      throw explainFsError(error, path, 'creating the directory') ?? error;
    }
  }
  probeWrite(dir);
}

/** What pg_control looks like for the PostgreSQL versions we know (PG_CONTROL_VERSION, field offsets). */
const CONTROL_LAYOUT: Record<string, { version: number; crcOffset: number; walSegSizeOffset: number }> = {
  // PostgreSQL 18 (PGlite 0.5): ControlFileData's crc and xlog_seg_size, found in a fresh data directory
  // (pglite-startup.test.ts checks a fresh one still passes, so an upgrade of PGlite cannot slip by).
  '18': { version: 1800, crcOffset: 292, walSegSizeOffset: 228 },
};
const PG_CONTROL_FILE_SIZE = 8192;

let crcTable: Uint32Array | undefined;
/** CRC-32C (Castagnoli), the checksum PostgreSQL keeps in pg_control. */
export function crc32c(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
      crcTable[i] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** True when `dir` holds (what is left of) a database rather than nothing: PGlite then resumes it. */
export function holdsDatabase(dir: string): boolean {
  return ['PG_VERSION', 'global', 'base', 'pg_wal'].some((name) => existsSync(join(dir, name)));
}

/** What is missing or broken among the files PostgreSQL needs to start; empty when all is there. */
export function missingPieces(dir: string): string[] {
  const problems: string[] = [];
  const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();
  const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

  let major: string | undefined;
  if (!isFile(join(dir, 'PG_VERSION'))) {
    problems.push('PG_VERSION is missing (PGlite would initialise a new, empty database over the rest)');
  } else {
    major = readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim();
    if (!/^\d+$/.test(major)) problems.push('PG_VERSION does not hold a version number');
  }
  const layout = major ? CONTROL_LAYOUT[major] : undefined;

  let walSegSize: number | undefined;
  const control = join(dir, 'global', 'pg_control');
  if (!isFile(control)) {
    problems.push('global/pg_control is missing');
  } else {
    const data = readFileSync(control);
    if (data.length !== PG_CONTROL_FILE_SIZE) {
      problems.push(`global/pg_control is ${data.length} bytes long instead of ${PG_CONTROL_FILE_SIZE}`);
    } else if (layout) {
      if (
        data.readUInt32LE(8) !== layout.version ||
        crc32c(data.subarray(0, layout.crcOffset)) !== data.readUInt32LE(layout.crcOffset)
      ) {
        problems.push('global/pg_control fails its checksum (overwritten or damaged)');
      } else {
        walSegSize = data.readUInt32LE(layout.walSegSizeOffset);
      }
    }
  }

  const wal = join(dir, 'pg_wal');
  if (!isDir(wal)) {
    problems.push('pg_wal/ (the write-ahead log) is missing');
  } else {
    const segments = readdirSync(wal).filter((name) => /^[0-9A-F]{24}$/.test(name));
    if (segments.length === 0) problems.push('pg_wal/ holds no WAL segment');
    for (const name of segments) {
      const size = statSync(join(wal, name)).size;
      if (walSegSize !== undefined && size !== walSegSize) {
        problems.push(`pg_wal/${name} is ${size} bytes long instead of ${walSegSize}`);
      }
    }
  }
  if (!isDir(join(dir, 'base'))) problems.push('base/ (the tables themselves) is missing');
  return problems;
}

/**
 * Checks an existing database in `dir` before PGlite opens it: every file and folder PostgreSQL writes
 * at start-up must be writable, and nothing it needs may be missing. A new (empty) directory passes.
 */
export function checkPgliteDirectory(dir: string): void {
  if (!holdsDatabase(dir)) return;
  // PostgreSQL writes these at every start (a checkpoint, a new WAL record).
  for (const name of ['global', 'global/pg_control', 'pg_wal', 'base']) {
    const path = join(dir, name);
    try {
      if (existsSync(path)) accessSync(path, constants.W_OK);
    } catch (error) {
      throw explainFsError(error, path, 'checking the database files') ?? error;
    }
  }
  let problems: string[];
  try {
    problems = missingPieces(dir);
  } catch (error) {
    throw explainFsError(error, dir, 'reading the database files') ?? error;
  }
  if (problems.length > 0) {
    throw new DataDirError(
      'damaged',
      `The embedded database in ${dir} is damaged or incomplete: ${problems.join('; ')}. ` +
        `PostgreSQL cannot start without these files. ${RESTORE_ADVICE}`,
    );
  }
}

/** A failure of PGlite on `dir`, explained; `existed` says whether a database was there before. */
export function explainPgliteFailure(error: unknown, dir: string, existed: boolean): DataDirError {
  const fsError = explainFsError(error, dir, 'starting the embedded database');
  if (fsError && errnoCode(error) !== 'ENOENT') return fsError;
  // Abort() and "failed to initialize properly" say nothing: look again at what PostgreSQL needed.
  try {
    probeWrite(dir);
  } catch (probeError) {
    if (probeError instanceof DataDirError) return probeError;
  }
  const free = freeBytes(dir);
  const short = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
  // A WAL segment is 16 MB: PostgreSQL may need one at start-up.
  if (free !== undefined && free < 16 * 1024 * 1024) {
    return new DataDirError(
      'disk-full',
      `The embedded database in ${dir} could not start (${short}), and the disk holding it has only ${bytes(free)} ` +
        'free: PostgreSQL needs room for its write-ahead log. Free space on that disk (or set DATA_DIR to a ' +
        `directory on a disk with room), then start the shop again. If it still fails, see ${DOCS}.`,
      { cause: error },
    );
  }
  if (!existed) {
    return new DataDirError(
      'failed',
      `Creating the embedded database in ${dir} failed (${short}). Check that the disk has room and is ` +
        `writable, delete the partly created ${dir} (it holds no data yet), and start the shop again.`,
      { cause: error },
    );
  }
  let pieces: string[] = [];
  try {
    pieces = missingPieces(dir);
  } catch {
    // unreadable: the message below still holds
  }
  return new DataDirError(
    'damaged',
    `The embedded database in ${dir} is damaged: PostgreSQL stopped while opening it (${short})` +
      `${pieces.length > 0 ? `; ${pieces.join('; ')}` : ''}. Its files are inconsistent, for example copied ` +
      `while the shop was running or partly overwritten. ${RESTORE_ADVICE}`,
    { cause: error },
  );
}

/**
 * PGlite.create with the shop's extensions (pglite-extensions.ts), the directory checked first and
 * any failure explained. Without `dataDir` (in memory), just PGlite.create with the extensions.
 */
export async function createPglite(given: PGliteOptions): Promise<PGlite> {
  const options = { ...given, extensions: { ...PGLITE_EXTENSIONS, ...given.extensions } };
  const dir = options.dataDir;
  if (!dir) return PGlite.create(options);
  checkPgliteDirectory(dir);
  const existed = holdsDatabase(dir);
  try {
    return await PGlite.create(options);
  } catch (error) {
    throw explainPgliteFailure(error, dir, existed);
  }
}

/** A query on the opened database (the migrations) that failed for a reason of the directory's. */
export function explainPgliteQueryFailure(error: unknown, dir: string): DataDirError | undefined {
  const state = sqlState(error);
  const message = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
  if (state === '53100') {
    return new DataDirError(
      'disk-full',
      `The disk holding ${dir} is full (${message}). Free space on that disk, or set DATA_DIR to a directory ` +
        'on a disk with room, then start the shop again.',
      { cause: error },
    );
  }
  if (state === 'XX001' || state === 'XX002' || state === '58030') {
    return new DataDirError(
      'damaged',
      `The embedded database in ${dir} is damaged: ${message}. Run npm run db:check to see what else is. ` +
        RESTORE_ADVICE,
      { cause: error },
    );
  }
  if (error instanceof Error && error.name === 'RuntimeError') return explainPgliteFailure(error, dir, true);
  return undefined;
}
