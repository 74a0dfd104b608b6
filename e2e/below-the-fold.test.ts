/**
 * Sections below the fold (decision 0076): served with `content-visibility: auto` so that the first
 * paint and hydration lay out only the first screen, laid out after hydration one per idle moment,
 * and never left skipped when a scroll position is restored (decision 0037 found that a restored
 * position on skipped sections, which count as 700 px, lands the shopper in the wrong place).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, watchForErrors } from './browser';
import { startShop, type RunningShop } from './server';

let shop: RunningShop;
let browser: Browser;
let productSlug: string;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const products = (await (await fetch(`${shop.url}/api/products`)).json()) as { slug: string }[];
  productSlug = products[0]!.slug;
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const PHONE = { width: 412, height: 823 };

/** How many `.below-fold` sections the browser is still skipping. */
const skipped = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('.below-fold')].filter(
        (element) => getComputedStyle(element).contentVisibility !== 'visible',
      ).length,
  );

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * A page whose idle moments never come: the sections stay skipped after hydration, as they are for
 * a shopper who acts within the first second, so only the restoring paths can lay them out.
 */
async function pageWithoutIdleMoments(): Promise<Page> {
  const page = await browser.newPage({ viewport: PHONE });
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  return page;
}

describe('sections below the fold', () => {
  it('are laid out after hydration, one at a time; the footer waits, never the section with the largest image', async () => {
    const paths = [
      '/',
      '/shop',
      `/products/${productSlug}`,
      '/categories/chunky-protein-cookies',
      '/chunky-variety-pack',
    ];
    for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
      const page = await browser.newPage({ viewport });
      const errors = watchForErrors(page);
      for (const path of paths) {
        const served = await (await fetch(`${shop.url}${path}`)).text();
        expect(served.match(/class="[^"]*\bbelow-fold\b/g)?.length ?? 0, path).toBeGreaterThanOrEqual(3);
        await page.goto(`${shop.url}${path}`);
        await page.waitForSelector('html[data-laid-out]', { state: 'attached' });
        const found = await page.evaluate(async () => {
          const lcp = await new Promise<Element | null>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
              resolve(entries.at(-1)?.element ?? null);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          });
          return {
            lcp: lcp?.tagName.toLowerCase() ?? null,
            lcpWaited: Boolean(lcp?.closest('.below-fold')),
            footerWaited: Boolean(document.querySelector('footer')?.closest('.below-fold')),
            laidOneByOne: document.querySelectorAll('.below-fold[data-laid-out]').length,
          };
        });
        const where = `${path} at ${viewport.width} px`;
        expect(found.lcp, where).not.toBeNull();
        expect(found.lcpWaited, where).toBe(false);
        expect(found.footerWaited, where).toBe(true);
        expect(found.laidOneByOne, where).toBeGreaterThanOrEqual(3);
        expect(await skipped(page), where).toBe(0);
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('wait on the first screen until hydration, and the pages that follow lay out at once', async () => {
    const page = await pageWithoutIdleMoments();
    await page.goto(`${shop.url}/shop`);
    await hydrated(page);
    // Far below the first screen, nothing has come near it: skipped.
    expect(await skipped(page)).toBeGreaterThanOrEqual(2);
    await page.close();

    const laidOut = await browser.newPage({ viewport: PHONE });
    await laidOut.goto(`${shop.url}/shop`);
    await laidOut.waitForSelector('html[data-laid-out]', { state: 'attached' });
    await laidOut.locator(`a[href="/products/${productSlug}"]`).first().click();
    await laidOut.waitForURL(`**/products/${productSlug}`);
    await laidOut.locator('#reviews').waitFor({ state: 'attached' });
    expect(await skipped(laidOut)).toBe(0);
    await laidOut.close();
  });

  it('are laid out before a reload restores the scroll position', async () => {
    const page = await pageWithoutIdleMoments();
    await page.goto(`${shop.url}/shop`);
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 3000));
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(2500);
    // The browser's own restoration competes with React Router's on a reload: three of them, so that a
    // race between the two shows.
    for (let i = 0; i < 3; i++) {
      await page.reload();
      const early = await page.evaluate(() => ({
        y: Math.round(window.scrollY),
        skipped: [...document.querySelectorAll('.below-fold')].filter(
          (element) => getComputedStyle(element).contentVisibility !== 'visible',
        ).length,
      }));
      expect(early).toEqual({ y: before, skipped: 0 });
      await hydrated(page);
      // Never away from it while the page loads and hydrates.
      const low = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let lowest = window.scrollY;
            const watch = () => (lowest = Math.min(lowest, window.scrollY));
            window.addEventListener('scroll', watch);
            setTimeout(() => resolve(Math.round(lowest)), 1000);
          }),
      );
      expect(low).toBe(before);
      expect(await scrollY(page)).toBe(before);
    }
    await page.close();
  });

  it('are laid out before Back restores the scroll position', async () => {
    const page = await pageWithoutIdleMoments();
    await page.goto(`${shop.url}/shop`);
    await hydrated(page);
    // A product near the bottom of the shop, scrolled to the middle of the screen.
    const link = page.locator('a[href^="/products/"]').last();
    await link.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(2000);
    expect(await skipped(page)).toBeGreaterThanOrEqual(1);
    await link.click();
    await page.waitForURL('**/products/**');
    await page.goBack();
    await page.waitForURL('**/shop');
    await expect.poll(() => scrollY(page)).toBe(before);
    expect(await skipped(page)).toBe(0);
    await page.close();
  });

  it('are laid out before the browser goes to a #fragment', async () => {
    const page = await pageWithoutIdleMoments();
    await page.goto(`${shop.url}/products/${productSlug}#reviews`);
    // No idle moment comes and nothing goes back: only the inline script can have laid them out.
    expect(await skipped(page)).toBe(0);
    await page.close();
  });

  it('take the shopper to #reviews, which arrive last, on a first load and after a navigation', async () => {
    // The reviews' code loads apart and the server sends their section last, after the browser's
    // own jump to a fragment and React Router's have looked for it.
    const reviewsInView = (page: Page) =>
      page.evaluate(() => {
        const top = document.getElementById('reviews')?.getBoundingClientRect().top;
        return top !== undefined && top > -2 && top < window.innerHeight / 2;
      });
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchForErrors(page);
    await page.goto(`${shop.url}/products/${productSlug}#reviews`);
    await hydrated(page);
    await expect.poll(() => reviewsInView(page), { timeout: 5000 }).toBe(true);

    // A link from a page without the reviews' code (the admin's review list links like this).
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    await page.evaluate(
      (to) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate(to),
      `/products/${productSlug}#reviews`,
    );
    await page.waitForURL(`**/products/${productSlug}#reviews`);
    await expect.poll(() => reviewsInView(page), { timeout: 5000 }).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('wait for nothing without scripts', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['/shop', `/products/${productSlug}`]) {
      await page.goto(`${shop.url}${path}`);
      expect(await page.locator('.below-fold').count(), path).toBeGreaterThanOrEqual(3);
      expect(await skipped(page), path).toBe(0);
    }
    await context.close();
  });
});
