#!/usr/bin/env node
/**
 * The catalogue on a phone: page heights and where the product page's Add to Cart ends, at 390 × 844
 * (and the same at 1280 × 800 for comparison). Reported, not asserted; e2e/product-phone.test.ts
 * holds the bounds.
 *
 * Usage: node bench/phone-layout.mjs --url http://127.0.0.1:3900 [--baseline http://127.0.0.1:3901]
 *   [--shots DIR]
 * Each shop must be running (say, with `npm start` on a fresh DATA_DIR). With --shots, a full-page
 * and a first-screen screenshot of each page at each size are written to DIR/{after,before}/.
 */
/* global document, window */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const url = option('url', 'http://127.0.0.1:3000').replace(/\/$/, '');
const baseline = option('baseline', undefined)?.replace(/\/$/, '');
const shots = option('shots', undefined);

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function pagesOf(base) {
  const products = await (await fetch(`${base}/api/products`)).json();
  const cookie = products.find((p) => p.category === 'Chunky Protein Cookies') ?? products[0];
  return ['/shop', `/products/${cookie.slug}`, '/categories/chunky-protein-cookies', '/chunky-variety-pack'];
}

async function measure(browser, base, label) {
  const rows = [];
  for (const size of SIZES) {
    const context = await browser.newContext({
      viewport: size,
      ...(size.width < 640 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    const page = await context.newPage();
    for (const path of await pagesOf(base)) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const figures = await page.evaluate(() => {
        const main = document.querySelector('main');
        const first = main?.querySelector('section');
        const button = [...(first?.querySelectorAll('button') ?? [])].find((b) =>
          /Add to Cart|Sold out/.test(b.textContent ?? ''),
        );
        const card = document.querySelector('main article');
        return {
          scrollHeight: document.documentElement.scrollHeight,
          addToCartBottom: button ? Math.round(button.getBoundingClientRect().bottom + window.scrollY) : null,
          cardHeight: card ? Math.round(card.getBoundingClientRect().height) : null,
          cards: document.querySelectorAll('main article').length,
        };
      });
      rows.push({ size: `${size.width}×${size.height}`, path, ...figures });
      if (shots) {
        const dir = join(shots, label);
        mkdirSync(dir, { recursive: true });
        const name = `${path.replace(/^\//, '').replace(/\//g, '_') || 'home'}-${size.width}`;
        await page.screenshot({ path: join(dir, `${name}-screen.png`) });
        await page.screenshot({ path: join(dir, `${name}-full.png`), fullPage: true });
      }
    }
    await context.close();
  }
  return rows;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const after = await measure(browser, url, 'after');
  const before = baseline ? await measure(browser, baseline, 'before') : null;
  console.log(
    `| size | page | scrollHeight${before ? ' before → after' : ''} | Add to Cart bottom${before ? ' before → after' : ''} | first card height${before ? ' before → after' : ''} |`,
  );
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const [i, row] of after.entries()) {
    const was = before?.[i];
    const pair = (key) => (was ? `${was[key] ?? '–'} → ${row[key] ?? '–'}` : `${row[key] ?? '–'}`);
    console.log(
      `| ${row.size} | \`${row.path}\` | ${pair('scrollHeight')} | ${pair('addToCartBottom')} | ${pair('cardHeight')} |`,
    );
  }
} finally {
  await browser.close();
}
