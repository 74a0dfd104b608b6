/**
 * What a phone downloads before a public page can paint and hydrate (decision 0033), checked
 * exactly rather than timed: the stylesheet is in the document (no render-blocking request), the
 * two preloaded fonts are the core subset files and the pages show no character outside them, the
 * hero offers a phone-sized image, and the shop's own first-load scripts stay under 26.5 kB brotli
 * beside the framework's, with no schema library in them (nor on the cart page).
 * The timings themselves are measured by `npm run bench:pages` (bench/README.md).
 */
import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE, inRanges } from '../scripts/font-ranges.mjs';
import { startModules } from '../src/server/http/deferred-start';
import { startShop, type RunningShop } from './server';

let shop: RunningShop;
let productSlug: string;

beforeAll(async () => {
  shop = await startShop();
  const products = (await (await fetch(`${shop.url}/api/products`)).json()) as { slug: string }[];
  productSlug = products[0]!.slug;
});

afterAll(async () => {
  await shop?.stop();
});

/** The bytes sent for `path` when a browser asks for brotli (hashed assets are precompressed). */
function brotliBytes(path: string): Promise<{ bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    get(`${shop.url}${path}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        expect(res.statusCode, path).toBe(200);
        const body = Buffer.concat(chunks);
        const text = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : body;
        resolve({ bytes: body.length, text: text.toString('utf8') });
      });
    }).on('error', reject);
  });
}

const KB = 1024;

describe('first-load weight of public pages', () => {
  const pages = () => [
    '/',
    '/shop',
    `/products/${productSlug}`,
    '/categories/chunky-protein-cookies',
    '/chunky-variety-pack',
  ];

  it('inlines the stylesheet and preloads only the two core font files', async () => {
    for (const path of pages()) {
      const html = await (await fetch(`${shop.url}${path}`)).text();
      expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(html, path).toMatch(/<style id="stylesheet">[^<]*--color-cocoa/);
      const fonts = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]!);
      expect(fonts.map((href) => href.replace(/-[\w-]{8}\.woff2$/, '')).sort(), path).toEqual([
        '/assets/fraunces-core',
        '/assets/inter-core',
      ]);
      for (const href of fonts) {
        const res = await fetch(`${shop.url}${href}`);
        expect((await res.arrayBuffer()).byteLength, href).toBeLessThan(24 * KB);
      }
    }
  });

  it('shows only characters of the core font files, so no page of the demo catalogue fetches another font', async () => {
    for (const path of pages()) {
      const html = await (await fetch(`${shop.url}${path}`)).text();
      const text = html
        .replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
        .replace(/&#x([\da-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)));
      const outside = [...new Set(text)].filter(
        (char) => char.trim() && !inRanges(CORE, char.codePointAt(0)!),
      );
      expect(outside, path).toEqual([]);
    }
  });

  it("offers the home page's hero at 800 px, what a phone asks for", async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    const hero = /<img[^>]*fetchPriority="high"[^>]*>/.exec(html)?.[0] ?? '';
    const w800 = /(\/images\/seed\/scene-hero-[\w]+-800w\.webp) 800w/.exec(hero)?.[1];
    expect(w800).toBeDefined();
    expect((await fetch(`${shop.url}${w800}`)).status).toBe(200);
  });

  it('starts the scripts after the first paint: no preload in the document, the module script inert until then', async () => {
    for (const path of pages()) {
      const html = await (await fetch(`${shop.url}${path}`)).text();
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html, path).not.toContain('type="module"');
      const scripts = startModules(html);
      expect(
        scripts.some((src) => /\/entry\.client-[\w-]+\.js$/.test(src)),
        path,
      ).toBe(true);
      expect(
        scripts.some((src) => /\/framework-[\w-]+\.js$/.test(src)),
        path,
      ).toBe(true);
    }
  });

  // 20 kB until the cart's limits and confirmations, the order page and the phone product page
  // (decisions 0051-0053) grew the shared chunk by about 1 kB; 22 kB until the product page's
  // One-time / Subscribe choice and the cart's subscription lines (decision 0056) added about 1.1 kB
  // (the schedule and the API's texts stay out of these pages). What only some visits need (the
  // drawer, the sticky bar, the nutrition label, the welcome banner) is fetched on demand. 23 kB
  // until the product page's gallery, Nutrition Facts, reviews and the header's search box
  // (decisions 0061-0064) added about 2.5 kB, inside the 5 kB they were allowed; the zoom view and
  // the review form are fetched on demand. 26 kB until the Web Vitals reporter's start on every page
  // (decision 0072: the sampling, Do Not Track and Global Privacy Control checks and the import, about
  // 180 bytes; the reporter itself is fetched after hydration, below). 26.25 kB until the sections
  // below the fold were laid out after hydration (decision 0076: the idle steps, the Back and Forward
  // listener and the adopted rule, about 300 bytes; the inline script's text is read back from the
  // document, not carried).
  it("keeps the shop's own first-load scripts under 26.5 kB brotli, apart from the framework's", async () => {
    for (const path of pages()) {
      const html = await (await fetch(`${shop.url}${path}`)).text();
      const scripts = startModules(html);
      let framework = 0;
      let shopOwn = 0;
      for (const src of scripts) {
        const { bytes, text } = await brotliBytes(src);
        expect(text, `${src} on ${path} carries no zod`).not.toContain('ZodError');
        if (/\/framework-[\w-]+\.js$/.test(src)) framework += bytes;
        else shopOwn += bytes;
      }
      expect(framework, path).toBeGreaterThan(50 * KB);
      expect(shopOwn, `${path}: ${scripts.join(' ')}`).toBeLessThan(26.5 * KB);
      console.log(`first-load scripts of ${path}: ${shopOwn} bytes brotli`);
    }
  });

  // Decision 0072: the issue allowed the Web Vitals reporter 2 kB; Google's library is 2.1 kB by
  // itself. This holds it to what it measures, so that growth is a decision.
  it('fetches the Web Vitals reporter only after hydration, and keeps it under 2.6 kB brotli', async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    const scripts = startModules(html);
    expect(scripts.some((src) => src.includes('report-vitals'))).toBe(false);
    let reporter: string | undefined;
    for (const src of scripts) {
      reporter ??= /["'`]([^"'`]*report-vitals-[\w-]+\.js)["'`]/.exec((await brotliBytes(src)).text)?.[1];
    }
    expect(reporter, 'a first-load script imports the reporter').toBeDefined();
    const path = `/assets/${reporter!.split('/').pop()}`;
    const { bytes, text } = await brotliBytes(path);
    // Its own imports that the first load has not fetched already.
    const more = [...text.matchAll(/["']\.\/([\w.-]+\.js)["']/g)]
      .map((match) => `/assets/${match[1]}`)
      .filter((asset) => !scripts.includes(asset));
    let total = bytes;
    for (const asset of more) total += (await brotliBytes(asset)).bytes;
    console.log(`Web Vitals reporter: ${total} bytes brotli (${[path, ...more].join(' ')})`);
    expect(total).toBeLessThan(2.6 * KB);
  });

  it('loads no schema library on the cart page, the step a phone takes before checkout', async () => {
    const html = await (await fetch(`${shop.url}/cart`)).text();
    const scripts = startModules(html);
    expect(scripts.some((src) => /\/cart-[\w-]+\.js$/.test(src))).toBe(true);
    for (const src of scripts) {
      const { text } = await brotliBytes(src);
      expect(text, `${src} on /cart carries no zod`).not.toContain('ZodError');
    }
  });
});
