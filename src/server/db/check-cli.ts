/**
 * `npm run db:check [-- <dir>]`: verifies the embedded database with the shop stopped (pglite-check.ts).
 * `<dir>` is a PGlite data directory, or a DATA_DIR holding one in pglite/; by default
 * `$DATA_DIR/pglite` (DATA_DIR defaulting to ./data, as for the shop). Without dev dependencies (a
 * production image): `node build/app/server/db/check-cli.js`.
 *
 * Exit status: 0 sound, 1 damaged, 2 not checked (the shop is running, no database there, the directory
 * unwritable or its disk full). docs/operations/database-problems.md says what to do with each.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';
import { checkPgliteDatabase } from './pglite-check.js';
import { DataDirError, holdsDatabase, RESTORE_ADVICE } from './pglite-startup.js';

function target(): string {
  const arg = process.argv.slice(2).find((a) => !a.startsWith('-'));
  const dir = resolve(arg ?? join(process.env.DATA_DIR || './data', 'pglite'));
  // A DATA_DIR (or a backup of one) given instead of its pglite/ folder.
  if (!holdsDatabase(dir) && holdsDatabase(join(dir, 'pglite'))) return join(dir, 'pglite');
  return dir;
}

async function main(): Promise<number> {
  const dir = target();
  if (!existsSync(dir) || !holdsDatabase(dir)) {
    console.error(`No PGlite database in ${dir}. Give its directory: npm run db:check -- <DATA_DIR>/pglite`);
    return 2;
  }
  let lock;
  try {
    // The shop's own lock: PGlite locks nothing, and two processes writing one directory corrupt it.
    lock = await lockDataDir(dir, { waitMs: 0 });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(
      `The shop is running on ${dir}${error.pid ? ` (pid ${error.pid})` : ''}: stop it first. ` +
        'db:check opens the database itself, which only one process at a time may do.',
    );
    return 2;
  }
  console.log(`Checking the embedded database in ${dir} ...`);
  try {
    const report = await checkPgliteDatabase(dir, (problem) =>
      console.log(`DAMAGED ${problem.kind} ${problem.name}: ${problem.message}`),
    );
    const checked =
      `${report.tables} tables read in full (system catalogue included), ` +
      (report.amcheck
        ? `${report.indexes} btree indexes verified (amcheck bt_index_check, heapallindexed)`
        : 'indexes NOT verified (amcheck could not be loaded)');
    if (report.problems.length === 0) {
      console.log(`OK: ${checked}; no problem found.`);
      return 0;
    }
    console.log(`${checked}: ${report.problems.length} problem(s).`);
    console.error(
      `The database in ${dir} is damaged. ${RESTORE_ADVICE} See docs/operations/database-problems.md.`,
    );
    return 1;
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error;
    console.error(`Not checked: ${error.message}`);
    return 2;
  } finally {
    await lock.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('db:check failed:', error);
    process.exit(2);
  },
);
