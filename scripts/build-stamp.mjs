#!/usr/bin/env node
/**
 * The build stamp (`build/.build-stamp`): when the build was made and for which mode. `npm run build`
 * writes it last, so a build that failed half-way has none. `npm start` (scripts/start.mjs) serves a
 * build only when its stamp is newer than the sources and says `production`: a build made with
 * NODE_ENV=development carries React's development bundle (over 500 kB), and counts as stale.
 *
 * Run as a script, it writes the stamp for the build just made.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The mode a build is made in: Vite bundles React for whatever NODE_ENV says, production if unset. */
export const buildModeOf = (env) => env.NODE_ENV || 'production';

export const stampPath = (root) => join(root, 'build', '.build-stamp');

/** The stamp, or null when there is none or it predates modes (a plain date: mode unknown). */
export function readStamp(root) {
  const path = stampPath(root);
  if (!existsSync(path)) return null;
  try {
    const stamp = JSON.parse(readFileSync(path, 'utf8'));
    return typeof stamp?.builtAt === 'string' && typeof stamp?.mode === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

/**
 * Why the build cannot be served as it is, or null when it can: no build, a build in another mode,
 * or sources changed since (`sourcesAt`, the newest source file's mtime in ms).
 */
export function staleReason(stamp, sourcesAt, serverEntryExists = true) {
  if (!stamp || !serverEntryExists) return 'No build found: building the shop...';
  if (stamp.mode !== 'production') {
    return `The build was made for ${stamp.mode}: building the shop for production...`;
  }
  if (Date.parse(stamp.builtAt) < sourcesAt) return 'Sources changed: rebuilding the shop...';
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const stamp = { builtAt: new Date().toISOString(), mode: buildModeOf(process.env) };
  writeFileSync(stampPath(root), `${JSON.stringify(stamp)}\n`);
}
