#!/usr/bin/env node
/**
 * Fails when src/server/db/schema.ts has changes that no committed migration covers: runs
 * `drizzle-kit generate` and, if it would write a migration, removes it again and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const folder = 'src/server/db/migrations';
const list = () => new Set(readdirSync(folder, { recursive: true }).map(String));
const before = list();
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--name', 'unsynced_schema'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
  timeout: 120_000,
});
const added = [...list()].filter((file) => !before.has(file));
if (added.length === 0 && result.status === 0) {
  console.log('Migrations match the schema.');
  process.exit(0);
}
for (const file of added) rmSync(join(folder, file), { force: true, recursive: true });
spawnSync('git', ['checkout', '--', join(folder, 'meta')], { stdio: 'inherit' });
console.error(result.stdout, result.stderr);
console.error('The schema has changes without a migration: run `npm run db:generate` and commit the result.');
process.exit(1);
