import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirInUseError, lockDataDir, lockPath } from './data-dir-lock.js';

let root: string;
let dir: string;
const children: ReturnType<typeof spawn>[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'northbite-lock-'));
  dir = join(root, 'pglite');
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** A live process that is not this one: a stand-in for a second shop. */
async function otherProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child.pid!;
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

const writeLock = (owner: object) => writeFileSync(lockPath(dir), JSON.stringify(owner));
const lockOwner = () => JSON.parse(readFileSync(lockPath(dir), 'utf8')) as { pid: number };

describe('the PGlite data directory lock', () => {
  it('is taken beside the directory with our pid and removed on release', async () => {
    const release = await lockDataDir(dir);
    expect(lockOwner().pid).toBe(process.pid);
    release();
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it('refuses while another live process holds it, naming the pid and the way out', async () => {
    const pid = await otherProcess();
    writeLock({ pid, hostname: hostname() });
    const attempt = lockDataDir(dir, { waitMs: 300 });
    await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(attempt).rejects.toThrow(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). Stop that shop first, ` +
        `or set DATABASE_URL so that several instances share PostgreSQL. If no shop is running, delete ${dir}.lock.`,
    );
    expect(lockOwner().pid).toBe(pid);
  });

  it('waits for a holder that exits (a restart) and then takes it', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 400)'], { stdio: 'ignore' });
    await once(child, 'spawn');
    writeLock({ pid: child.pid, hostname: hostname() });
    const release = await lockDataDir(dir, { waitMs: 10_000 });
    expect(child.exitCode).toBe(0);
    expect(lockOwner().pid).toBe(process.pid);
    release();
  });

  it('takes over a stale lock: its process is gone, it names this pid (a restarted container), another host, or it is unreadable', async () => {
    for (const stale of [
      JSON.stringify({ pid: await deadPid(), hostname: hostname() }),
      JSON.stringify({ pid: process.pid, hostname: hostname() }),
      JSON.stringify({ pid: await otherProcess(), hostname: 'a-pod-that-was-replaced' }),
      '',
    ]) {
      writeFileSync(lockPath(dir), stale);
      const release = await lockDataDir(dir, { waitMs: 0 });
      expect(lockOwner().pid).toBe(process.pid);
      release();
    }
  });

  it('release leaves a lock that another process has taken since', async () => {
    const release = await lockDataDir(dir);
    const pid = await otherProcess();
    writeLock({ pid, hostname: hostname() });
    release();
    expect(lockOwner().pid).toBe(pid);
  });

  it('is held by an open PGlite database and let go when it closes', async () => {
    const database = await openDatabase({ kind: 'pglite', dir });
    try {
      expect(lockOwner().pid).toBe(process.pid);
    } finally {
      await database.close();
    }
    expect(existsSync(lockPath(dir))).toBe(false);
  });
});
