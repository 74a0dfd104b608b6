#!/usr/bin/env node
/**
 * First-load weight of server-rendered pages: the HTML document and every script, stylesheet and
 * preloaded font it names, each measured gzip-compressed (as a CDN would send them).
 * Usage: node bench/page-weight.mjs [baseUrl] [path...]   (default http://localhost:3000 /)
 */
import { gzipSync } from 'node:zlib';

const [base = 'http://localhost:3000', ...args] = process.argv.slice(2);
const paths = args.length > 0 ? args : ['/'];
const kb = (bytes) => (bytes / 1024).toFixed(1);

for (const path of paths) {
  const html = await (await fetch(base + path)).text();
  const assets = new Set();
  for (const match of html.matchAll(/<link[^>]+>/g)) {
    const tag = match[0];
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    if (!href?.startsWith('/assets/')) continue;
    if (/rel="(modulepreload|stylesheet|preload)"/.test(tag)) assets.add(href);
  }
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+)"/g))
    assets.add(match[1]);
  // Scripts started after the first paint (decision 0035) are listed on the inert start script.
  for (const href of /id="start-scripts" data-preload="([^"]*)"/.exec(html)?.[1].split(' ') ?? [])
    if (href) assets.add(href);

  const rows = [];
  for (const href of assets) {
    const body = Buffer.from(await (await fetch(base + href)).arrayBuffer());
    const kind = href.endsWith('.js') ? 'js' : href.endsWith('.css') ? 'css' : 'font';
    rows.push({
      href,
      kind,
      raw: body.length,
      gzip: kind === 'font' ? body.length : gzipSync(body, { level: 9 }).length,
    });
  }
  const total = (kind) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.gzip, 0);
  const doc = Buffer.from(html);
  console.log(`\n${path}`);
  console.log(`  document  ${kb(doc.length)} kB raw, ${kb(gzipSync(doc, { level: 9 }).length)} kB gzip`);
  console.log(
    `  JS        ${kb(total('js'))} kB gzip in ${rows.filter((r) => r.kind === 'js').length} files`,
  );
  console.log(`  CSS       ${kb(total('css'))} kB gzip`);
  console.log(`  fonts     ${kb(total('font'))} kB (woff2, preloaded)`);
}
