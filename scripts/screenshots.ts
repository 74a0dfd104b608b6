/**
 * Full-page screenshots of pages at phone and desktop widths, for looking at what shoppers see.
 * Usage: npx tsx scripts/screenshots.ts http://localhost:3000 / /shop ...  (files go to ./screenshots)
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../e2e/browser';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const outDir = 'screenshots';
mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
for (const path of paths.length > 0 ? paths : ['/']) {
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // Scroll through once so lazy images load before the full-page capture.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 120));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    await page
      .waitForFunction(
        () => [...document.images].every((image) => image.complete || image.getClientRects().length === 0),
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => console.warn(`${path} (${name}): some images did not finish loading`));
    const file = `${outDir}/${path.replace(/\W+/g, '_') || 'home'}-${name}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
}
await browser.close();
