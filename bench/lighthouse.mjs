#!/usr/bin/env node
/**
 * `npm run bench:pages`: Lighthouse (mobile preset: simulated slow 4G and a mid-range phone) against
 * the built server, three runs per page, median reported. Budgets are reported, not asserted:
 * performance >= 95, accessibility / best practices / SEO 100, LCP <= 1.8 s, CLS <= 0.05,
 * first-load JavaScript <= 100 kB (transferred, compressed).
 *
 * Usage: node bench/lighthouse.mjs [--runs 3] [--url http://localhost:3000] [--baseline URL] [--write]
 *   [--throttling simulate|devtools]
 *   Without --url it builds if needed, starts the shop on a free port with a fresh DATA_DIR and
 *   stops it afterwards. --baseline measures a second shop (say, the previous commit's build) in turn
 *   with the first, page by page, and reports both and the ratios. --write replaces the table in
 *   bench/README.md. --throttling devtools slows the CPU and network for real instead of simulating
 *   it from an unthrottled run (Lighthouse's default): slower and noisier, but it sees work that moves
 *   within the page's load, such as layout deferred past hydration (decision 0076).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

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
];

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
    failing: [...new Set(samples.flatMap((s) => s.failing))],
  };
};

const rows = [];
const baselineRows = [];
try {
  for (const path of pages) {
    // Warm-up: server caches, compiled templates.
    await measure(chrome, shop.url + path);
    if (baseline) await measure(chrome, baseline + path);
    const samples = [];
    const baselineSamples = [];
    // With --baseline, the two shops take turns, so both see the same moments of a noisy machine.
    for (let i = 0; i < runs; i++) {
      if (baseline) baselineSamples.push(await measure(chrome, baseline + path));
      samples.push(await measure(chrome, shop.url + path));
    }
    rows.push(summarise(path, samples));
    if (baseline) baselineRows.push(summarise(path, baselineSamples));
    console.error(`measured ${path}`);
  }
} finally {
  await chrome.kill();
  await shop.stop();
}

const tableOf = (rows) =>
  [
    '| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | JS (kB, compressed) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${r.jsKb.toFixed(1)} |`,
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
      '| page | LCP after / before | performance after / before |',
      '| --- | ---: | ---: |',
      ...rows.map(
        (r, i) =>
          `| \`${r.path}\` | ${(r.lcp / 1000).toFixed(2)} / ${(baselineRows[i].lcp / 1000).toFixed(2)} s = ${(r.lcp / baselineRows[i].lcp).toFixed(2)} | ${r.performance} / ${baselineRows[i].performance} |`,
      ),
    ].join('\n')
  : tableOf(rows);
const failing = rows
  .filter((r) => r.failing.length > 0)
  .map((r) => `- \`${r.path}\`: ${r.failing.join(', ')}`);
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const report = [
  `Lighthouse ${JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile preset (${throttlingMethod} throttling), median of ${runs} runs after one warm-up, on ${new Date().toISOString().slice(0, 10)}; ${machine}.`,
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
