/**
 * PGlite runs PostgreSQL inside this process and locks nothing: its postmaster.pid holds a made-up
 * pid that nobody checks. Two shops on one data directory (a second `npm start`, a restore copied in
 * while the shop runs) would both write it and corrupt it. This lock file beside the directory
 * (`<dir>.lock`) names the process that has it open; a second process waits briefly for that one to
 * exit (a restart) and otherwise refuses to start.
 *
 * A lock whose process is gone (a crash, kill -9) is stale and taken over. So is one written on
 * another host or by this very pid: a container restarted after a crash gets the same pid, often 1,
 * or a new hostname, and must start. The lock therefore does not protect a data directory shared
 * between hosts; that is what PostgreSQL (DATABASE_URL) is for.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
        'Stop that shop first, or set DATABASE_URL so that several instances share PostgreSQL. ' +
        `If no shop is running, delete ${lockPath(dir)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

interface Owner {
  pid: number;
  hostname: string;
}

export const lockPath = (dir: string) => `${dir}.lock`;

/** Takes the lock on `dir`, waiting up to `waitMs` for a live owner to exit; returns its release. */
export async function lockDataDir(dir: string, { waitMs = 5_000 } = {}): Promise<() => void> {
  const path = lockPath(dir);
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (tryCreate(path)) return () => release(path);
    const owner = readOwner(path);
    if (owner && isLive(owner)) {
      if (Date.now() >= deadline) throw new DataDirInUseError(dir, owner.pid);
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    // Stale (or unreadable: a crash between creating and writing it). Another process starting at
    // this moment may take it first; the next tryCreate then fails and its owner is live.
    removeIfExists(path);
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(
      fd,
      JSON.stringify({ pid: process.pid, hostname: hostname(), since: new Date().toISOString() }),
    );
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOwner(path: string): Owner | null {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<Owner>;
    return Number.isSafeInteger(data.pid) && typeof data.hostname === 'string'
      ? { pid: data.pid as number, hostname: data.hostname }
      : null;
  } catch {
    return null;
  }
}

function isLive(owner: Owner): boolean {
  if (owner.pid === process.pid || owner.hostname !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function release(path: string): void {
  if (readOwner(path)?.pid === process.pid) removeIfExists(path);
}

function removeIfExists(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
