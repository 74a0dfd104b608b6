/**
 * Run by data-dir-lock.test.ts as a separate process: takes the lock on argv[2] (waiting argv[3] ms),
 * prints "held" or "refused: <message>", and keeps a held lock until it is killed or argv[4] ms pass.
 */
import { lockDataDir } from '../db/data-dir-lock.js';

const [dir = '', waitMs = '0', holdMs = '60000'] = process.argv.slice(2);
try {
  const lock = await lockDataDir(dir, { waitMs: Number(waitMs) });
  console.log('held');
  setTimeout(() => void lock.release(), Number(holdMs));
  // The lock does not keep the process alive by itself (it is unref'd): this timer does.
  setTimeout(() => {}, Number(holdMs));
} catch (error) {
  console.log(`refused: ${(error as Error).message}`);
}
