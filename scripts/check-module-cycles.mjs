#!/usr/bin/env node
/**
 * No import cycle between modules (decision 0045): the server's modules (src/server/modules/<name>)
 * and the web's features (src/web/features/<name>) each form a graph of which module imports which
 * (type imports included; tests and test kits left out), and that graph must have no cycle. Prints
 * every cycle with one import that makes each step, and exits 1 when there is one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const AREAS = ['src/server/modules', 'src/web/features'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]/g;
const isTest = (file) => /\.test\.tsx?$|test-kit\.ts$|\/testing\//.test(file);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(name) && !isTest(path)) yield path;
  }
}

let failed = false;
for (const area of AREAS) {
  const base = join(root, area);
  const moduleOf = (path) => {
    const rel = relative(base, path);
    return rel.startsWith('..') || !rel.includes('/') ? null : rel.split('/')[0];
  };
  /** edges.get(a).get(b) = one file of a importing b, for the message. */
  const edges = new Map();
  for (const file of files(base)) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (!spec.startsWith('.')) continue;
      const to = moduleOf(resolve(dirname(file), spec));
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${relative(root, file)} -> ${spec}`);
    }
  }
  // Depth-first search; a grey node met again closes a cycle.
  const state = new Map();
  const stack = [];
  const cycles = new Set();
  const visit = (node) => {
    state.set(node, 'grey');
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (state.get(next) === 'grey') {
        const cycle = stack.slice(stack.indexOf(next)).concat(next);
        const key = cycle.slice(0, -1).sort().join(',');
        if (!cycles.has(key)) {
          cycles.add(key);
          failed = true;
          console.error(`${area}: import cycle ${cycle.join(' -> ')}`);
          for (let i = 0; i < cycle.length - 1; i++) {
            console.error(`  ${edges.get(cycle[i]).get(cycle[i + 1])}`);
          }
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'black');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
}
if (failed) process.exit(1);
console.log('No import cycle between modules.');
