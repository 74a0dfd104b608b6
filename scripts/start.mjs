#!/usr/bin/env node
/**
 * `npm start`: builds the app when the build is missing, older than the sources or made for another
 * mode (scripts/build-stamp.mjs), then starts the compiled server (which migrates, seeds an empty
 * database and listens on PORT). The build is always for production, whatever NODE_ENV says:
 * `npm run dev` is the development server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readStamp, staleReason } from './build-stamp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = join(root, 'build', 'app', 'server', 'main.js');
const inputs = [
  'src',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sourcesAt = Math.max(...inputs.map((input) => newestMtime(join(root, input))));
const reason = staleReason(readStamp(root), sourcesAt, existsSync(serverEntry));

if (reason) {
  console.log(reason);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(
      'Build failed; see the output above. (Production images built with --omit=dev must ship a build.)',
    );
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

await import(pathToFileURL(serverEntry).href);
