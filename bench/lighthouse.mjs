#!/usr/bin/env node
/**
 * `npm run bench:pages`: Lighthouse (mobile preset: simulated slow 4G and a mid-range phone) against
 * the built server, three runs per page, median reported. Budgets are reported, not asserted:
 * performance >= 95, accessibility / best practices / SEO 100, LCP <= 1.8 s, CLS <= 0.05,
 * first-load JavaScript <= 100 kB (transferred, compressed).
 *
 * Usage: node bench/lighthouse.mjs [--runs 3] [--url http://localhost:3000] [--baseline URL] [--write]
 *   [--throttling simulate|devtools] [--cpu-slowdown 4] [--pages /,/shop]
 *   Without --url it builds if needed, starts the shop on a free port with a fresh DATA_DIR and
 *   stops it afterwards. --baseline measures a second shop (say, the previous commit's build) in turn
 *   with the first, page by page, and reports both and the ratios. --write replaces the table in
 *   bench/README.md. --throttling devtools slows the CPU and network for real instead of simulating
 *   it from an unthrottled run (Lighthouse's default): slower and noisier, but it sees work that moves
 *   within the page's load, such as layout deferred past hydration (decision 0076). --cpu-slowdown
 *   sets Lighthouse's CPU multiplier (4 by default): 4 is a mid-range phone only on the host
 *   Lighthouse was tuned on, so a quick host stands in for a slow one with a higher multiplier (the
 *   report prints Lighthouse's benchmark index of the host). --pages measures some of the pages.
 *   --floor also measures a bare page (one heading, one paragraph, no script, no style) served by
 *   this script, in the same turns: what the host and Lighthouse cost before the shop costs anything.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startBare } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option('runs', '3'));
const throttlingMethod = option('throttling', 'simulate');
if (!['simulate', 'devtools'].includes(throttlingMethod))
  throw new Error('--throttling is simulate or devtools');
const write = args.includes('--write');
// Lighthouse's 4x is relative to the machine it runs on: a slower host is a slower phone. A higher
// multiplier on a quick host stands in for the default on a slow one; the report prints Lighthouse's
// own CPU benchmark (environment.benchmarkIndex) so two days' hosts can be compared.
const cpuSlowdown = Number(option('cpu-slowdown', String(throttling.mobileSlow4G.cpuSlowdownMultiplier)));
if (!(cpuSlowdown >= 1)) throw new Error('--cpu-slowdown is a number, at least 1');
const onlyPages = option('pages', undefined)?.split(',');
const floor = args.includes('--floor');
const BARE_LABEL = '(bare page)';
const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Bare page</title>' +
  '<meta name="description" content="One heading and one paragraph, to measure the floor."></head>' +
  '<body><h1>Northbite</h1><p>One heading and one paragraph: the least a page can be.</p></body></html>';

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startShop() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'northbite-bench-'));
  // scripts/start.mjs builds when the build is missing or stale, exactly like `npm start`.
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function measure(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    throttlingMethod,
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  });
  const { categories, audits } = result.lhr;
  const scripts = audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    bestPractices: Math.round(categories['best-practices'].score * 100),
    seo: Math.round(categories.seo.score * 100),
    lcp: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    jsKb: (scripts?.transferSize ?? 0) / 1024,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

const explicitUrl = option('url', undefined);
const shop = explicitUrl ? { url: explicitUrl.replace(/\/$/, ''), stop: async () => {} } : await startShop();
const products = await (await fetch(`${shop.url}/api/products`)).json();
const product = products.find((p) => p.category === 'Chunky Protein Cookies') ?? products[0];
const pages = [
  '/',
  '/shop',
  `/products/${product.slug}`,
  '/categories/chunky-protein-cookies',
  '/chunky-variety-pack',
].filter((path) => !onlyPages || onlyPages.some((only) => path === only || path.startsWith(`${only}/`)));

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});

const baseline = option('baseline', undefined)?.replace(/\/$/, '');
const summarise = (path, samples) => {
  const pick = (key) => median(samples.map((s) => s[key]));
  return {
    path,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcp: pick('lcp'),
    cls: pick('cls'),
    tbt: pick('tbt'),
    jsKb: pick('jsKb'),
    benchmarkIndex: pick('benchmarkIndex'),
    failing: [...new Set(samples.flatMap((s) => s.failing))],
  };
};

const rows = [];
const baselineRows = [];
// The floor row of the report.
const barePage = floor
  ? await startBare(BARE_PAGE, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  : undefined;
// The bare page stands in for a path of both shops: the same page, measured in the same turns.
const targets = [
  ...(barePage ? [{ path: BARE_LABEL, url: `${barePage.url}/`, baselineUrl: `${barePage.url}/` }] : []),
  ...pages.map((path) => ({ path, url: shop.url + path, baselineUrl: baseline && baseline + path })),
];
try {
  for (const { path, url, baselineUrl } of targets) {
    // Warm-up: server caches, compiled templates.
    await measure(chrome, url);
    if (baseline) await measure(chrome, baselineUrl);
    const samples = [];
    const baselineSamples = [];
    // With --baseline, the two shops take turns, so both see the same moments of a noisy machine.
    for (let i = 0; i < runs; i++) {
      if (baseline) baselineSamples.push(await measure(chrome, baselineUrl));
      samples.push(await measure(chrome, url));
    }
    rows.push(summarise(path, samples));
    if (baseline) baselineRows.push(summarise(path, baselineSamples));
    console.error(`measured ${path}`);
  }
} finally {
  await chrome.kill();
  await shop.stop();
  await barePage?.stop();
}

/** A shop's path in code type; the bare page's label as it is. */
const label = (row) => (row.path === BARE_LABEL ? row.path : `\`${row.path}\``);
const tableOf = (rows) =>
  [
    '| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | JS (kB, compressed) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${label(r)} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${r.jsKb.toFixed(1)} |`,
    ),
  ].join('\n');
const table = baseline
  ? [
      tableOf(rows),
      '',
      `Baseline (${baseline}), measured in turn with the table above:`,
      '',
      tableOf(baselineRows),
      '',
      '| page | LCP after / before | performance after / before | TBT after / before |',
      '| --- | ---: | ---: | ---: |',
      ...rows.map(
        (r, i) =>
          `| ${label(r)} | ${(r.lcp / 1000).toFixed(2)} / ${(baselineRows[i].lcp / 1000).toFixed(2)} s = ${(r.lcp / baselineRows[i].lcp).toFixed(2)} | ${r.performance} / ${baselineRows[i].performance} | ${Math.round(r.tbt)} / ${Math.round(baselineRows[i].tbt)} ms |`,
      ),
    ].join('\n')
  : tableOf(rows);
const failing = rows
  // The bare page fails audits no shop page would (robots.txt, the back/forward cache): not the shop's.
  .filter((r) => r.path !== BARE_LABEL && r.failing.length > 0)
  .map((r) => `- ${label(r)}: ${r.failing.join(', ')}`);
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const report = [
  `Lighthouse ${JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile preset (${throttlingMethod} throttling, CPU ${cpuSlowdown}x), median of ${runs} runs after one warm-up, on ${new Date().toISOString().slice(0, 10)}; ${machine}; Lighthouse's benchmark index ${Math.round(median(rows.map((r) => r.benchmarkIndex)))}.`,
  `Command: \`node bench/lighthouse.mjs ${args.join(' ')}\`.`,
  '',
  table,
  ...(failing.length > 0 ? ['', 'Audits not passing in at least one run:', ...failing] : []),
].join('\n');
console.log(report);

if (write) {
  const readme = join(root, 'bench/README.md');
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- lighthouse:start -->';
  const end = '<!-- lighthouse:end -->';
  writeFileSync(readme, text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${report}\n${end}`));
}
