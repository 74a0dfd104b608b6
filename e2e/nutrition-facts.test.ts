/**
 * The Nutrition Facts table (docs/product.md, Nutrition Facts; decision 0062) in the browser: on
 * the product page at phone and desktop widths, laid out like the Canadian table with its bilingual
 * headings (the French marked as French), the seeded values rounded and with their % daily values,
 * accessible (axe at zero) and without sideways scrolling on a phone; and an admin's edit in the
 * product form showing on the page.
 */
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, hydrated, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openSignedIn, shopApi, type Session } from './shop-api';
import { openPage } from './storefront-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ADMIN = { email: 'facts-owner@northbite.test', password: 'maple-facts-owner-2026' };

let shop: RunningShop;
let browser: Browser;
let admin: Session;
const api = shopApi(() => shop.url, '10.73');

beforeAll(async () => {
  shop = await startShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' });
  browser = await launchBrowser();
  admin = await api<Session>('/api/users/login', { method: 'POST', body: ADMIN });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const table = (page: Page) => page.locator('section[aria-labelledby="nutrition-facts-title"] table');
/** Each row of the table as its cells' texts (the empty ones left out), joined by ' | '. */
const rows = (page: Page) =>
  table(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...(tr as HTMLTableRowElement).cells]
          .map((cell) => (cell.textContent ?? '').trim())
          .filter(Boolean)
          .join(' | '),
      ),
    );

/** The seeded Maple Almond Granola, as the table shows it (written out apart from the app's rules). */
const GRANOLA_ROWS = [
  'Calories | 200',
  'Fat / Lipides | 10 g | 13 %',
  'Saturated / saturés | 3 g | 15 %',
  '+ Trans / trans | 0 g',
  'Carbohydrate / Glucides | 19 g',
  'Fibre / Fibres | 4 g | 14 %',
  'Sugars / Sucres | 6 g | 6 %',
  'Protein / Protéines | 8 g',
  'Cholesterol / Cholestérol | 0 mg',
  'Sodium | 55 mg | 2 %',
  'Potassium | 200 mg | 6 %',
  'Calcium | 40 mg | 3 %',
  'Iron / Fer | 1.75 mg | 10 %',
];

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('the product page on a %s', (_name, viewport) => {
  it('shows the Nutrition Facts table like a Canadian package, bilingual and accessible', async () => {
    // axe-core is injected as a script: the only reason the policy is lifted here.
    const { page, errors } = await openPage(browser, viewport, { bypassCSP: true });
    await page.goto(`${shop.url}/products/maple-almond-granola`, { waitUntil: 'networkidle' });
    await hydrated(page);

    const facts = table(page);
    await facts.scrollIntoViewIfNeeded();
    await page.getByRole('heading', { level: 2, name: /^Nutrition Facts\s*Valeur nutritive$/ }).waitFor();
    const caption = (await facts.locator('caption').textContent())!.replace(/\s+/g, ' ');
    expect(caption).toBe('Nutrition FactsValeur nutritivePer 1/3 cup (45 g) / pour 1/3 tasse (45 g)');
    expect(await facts.locator('thead th').last().textContent()).toBe('% Daily Value*% valeur quotidienne*');
    expect(await rows(page)).toEqual(GRANOLA_ROWS);
    expect(await facts.locator('tfoot').textContent()).toBe(
      '*5% or less is a little, 15% or more is a lot*5 % ou moins c’est peu, 15 % ou plus c’est beaucoup',
    );
    // Screen readers read the French as French.
    const french = await facts.locator('[lang="fr"]').allTextContents();
    expect(french).toEqual(
      expect.arrayContaining(['Valeur nutritive', 'pour 1/3 tasse (45 g)', 'Lipides', 'Protéines', 'Fer']),
    );
    // A row's value is announced with its nutrient and the % daily value column.
    await page.getByRole('rowheader', { name: 'Fat / Lipides', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: /^% Daily Value\*\s*% valeur quotidienne\*$/ }).waitFor();
    // The image label stays, behind its button.
    await page.getByRole('button', { name: 'View nutrition label' }).waitFor();

    // The table fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const box = (await facts.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(Math.min(viewport.width, 400));

    expect(await allAccessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows each of the variety pack's cookies' tables under its name, on both its pages", async () => {
    const { page, errors } = await openPage(browser, viewport, { bypassCSP: true });
    for (const path of ['/chunky-variety-pack', '/products/chunky-variety-pack']) {
      await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
      await hydrated(page);
      const section = page.getByRole('region', { name: 'Nutrition Facts, flavour by flavour' });
      await section.scrollIntoViewIfNeeded();
      expect(await section.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
        'Classic Chocolate Chunk Protein Cookies',
        'Double Chocolate Chunk Protein Cookies',
        'Peanut Butter Crunch Protein Cookies',
        'White Chocolate & Macadamia Protein Cookies',
      ]);
      const tables = section.locator('table');
      expect(await tables.count()).toBe(4);
      // Each its own cookie's figures, per cookie (85 g); no averaged table of the pack.
      const calories = await tables.evaluateAll((all) =>
        all.map((t) => t.querySelector('[data-nutrient="calories"] td')?.textContent),
      );
      expect(new Set(calories).size).toBeGreaterThan(1);
      for (const caption of await section.locator('caption').allTextContents())
        expect(caption.replace(/\s+/g, ' ')).toContain('Per 1 cookie (85 g) / pour 1 biscuit (85 g)');
      expect(await page.locator('section[aria-labelledby="nutrition-facts-title"]').count()).toBe(0);
      if (path === '/chunky-variety-pack')
        expect(await section.textContent()).toContain('Contains: Milk, Eggs, Peanuts');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await allAccessibilityViolations(page)).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the admin', () => {
  const pngImage = () =>
    sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 150, g: 100, b: 50 } } })
      .png()
      .toBuffer();

  it('edits every value in the product form, and the product page shows the new table', async () => {
    // A product of its own, so the other journeys keep the seeded catalogue as it is.
    const name = `Facts Test Granola ${Date.now()}`;
    const form = new FormData();
    form.append('name', name);
    form.append('description', 'Made for a test.');
    form.append('price', '9.95');
    form.append('category_id', '3');
    form.append('status', 'active');
    form.append('image', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'p.png');
    const created = await fetch(`${shop.url}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };

    // No table yet: the page has none.
    const before = await browser.newPage({ viewport: DESKTOP });
    await before.goto(`${shop.url}/products/${slug}`, { waitUntil: 'networkidle' });
    expect(await table(before).count()).toBe(0);
    await before.close();

    const { page, errors } = await openSignedIn(
      browser,
      shop.url,
      admin,
      '/admin/dashboard?tab=products',
      DESKTOP,
    );
    const row = page.getByTestId('admin-product-row').filter({ hasText: name });
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog');
    const fields = dialog.getByRole('group', { name: 'Nutrition Facts (optional)' });
    const values: Record<string, string> = {
      'Serving (English)': '1/2 cup',
      'Serving (French)': '1/2 tasse',
      'Serving weight (g)': '55',
      Calories: '246',
      'Fat (g)': '12.4',
      'Saturated fat (g)': '3.2',
      'Trans fat (g)': '0',
      'Carbohydrate (g)': '24.6',
      'Fibre (g)': '5.2',
      'Sugars (g)': '7.4',
      'Protein (g)': '9.6',
      'Cholesterol (mg)': '0',
      'Sodium (mg)': '62',
      'Potassium (mg)': '262',
      'Calcium (mg)': '44',
      'Iron (mg)': '2.1',
    };
    // A part larger than its whole is refused beside its box, before anything is sent.
    for (const [label, value] of Object.entries(values))
      await fields.getByLabel(label, { exact: true }).fill(value);
    await fields.getByLabel('Fibre (g)', { exact: true }).fill('24');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await fields
      .getByText('fibre_g + sugars_g (31.4 g) cannot be more than carbohydrate_g (24.6 g).')
      .waitFor();
    await fields.getByLabel('Fibre (g)', { exact: true }).fill(values['Fibre (g)']!);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText(name).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();

    const after = await browser.newPage({ viewport: DESKTOP });
    await after.goto(`${shop.url}/products/${slug}`, { waitUntil: 'networkidle' });
    expect((await table(after).locator('caption').textContent())!.replace(/\s+/g, ' ')).toContain(
      'Per 1/2 cup (55 g) / pour 1/2 tasse (55 g)',
    );
    expect(await rows(after)).toEqual([
      'Calories | 250',
      'Fat / Lipides | 12 g | 16 %',
      'Saturated / saturés | 3 g | 15 %',
      '+ Trans / trans | 0 g',
      'Carbohydrate / Glucides | 25 g',
      'Fibre / Fibres | 5 g | 18 %',
      'Sugars / Sucres | 7 g | 7 %',
      'Protein / Protéines | 10 g',
      'Cholesterol / Cholestérol | 0 mg',
      'Sodium | 60 mg | 3 %',
      'Potassium | 250 mg | 7 %',
      'Calcium | 40 mg | 3 %',
      'Iron / Fer | 2 mg | 11 %',
    ]);
    await after.close();
  });
});
