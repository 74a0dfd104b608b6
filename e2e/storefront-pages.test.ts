/**
 * Storefront journeys, part 2: about, contact (with its sending, success and error states), the
 * static pages, the home reviews' states, the sitemap and robots.txt, and axe-core (WCAG 2.1 A/AA,
 * every impact) on every public page at phone and desktop widths.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, hydrated, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import {
  DESKTOP,
  getJson,
  INSTAGRAM_URL,
  jsonLdBlocks,
  openPage,
  PHONE,
  sleep,
  unexpectedErrors,
  type ApiProduct,
} from './storefront-helpers';

let shop: RunningShop;
let browser: Browser;
let products: ApiProduct[];

beforeAll(async () => {
  shop = await startShop({ INSTAGRAM_URL });
  browser = await launchBrowser();
  products = await getJson<ApiProduct[]>(`${shop.url}/api/products`);
});

afterAll(async () => {
  await browser?.close();
  const code = await shop?.stop();
  expect(code).toBe(0);
});

describe('about page', () => {
  it("tells the founder's story and leads to the shop", async () => {
    const { page, errors } = await openPage(browser);
    const response = await page.goto(`${shop.url}/about`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('About Us');
    const headings = await page.locator('main h2').allTextContents();
    expect(headings).toEqual(
      expect.arrayContaining([
        'A snack worth running for',
        'Dates, coconut oil and a very small kitchen',
        'From a market table to small batches',
        'Still baked in Vancouver',
      ]),
    );
    const explore = page.getByRole('link', { name: 'Explore Our Snacks' });
    expect(await explore.getAttribute('href')).toBe('/shop');
    await explore.click();
    await page.getByRole('heading', { name: 'Shop Our Snacks' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/shop');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('contact page', () => {
  it('explains every missing field of an empty form', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/contact`, { waitUntil: 'networkidle' });
    let posted = 0;
    await page.route('**/api/contact', async (route) => {
      posted += 1;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const [id, text] of [
      ['contact-name', 'Please enter your name.'],
      ['contact-email', 'Email is required!'],
      ['contact-message', 'Please enter a message.'],
    ] as const) {
      const error = page.locator(`#${id}-error`);
      await error.waitFor();
      expect(await error.textContent(), id).toBe(text);
      expect(await page.locator(`#${id}`).getAttribute('aria-invalid'), id).toBe('true');
    }
    // Focus goes to the first field to fix; nothing was sent.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    expect(posted).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows 'Sending...' while the message goes out, then the thank-you", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/contact`, { waitUntil: 'networkidle' });
    await hydrated(page);
    let posted = 0;
    await page.route('**/api/contact', async (route) => {
      posted += 1;
      await sleep(1500);
      await route.continue();
    });
    await page.getByLabel('Name').fill('Ada Snacker');
    await page.getByLabel('Email').fill('ada@example.ca');
    await page.getByLabel('Message').fill('Do you ship to Victoria? I would love a box of cookies.');
    await page.getByRole('button', { name: 'Submit' }).click();

    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor({ timeout: 1000 });
    expect(await sending.isDisabled()).toBe(true);

    const status = page.getByRole('status').filter({ hasText: /\S/ });
    await status.waitFor({ timeout: 10_000 });
    expect(await status.textContent()).toBe('Thank you for contacting us. We will get back to you shortly!');
    expect(await page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(posted).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says the message failed when the server fails', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/contact`, { waitUntil: 'networkidle' });
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }),
    );
    await page.getByLabel('Name').fill('Ada Snacker');
    await page.getByLabel('Email').fill('ada@example.ca');
    await page.getByLabel('Message').fill('Hello there, this one will not arrive.');
    await page.getByRole('button', { name: 'Submit' }).click();
    const status = page.getByRole('status').filter({ hasText: /\S/ });
    await status.waitFor({ timeout: 5000 });
    expect(await status.textContent()).toBe('Failed to send message. Please try again.');
    expect(await status.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 35, 24)');
    // What was typed stays, for another try.
    expect(await page.getByLabel('Name').inputValue()).toBe('Ada Snacker');
    expect(unexpectedErrors(errors, 500)).toEqual([]);
    await page.close();
  });
});

describe('static pages', () => {
  const pages = [
    { path: '/terms-of-use', h1: 'Terms of Use', contains: ['Effective November 4, 2024', '18'] },
    { path: '/privacy-policy', h1: 'Privacy Policy', contains: [] },
    { path: '/accessibility-policy', h1: 'Accessibility Policy', contains: [] },
    { path: '/refund-policy', h1: 'Refund Policy', contains: ['30 days'] },
    { path: '/faq', h1: 'Frequently Asked Questions', contains: ['Do you offer discount codes?'] },
  ];

  for (const { path, h1, contains } of pages) {
    it(`${path} has its heading, title, description and canonical link`, async () => {
      const { page, errors } = await openPage(browser);
      const response = await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('h1').textContent()).toBe(h1);
      expect(await page.title()).toBe(`${h1} | Northbite`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(30);
      const canonicals = page.locator('link[rel="canonical"]');
      expect(await canonicals.count()).toBe(1);
      const canonical = new URL((await canonicals.getAttribute('href')) ?? '');
      expect(canonical.pathname).toBe(path);
      const main = (await page.locator('main').textContent()) ?? '';
      for (const text of contains) expect(main, text).toContain(text);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('/terms-of-use names the minimum age of 18', async () => {
    const html = await (await fetch(`${shop.url}/terms-of-use`)).text();
    expect(html).toMatch(/\b18 or older\b/);
  });

  it('/faq carries FAQPage structured data with the discount-code question', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${shop.url}/faq`, { waitUntil: 'networkidle' });
    const faqPage = (await jsonLdBlocks(page)).find((b) => b['@type'] === 'FAQPage') as
      { mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[] } | undefined;
    expect(faqPage).toBeDefined();
    const visibleQuestions = await page.locator('main details summary').allTextContents();
    expect(faqPage!.mainEntity).toHaveLength(visibleQuestions.length);
    const discount = faqPage!.mainEntity.find((q) => /discount code/i.test(q.name));
    expect(discount?.['@type']).toBe('Question');
    expect(discount?.acceptedAnswer.text.length).toBeGreaterThan(10);
    // No placeholder leaks into the structured answers.
    expect(JSON.stringify(faqPage)).not.toContain('{email}');

    const item = page.locator('main details', { hasText: 'Do you offer discount codes?' });
    await item.locator('summary').click();
    expect(await item.getByText(/checkout doesn't accept them/).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('home reviews', () => {
  const cards = '[data-testid="reviews"] > li';

  it('shows a loading status while the reviews are on their way', async () => {
    const { page, errors } = await openPage(browser);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/google-reviews', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(shop.url, { waitUntil: 'load' });
    const loading = page.getByRole('status').filter({ hasText: 'Loading reviews' });
    // Well after hydration, still loading.
    await sleep(1000);
    expect(await loading.isVisible()).toBe(true);
    expect(await page.locator('section[aria-labelledby="reviews-title"] [aria-busy="true"]').count()).toBe(1);
    expect(await page.locator(cards).count()).toBe(0);
    release();
    await page.locator(cards).first().waitFor({ timeout: 10_000 });
    expect(await loading.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says the reviews cannot be loaded when the request fails', async () => {
    const { page, errors } = await openPage(browser);
    await page.route('**/api/google-reviews', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.goto(shop.url, { waitUntil: 'networkidle' });
    await page.getByText('Unable to load reviews at this time.', { exact: true }).waitFor({ timeout: 5000 });
    expect(await page.locator(cards).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'Loading reviews' }).count()).toBe(0);
    expect(unexpectedErrors(errors, 500)).toEqual([]);
    await page.close();
  });

  it('shows the three best reviews, first names only, each verified', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(shop.url, { waitUntil: 'networkidle' });
    await page.locator(cards).first().waitFor({ timeout: 5000 });
    const items = page.locator(cards);
    expect(await items.count()).toBe(3);
    const stars: number[] = [];
    for (let i = 0; i < 3; i++) {
      const card = items.nth(i);
      expect(await card.getByText('Verified', { exact: true }).isVisible()).toBe(true);
      const name = (await card.locator('figcaption span').first().textContent())?.trim() ?? '';
      expect(name).toMatch(/^\S+$/);
      const label = await card.getByRole('img').getAttribute('aria-label');
      const match = /^(\d) out of 5 stars$/.exec(label ?? '');
      expect(match, label ?? '').not.toBeNull();
      stars.push(Number(match![1]));
    }
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
    // The shown reviews are the best the API has.
    const { reviews } = await getJson<{ reviews: { rating: number }[] }>(`${shop.url}/api/google-reviews`);
    const best = reviews
      .map((r) => Math.round(r.rating))
      .sort((a, b) => b - a)
      .slice(0, 3);
    expect(stars).toEqual(best);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('orders reviews by rating, rounds the stars and shortens the names', async () => {
    const { page, errors } = await openPage(browser);
    const review = (name: string, rating: number) => ({
      name,
      rating,
      text: `Review by ${name}`,
      date: '2026-05-01',
      profilePhoto: null,
    });
    await page.route('**/api/google-reviews', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          reviews: [
            review('Zoe Low', 2),
            review('Mia Quite Good', 3.6),
            review('Ola Top', 5),
            review('Ben Bottom', 1),
            review('Kai Middle', 4.2),
          ],
        }),
      }),
    );
    await page.goto(shop.url, { waitUntil: 'networkidle' });
    await page.locator(cards).first().waitFor({ timeout: 5000 });
    const items = page.locator(cards);
    expect(await items.count()).toBe(3);
    expect(await items.locator('figcaption span:first-child').allTextContents()).toEqual([
      'Ola',
      'Kai',
      'Mia',
    ]);
    const labels = await items
      .getByRole('img')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(labels).toEqual(['5 out of 5 stars', '4 out of 5 stars', '4 out of 5 stars']);
    // Filled stars match the label.
    const filled = await items.evaluateAll((lis) =>
      lis.map((li) => li.querySelectorAll('svg.fill-current').length),
    );
    expect(filled).toEqual([5, 4, 4]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('sitemap and robots.txt', () => {
  it('/sitemap.xml lists the shop, the categories and every product', async () => {
    const res = await fetch(`${shop.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('xml');
    const xml = await res.text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/shop',
        '/categories/chunky-protein-cookies',
        '/categories/energybites',
        '/categories/granola',
        '/chunky-variety-pack',
      ]),
    );
    expect(products.length).toBeGreaterThanOrEqual(10);
    for (const p of products) expect(paths, p.slug).toContain(`/products/${p.slug}`);
    // Only public pages.
    for (const path of paths) expect(path).not.toMatch(/^\/(cart|checkout|profile|admin|orders)/);
  });

  it('/robots.txt names the sitemap', async () => {
    const res = await fetch(`${shop.url}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const line = text.split('\n').find((l) => l.startsWith('Sitemap:'));
    expect(line).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/);
  });
});

describe('accessibility (axe-core, WCAG 2.1 A and AA, every impact)', () => {
  const publicPages = [
    '/',
    '/shop',
    '/categories/chunky-protein-cookies',
    '/categories/energybites',
    '/categories/granola',
    '/chunky-variety-pack',
    '/products/maple-almond-granola',
    '/products/classic-chocolate-chunk-protein-cookies',
    '/about',
    '/contact',
    '/faq',
    '/terms-of-use',
    '/privacy-policy',
    '/accessibility-policy',
    '/refund-policy',
  ];

  it('the product pages checked are real products', () => {
    for (const path of publicPages.filter((p) => p.startsWith('/products/'))) {
      expect(products.map((p) => `/products/${p.slug}`)).toContain(path);
    }
  });

  for (const path of publicPages) {
    it(`${path} has no violation at phone and desktop widths`, async () => {
      const found: Record<string, string[]> = {};
      for (const viewport of [PHONE, DESKTOP]) {
        // axe is injected as a script, which the page's own policy rightly refuses.
        const { page, errors } = await openPage(browser, viewport, { bypassCSP: true });
        const response = await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(200);
        if (path === '/') await page.locator('[data-testid="reviews"]').waitFor({ timeout: 5000 });
        found[`${viewport.width}px`] = await allAccessibilityViolations(page);
        expect(errors).toEqual([]);
        await page.close();
      }
      expect(found).toEqual({ '390px': [], '1280px': [] });
    });
  }
});
