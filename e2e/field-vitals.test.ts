/**
 * Real-user Web Vitals (decision 0072), in Chromium against a started shop: a shopper's product
 * page load is measured by the web-vitals library, fetched after hydration, and reported as the
 * page is left, under the page's pattern, never its address; a signed-in customer's order page is
 * reported as /orders/:orderId. The admin's Overview then shows the product page's row with its
 * 75th percentiles, rated. A shopper with Do Not Track on sends nothing and never fetches the
 * reporter.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATTERNS, type VitalsReport } from '../src/domain/web-vitals';
import { allAccessibilityViolations, hydrated, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openSignedIn, payWithTestCard, shopApi, uniqueEmail } from './shop-api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const ADMIN = { email: 'owner@northbite.test', password: 'sugar-maple-owner-2024' };

interface Auth {
  token: string;
  user: { id: number; email: string; firstName: string; lastName: string };
}

let shop: RunningShop;
let browser: Browser;
let admin: Auth;
const api = shopApi(() => shop.url, '10.85');

beforeAll(async () => {
  shop = await startShop({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '1',
    VITALS_SAMPLE_RATE: '1',
  });
  browser = await launchBrowser();
  admin = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const vitalsReport = () => api<VitalsReport>('/api/admin/vitals', { token: admin.token });

/** Waits for the reporter to be fetched (after the page loaded and the browser went idle). */
async function reporterLoaded(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/report-vitals-[\w-]+\.js$/.test(entry.name)),
  );
}

/**
 * The shopper switches to another tab: the page is hidden, and the report goes out. (Leaving for
 * another page sends it too, but Playwright does not see a request made by a page being unloaded:
 * the order page's test checks that one on the server.)
 */
async function hide(page: Page) {
  // Passed through a route: Playwright keeps a beacon's body only for requests it routes.
  await page.route('**/api/vitals', (route) => route.continue());
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/vitals'));
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  return sent;
}

describe('Web Vitals from real browsers', () => {
  it("reports a product page load under its pattern, and the admin's Overview shows it rated", async () => {
    const products = await api<{ slug: string; name: string }[]>('/api/products');
    const { page, errors } = await openSignedIn(
      browser,
      shop.url,
      null,
      `/products/${products[0]!.slug}`,
      PHONE,
    );
    await hydrated(page);
    await reporterLoaded(page);
    // An interaction, for INP.
    await page
      .getByRole('button', { name: /increase quantity/i })
      .first()
      .click();
    // The browser has timed it (INP is read from the Event Timing entries).
    await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
    // web-vitals counts an interaction's entries once the browser is idle (or the page hidden, but the
    // report on hiding may go first): two idle periods, so its own idle callback has run. On a loaded
    // machine the page was otherwise hidden before, and the report went out without INP.
    await page.evaluate(async () => {
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(() => resolve(null)));
    });
    const request = await hide(page);
    // Answered before the page closes (closing would drop a routed request).
    expect((await request.response())?.status()).toBe(204);
    const sent = JSON.parse(request.postData() ?? '{}') as {
      route: string;
      device: string;
      connection: string;
      metrics: { name: string; value: number }[];
    };
    expect(sent).toMatchObject({ route: '/products/:slug', device: 'mobile' });
    expect(Object.keys(sent).sort()).toEqual(['connection', 'device', 'metrics', 'route']);
    expect(sent.metrics.map((m) => m.name).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    expect(JSON.stringify(sent)).not.toContain(products[0]!.slug);
    expect(errors).toEqual([]);
    await page.close();

    await expect
      .poll(async () => (await vitalsReport()).pages.map((p) => p.route), { timeout: 10_000 })
      .toContain('/products/:slug');

    const overview = await openSignedIn(browser, shop.url, admin, '/admin/dashboard?tab=overview', DESKTOP, {
      bypassCSP: true,
    });
    const section = overview.page.getByRole('region', { name: 'Speed by page' });
    await section.waitFor();
    const rows = await section.getByTestId('vitals-row').allInnerTexts();
    expect(rows[0]).toMatch(/^All pages/);
    const product = rows.find((row) => row.startsWith('/products/:slug'));
    expect(product).toMatch(/\/products\/:slug\s+1\s+[\d.]+ (ms|s)\s+(Good|Needs improvement|Poor)/);
    await overview.page
      .getByRole('heading', { name: 'Speed for real shoppers' })
      .screenshot({ path: '/tmp/field-vitals-heading.png' });
    await section.screenshot({ path: '/tmp/field-vitals-desktop.png' });
    expect(await allAccessibilityViolations(overview.page)).toEqual([]);
    // Phones: the product page's row; tablets: nothing yet (the admin's own loads were on a computer).
    const device = overview.page.getByRole('combobox', { name: 'Device' });
    await device.selectOption('tablet');
    await overview.page.getByText('No page loads reported yet from tablets.').waitFor();
    await device.selectOption('mobile');
    await section.getByTestId('vitals-row').nth(1).waitFor();
    expect(
      (await section.getByTestId('vitals-row').allInnerTexts()).map((row) => row.split(/\s/)[0]),
    ).toEqual(['All', '/products/:slug']);
    expect(overview.errors).toEqual([]);
    await overview.page.close();
  });

  it("reports a customer's order page as /orders/:orderId: no order id, name or e-mail reaches the report", async () => {
    const email = uniqueEmail('vitals');
    const customer = await api<Auth>('/api/users/register', {
      method: 'POST',
      body: {
        firstName: 'Zed',
        lastName: 'Quimby',
        email,
        password: 'oat clusters forever',
        phoneNumber: '6045550123',
      },
    });
    const products = await api<{ id: number; name: string; price: number; slug: string }[]>('/api/products');
    const order = await payWithTestCard<{ id: number }>(
      api,
      customer.token,
      [{ ...products[1]!, quantity: 1 }],
      {
        firstName: 'Zed',
        lastName: 'Quimby',
        address1: '4700 Kingsway',
        city: 'Burnaby',
        state: 'British Columbia',
        postalCode: 'V5H 4M1',
        country: 'Canada',
        phoneNumber: '+16045550123',
        email,
      },
    );
    const { page } = await openSignedIn(browser, shop.url, customer, `/orders/${order.id}`, DESKTOP);
    await page.getByRole('heading', { name: `Order #${order.id}` }).waitFor();
    await reporterLoaded(page);
    // Off to another page of the shop: the order page's report goes as it unloads.
    await page.goto(`${shop.url}/about`, { waitUntil: 'networkidle' });
    await page.close();
    await expect
      .poll(async () => (await vitalsReport()).pages.map((p) => p.route), { timeout: 10_000 })
      .toContain('/orders/:orderId');
    const report = await vitalsReport();
    for (const pageVitals of report.pages) expect(PAGE_PATTERNS).toContain(pageVitals.route);
    const text = JSON.stringify(report);
    for (const personal of [email, 'Zed', 'Quimby', `/orders/${order.id}`])
      expect(text).not.toContain(personal);
  });

  it('sends nothing, and fetches no reporter, for a shopper with Do Not Track on', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' });
    });
    const vitals: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/vitals|report-vitals/.test(request.url())) vitals.push(request.url());
    });
    await page.goto(`${shop.url}/shop`, { waitUntil: 'networkidle' });
    await hydrated(page);
    // Past the idle callback's longest wait.
    await page.waitForTimeout(3_500);
    await page.goto(`${shop.url}/about`, { waitUntil: 'networkidle' });
    expect(vitals).toEqual([]);
    await page.close();
  });
});
