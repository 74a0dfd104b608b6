/**
 * `npm run bench:pages`: server-rendered page throughput against the machine's ceiling
 * (page-throughput.mjs, takes --seconds), then the Lighthouse table (lighthouse.mjs, takes --runs,
 * --url and --write). Each script ignores the other's flags.
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
for (const script of ['bench/page-throughput.mjs', 'bench/lighthouse.mjs']) {
  const { status } = spawnSync(process.execPath, [script, ...args], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
