#!/usr/bin/env node
/**
 * Where a page's main thread goes in a fresh tab (a new renderer, as on a shopper's first visit,
 * which Lighthouse's repeated runs in one tab never are): the page is loaded once to warm the HTTP
 * cache, then in a new tab under a CPU slowdown with V8's sampling profiler on, and the script time
 * is summed by file and by function. Used for decision 0076 (locale data built while a page loads).
 *
 * Usage: node bench/page-profile.mjs --url http://127.0.0.1:3000 [--path /shop] [--slowdown 4]
 *   [--top 25] [--runs 3]
 * Against a running shop (`npm start`); the figures are at the slowdown, like Lighthouse's.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const base = option('url', 'http://127.0.0.1:3000').replace(/\/$/, '');
const path = option('path', '/');
const slowdown = Number(option('slowdown', '4'));
const top = Number(option('top', '25'));
const runs = Number(option('runs', '3'));

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});
const warm = await context.newPage();
await warm.goto(base + path);
await warm.waitForTimeout(1500);
await warm.close();

const byFile = new Map();
const byFunction = new Map();
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
for (let run = 0; run < runs; run++) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  // A query the page ignores, so that nothing answers from a cache of the document itself.
  await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}profile=${Date.now()}`, {
    waitUntil: 'load',
  });
  await page.waitForTimeout(4000);
  const { profile } = await cdp.send('Profiler.stop');
  await page.close();
  const self = new Map();
  profile.samples.forEach((id, i) => add(self, id, (profile.timeDeltas[i] ?? 0) / 1000));
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    const file = url ? url.replace(base, '').replace(/\?.*$/, '') : `(${functionName || 'native'})`;
    add(byFile, file, ms / runs);
    add(
      byFunction,
      `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`,
      ms / runs,
    );
  }
}
await browser.close();

const rows = (map) =>
  [...map]
    .filter(([key]) => !key.includes('((idle))'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${key}`)
    .join('\n');
console.log(
  `${base}${path}, fresh tab, ${slowdown}x CPU slowdown, mean of ${runs} loads (4 s after load each)`,
);
console.log(`\nBy file:\n${rows(byFile)}`);
console.log(`\nBy function (self time):\n${rows(byFunction)}`);
