import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';

const HOLDER = fileURLToPath(new URL('../testing/lock-holder.ts', import.meta.url));

let root: string;
let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'northbite-lock-'));
  dir = join(root, 'pglite');
  mkdirSync(dir);
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** Another process running lockDataDir on `dir`; resolves with its first line once it has one. */
function holder(
  waitMs = 0,
  holdMs = 60_000,
): { child: ChildProcess; answer: Promise<string>; exited: Promise<unknown> } {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir, String(waitMs), String(holdMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const exited = once(child, 'exit');
  const answer = new Promise<string>((resolve) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.on('exit', () => resolve(out.trim()));
  });
  return { child, answer, exited };
}

describe.runIf(process.platform === 'linux')('the PGlite data directory lock', () => {
  it('lets one holder at a time, even within one process, and is free again once released', async () => {
    const lock = await lockDataDir(dir);
    expect(lock.held).toBe(true);
    await expect(lockDataDir(dir, { waitMs: 0 })).rejects.toBeInstanceOf(DataDirInUseError);
    // The same directory by another path is the same lock.
    symlinkSync(dir, join(root, 'link'));
    await expect(lockDataDir(join(root, 'link'), { waitMs: 0 })).rejects.toBeInstanceOf(DataDirInUseError);
    await lock.release();
    const again = await lockDataDir(dir, { waitMs: 0 });
    await again.release();
  });

  it('refuses while another process holds it, naming that process and the way out', async () => {
    const other = holder();
    expect(await other.answer).toBe('held');
    const attempt = lockDataDir(dir, { waitMs: 300 });
    await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(attempt).rejects.toThrow(
      `The embedded database in ${dir} is in use by another process (pid ${other.child.pid}). ` +
        'Stop that shop first, or set DATABASE_URL so that several instances share PostgreSQL.',
    );
  });

  it('waits for a holder that exits (a restart) and then takes it', async () => {
    const other = holder(0, 600);
    expect(await other.answer).toBe('held');
    const started = Date.now();
    const lock = await lockDataDir(dir, { waitMs: 10_000 });
    // It waited for the holder to let go, about 600 ms after the holder took it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await lock.release();
  });

  it('is free the moment its holder is killed: a crash leaves nothing stale behind', async () => {
    const other = holder();
    expect(await other.answer).toBe('held');
    other.child.kill('SIGKILL');
    await other.exited;
    const lock = await lockDataDir(dir, { waitMs: 0 });
    await lock.release();
  });

  it('goes to exactly one of four processes that start at the same instant', async () => {
    const contenders = Array.from({ length: 4 }, () => holder(0));
    const answers = await Promise.all(contenders.map((c) => c.answer));
    expect(answers.filter((answer) => answer === 'held')).toHaveLength(1);
    expect(answers.filter((answer) => answer.startsWith('refused: The embedded database'))).toHaveLength(3);
  });

  it('is held by an open PGlite database and let go when it closes', async () => {
    const database = await openDatabase({ kind: 'pglite', dir });
    try {
      await expect(lockDataDir(dir, { waitMs: 0 })).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      await database.close();
    }
    const lock = await lockDataDir(dir, { waitMs: 0 });
    await lock.release();
  });
});
