/**
 * Catalogue search (docs/product.md, Search; decision 0064), in the browser at phone and desktop
 * widths: the header's box and the phone menu's, the results with the query marked, the filters and
 * sorts as links, a typo's "Did you mean", the form without JavaScript, a bad query's message, and
 * the home page's SearchAction. axe at zero on every screen.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, hydrated, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openPage } from './storefront-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const axe = async (page: Page, label: string) =>
  expect(await allAccessibilityViolations(page), label).toEqual([]);
const filters = (page: Page) => page.getByTestId('search-filters');
const resultNames = (page: Page) => page.locator('main article h3').allInnerTexts();
const count = (page: Page) => page.locator('#search-results-title').innerText();
const prices = async (page: Page) =>
  (await page.locator('main article p.font-display').allInnerTexts()).map((t) =>
    Number(t.replace(/[^\d.]/g, '')),
  );

describe('search at 1280 px', () => {
  it('searches from the header, marks the words, filters and sorts', async () => {
    const { page, errors } = await openPage(browser, DESKTOP, { bypassCSP: true });
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    const box = page.getByRole('search').first().getByLabel('Search products');
    await box.fill('choc');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=choc$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Results for “choc”');
    await expect.poll(() => count(page)).toBe('6 products');
    expect(await page.locator('main article mark').first().innerText()).toBe('Chocolate');
    await axe(page, 'results');

    await filters(page)
      .getByRole('link', { name: /^Chunky Protein Cookies/ })
      .click();
    await page.waitForURL(/category=chunky-protein-cookies/);
    await expect.poll(() => count(page)).toBe('3 products');
    expect((await resultNames(page)).every((name) => name.includes('Cookies'))).toBe(true);

    await filters(page).getByRole('link', { name: 'Price: high to low' }).click();
    await page.waitForURL(/sort=price-desc/);
    await expect
      .poll(() =>
        filters(page).getByRole('link', { name: 'Price: high to low' }).getAttribute('aria-current'),
      )
      .toBe('true');
    const down = await prices(page);
    expect(down).toEqual([...down].sort((a, b) => b - a));

    await filters(page).getByRole('link', { name: /^All/ }).click();
    await page.waitForURL((url) => !url.search.includes('category='));
    await filters(page)
      .getByRole('link', { name: /^Grain-free/ })
      .click();
    await page.waitForURL(/diet=grain-free/);
    // The address changes before the new results render: wait for them, then read them.
    await expect.poll(() => count(page)).toBe('5 products');
    expect(await resultNames(page)).not.toContain('Dark Chocolate Coconut Granola');
    await axe(page, 'filtered and sorted');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers a near spelling when nothing matches', async () => {
    const { page, errors } = await openPage(browser, DESKTOP, { bypassCSP: true });
    await page.goto(`${shop.url}/search?q=granoal`);
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 2, name: 'No products match “granoal”' }).count()).toBe(
      1,
    );
    await axe(page, 'nothing found');
    await page.getByTestId('search-suggestions').getByRole('link', { name: 'granola', exact: true }).click();
    await page.waitForURL(/q=granola$/);
    await expect.poll(() => count(page)).toBe('2 products');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names a bad query on the page', async () => {
    const { page, errors } = await openPage(browser, DESKTOP, { bypassCSP: true });
    const res = await page.goto(`${shop.url}/search?q=${'a'.repeat(1000)}`);
    expect(res?.status()).toBe(400);
    await hydrated(page);
    expect(await page.getByRole('alert').innerText()).toBe(
      'Searches are limited to 100 characters; shorten yours.',
    );
    await axe(page, 'bad query');
    // The document's own 400, nothing else.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await page.close();
  });

  it('tells search engines how to search the shop, and keeps result pages out of their index', async () => {
    const home = await (await fetch(`${shop.url}/`)).text();
    expect(home).toContain('"@type":"SearchAction"');
    expect(home).toContain('/search?q={search_term_string}');
    const results = await (await fetch(`${shop.url}/search?q=choc`)).text();
    expect(results).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const sitemap = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain('/search');
  });
});

describe('search at 390 px', () => {
  it("searches from the phone menu's box, forgiving a typo", async () => {
    const { page, errors } = await openPage(browser, PHONE, { bypassCSP: true });
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const box = page.getByRole('dialog').getByLabel('Search products');
    await box.fill('peanutt');
    await axe(page, 'menu');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=peanutt$/);
    await hydrated(page);
    const names = await resultNames(page);
    expect(names).toContain('Peanut Butter Crunch Protein Cookies');
    expect(names).toContain('Chocolate Peanut Butter Energy Bites');
    await axe(page, 'results');
    await filters(page)
      .getByRole('link', { name: /^Energy Bites/ })
      .click();
    await page.waitForURL(/category=energybites/);
    await expect.poll(() => resultNames(page)).toEqual(['Chocolate Peanut Butter Energy Bites']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works without JavaScript: the header icon, the form, the filters', async () => {
    const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`${shop.url}/`);
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('What are you looking for?');
    const box = page.getByRole('search').getByLabel('Search products');
    await box.fill('maple');
    await box.press('Enter');
    await page.waitForURL(/q=maple/);
    await expect.poll(() => count(page)).toBe('3 products');
    await filters(page)
      .getByRole('link', { name: /^Granola/ })
      .click();
    await page.waitForURL(/category=granola/);
    await expect.poll(() => count(page)).toBe('2 products');
    await page.close();
  });
});
