/**
 * Where a process's CPU time went, from a V8 CPU profile (`node --cpu-prof`): self time grouped by
 * package (node_modules/<package>), the shop's own code, Node's internals, garbage collection and idle
 * time, then the functions with the most self time.
 *
 *   node bench/cpu-profile-summary.mjs <file.cpuprofile> [top functions, default 25] [--last <seconds>]
 *
 * `--last 6` counts only the profile's last six seconds: the load, not the start-up before it.
 *
 * `bench/api.mjs --profile <dir>` writes the shop's profile there (NODE_OPTIONS=--cpu-prof).
 */
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
const lastAt = argv.indexOf('--last');
const lastSeconds = lastAt >= 0 ? Number(argv.splice(lastAt, 2)[1]) : undefined;
const [file, topArg] = argv;
if (!file) {
  console.error('usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const TOP = Number(topArg) || 25;

// With --last, the samples before the window weigh nothing.
if (lastSeconds !== undefined) {
  let at = profile.startTime;
  const times = profile.timeDeltas.map((delta) => (at += delta));
  const from = at - lastSeconds * 1e6;
  profile.timeDeltas = profile.timeDeltas.map((delta, i) => (times[i] >= from ? delta : 0));
}

// Self time per node: the time deltas of the samples that landed on it.
const selfMs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}

/** The group a frame's time is counted under. */
function groupOf({ url, functionName }) {
  if (!url) {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return '(garbage collector)';
    if (functionName === '(program)') return '(program: V8 and native code)';
    return `(native: ${functionName || 'anonymous'})`;
  }
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:'))
    return `node:${url.slice(5).split('/')[0] === 'internal' ? 'internal' : url.slice(5)}`;
  const app = url.indexOf('/build/app/');
  if (app >= 0)
    return `shop: ${url
      .slice(app + '/build/app/'.length)
      .split('/')
      .slice(0, -1)
      .join('/')}`;
  return url;
}

const byGroup = new Map();
const byFunction = new Map();
let total = 0;
for (const node of profile.nodes) {
  const ms = selfMs.get(node.id) ?? 0;
  if (ms === 0) continue;
  total += ms;
  const group = groupOf(node.callFrame);
  byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/build\/app\//, 'build/app/')}:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
}
const busy = total - (byGroup.get('(idle)') ?? 0);

// Inclusive time per group: a sample counts for every group on its stack (once each), so a package's
// figure includes what it called (drizzle-orm includes the pg calls it makes, zod the checks it runs).
const parentOf = new Map();
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const seen = new Set();
  for (let id = profile.samples[i]; id !== undefined; id = parentOf.get(id)) {
    const frame = nodeById.get(id).callFrame;
    if (frame.functionName === '(root)') continue;
    seen.add(groupOf(frame));
  }
  for (const group of seen)
    inclusive.set(group, (inclusive.get(group) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}
const pct = (ms, of) => `${((ms / of) * 100).toFixed(1)}%`;

console.log(
  `${file}: ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy (not idle)\n`,
);
console.log('| package or part | self ms | self share of busy | inclusive share of busy |');
console.log('| --- | ---: | ---: | ---: |');
for (const [group, ms] of [...byGroup].sort((a, b) => b[1] - a[1])) {
  if (group === '(idle)') continue;
  if (ms / busy < 0.005) continue;
  console.log(
    `| ${group} | ${ms.toFixed(0)} | ${pct(ms, busy)} | ${pct(inclusive.get(group) ?? ms, busy)} |`,
  );
}
console.log(`\n| top functions by self time | ms | share of busy |`);
console.log('| --- | ---: | ---: |');
for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP + 1)) {
  if (name.startsWith('(idle)')) continue;
  console.log(`| \`${name.trim()}\` | ${ms.toFixed(0)} | ${pct(ms, busy)} |`);
}
