/**
 * PGlite runs PostgreSQL inside this process and locks nothing: its postmaster.pid holds a made-up
 * pid that nobody checks. Two shops on one data directory (a second `npm start`, a test shop pointed
 * at the real one) would both write it and corrupt it.
 *
 * The lock is a socket in Linux's abstract namespace, named after the directory's real path. The
 * kernel lets one socket at a time hold a name, and frees it the moment its process ends, however it
 * ends. So two shops starting at the same instant cannot both get it, and a crash (kill -9, power
 * loss) never leaves a stale lock behind, nor can a reused pid be mistaken for a live shop. The
 * holder answers a connection with its pid, for the error message. A second shop waits `waitMs` for
 * the holder to exit (a restart), then refuses.
 *
 * Limits: abstract sockets are per network namespace, so two containers with their own networks that
 * share one volume do not see each other's lock, nor do two hosts on a network file system; the
 * embedded database is for one machine, and PostgreSQL (DATABASE_URL) is for more. Other systems
 * (macOS, Windows) have no abstract namespace: there the shop starts without the lock and says so.
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number | null,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process${pid ? ` (pid ${pid})` : ''}. ` +
        'Stop that shop first, or set DATABASE_URL so that several instances share PostgreSQL.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /** False where the system has no abstract sockets: the directory is not protected. */
  held: boolean;
  release(): Promise<void>;
}

/** The lock's name: one per directory, however the path was spelt (symlinks, `..`). */
export function lockName(dir: string): string {
  const hash = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  return `\0northbite-pglite-${hash}`;
}

/** Takes the lock on `dir` (which must exist), waiting up to `waitMs` for a holder to exit. */
export async function lockDataDir(dir: string, { waitMs = 5_000 } = {}): Promise<DataDirLock> {
  if (process.platform !== 'linux') return { held: false, release: async () => {} };
  const name = lockName(dir);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const server = await tryListen(name);
    if (server) {
      return {
        held: true,
        release: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    }
    if (Date.now() >= deadline) throw new DataDirInUseError(dir, await holderPid(name));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Listens on `name`; null when another socket holds it. */
function tryListen(name: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end(String(process.pid));
    });
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    server.listen({ path: name }, () => {
      // Holding the lock must not keep a process alive that has nothing else to do.
      server.unref();
      resolve(server);
    });
  });
}

/** Asks the holder for its pid (null if it does not answer within a second). */
function holderPid(name: string): Promise<number | null> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect({ path: name });
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => resolve(null));
    socket.on('close', () => {
      const pid = Number(answer);
      resolve(Number.isSafeInteger(pid) && pid > 0 ? pid : null);
    });
  });
}
