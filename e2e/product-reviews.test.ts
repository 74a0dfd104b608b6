/**
 * Product reviews from verified buyers (docs/product.md, Product reviews; decision 0063), at phone
 * and desktop widths: a customer whose order was delivered writes a review on the product page (the
 * form appears once the page is interactive), the admin publishes it in the Reviews tab, and it
 * shows with its stars on the product page, in its structured data and on the product's card. Markup
 * in the review stays text everywhere. axe finds nothing on any of these screens.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, hydrated, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openSignedIn, payWithTestCard, shopApi, uniqueEmail, type Session } from './shop-api';
import { getJson, jsonLdBlocks, type ApiProduct } from './storefront-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ADMIN = { email: 'reviews.admin@example.ca', password: 'reviews admin password 1' };
/** Markup a reviewer might type: it must show as text, never run or render. */
const HOSTILE = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

interface Auth extends Session {
  token: string;
  user: { id: number; email: string };
}

let shop: RunningShop;
let browser: Browser;
let products: ApiProduct[];
let admin: Auth;
const api = shopApi(() => shop.url, '10.73');

beforeAll(async () => {
  shop = await startShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' });
  browser = await launchBrowser();
  products = await getJson<ApiProduct[]>(`${shop.url}/api/products`);
  admin = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const axe = async (page: Page, label: string) =>
  expect(await allAccessibilityViolations(page), label).toEqual([]);

/** A registered customer with a delivered order of `p`. */
async function deliveredBuyer(p: ApiProduct): Promise<Auth> {
  const auth = await api<Auth>('/api/users/register', {
    method: 'POST',
    body: {
      firstName: 'Robin',
      lastName: 'alder',
      email: uniqueEmail('reviewer'),
      password: 'oat clusters forever',
      phoneNumber: '6045550123',
    },
  });
  const order = await payWithTestCard<{ id: number }>(api, auth.token, [{ ...p, quantity: 1 }], {
    firstName: 'Robin',
    lastName: 'Alder',
    address1: '4700 Kingsway',
    city: 'Burnaby',
    state: 'British Columbia',
    postalCode: 'V5H 4M1',
    country: 'Canada',
    phoneNumber: '+16045550123',
    email: auth.user.email,
  });
  await api(`/api/orders/${order.id}/status`, {
    method: 'PATCH',
    token: admin.token,
    body: { status: 'Delivered' },
  });
  return auth;
}

describe.each([
  ['phone', PHONE, 'maple-almond-granola'],
  ['desktop', DESKTOP, 'classic-chocolate-chunk-protein-cookies'],
] as const)('a verified buyer’s review at %s width', (label, viewport, slug) => {
  it('is written on the product page, published by the admin, and shown with its stars', async () => {
    const p = products.find((x) => x.slug === slug)!;
    const buyer = await deliveredBuyer(p);
    const title = `Great snack ${HOSTILE}`;

    // Signed out, the page says who may review and shows no form; nothing is published yet.
    const anonymous = await openSignedIn(browser, shop.url, null, `/products/${slug}`, viewport, {
      bypassCSP: true,
    });
    await hydrated(anonymous.page);
    const section = anonymous.page.locator('#reviews');
    await expect(section.getByText('No reviews yet.').isVisible()).resolves.toBe(true);
    await expect(section.getByRole('link', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await axe(anonymous.page, `${label}: product page without reviews`);
    expect(anonymous.errors).toEqual([]);
    await anonymous.page.close();

    // The buyer writes it.
    const { page, errors } = await openSignedIn(browser, shop.url, buyer, `/products/${slug}`, viewport, {
      bypassCSP: true,
    });
    await hydrated(page);
    const form = page.locator('#write-review form');
    await form.getByRole('heading', { name: 'Write a review' }).waitFor();
    await form.getByRole('radio', { name: '4 – Good' }).check();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Your review').fill(`Crunchy clusters, not too sweet.\n${HOSTILE}`);
    await form.getByRole('checkbox', { name: /Show my name as Robin A\./ }).check();
    await axe(page, `${label}: the review form`);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Thank you! Your review will appear once we have checked it.').waitFor();
    await form.getByRole('heading', { name: 'Edit your review' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();

    // The admin publishes it in the Reviews tab.
    const dashboard = await openSignedIn(browser, shop.url, admin, '/admin/dashboard?tab=reviews', viewport, {
      bypassCSP: true,
    });
    await hydrated(dashboard.page);
    const item = dashboard.page.getByTestId('admin-review').filter({ hasText: 'Great snack' });
    await item.waitFor();
    expect(await item.innerText()).toContain('<img src=x');
    await axe(dashboard.page, `${label}: the Reviews tab`);
    await item.getByRole('button', { name: 'Publish' }).click();
    await dashboard.page.getByText(/^Published "Great snack/).waitFor();
    expect(await dashboard.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dashboard.errors).toEqual([]);
    await dashboard.page.close();

    // Everyone now sees it on the product page, in its structured data, and on its card.
    const visitor = await openSignedIn(browser, shop.url, null, `/products/${slug}`, viewport, {
      bypassCSP: true,
    });
    await hydrated(visitor.page);
    const reviews = visitor.page.locator('#reviews');
    await reviews.getByText('Based on 1 review').waitFor();
    await expect(reviews.getByRole('img', { name: '4 out of 5 stars' }).count()).resolves.toBeGreaterThan(0);
    const heading = reviews.getByRole('heading', { level: 3 });
    expect(await heading.innerText()).toBe(title);
    await expect(reviews.getByText('Robin A.').isVisible()).resolves.toBe(true);
    expect(await reviews.locator('img[src="x"], script').count()).toBe(0);
    expect(await visitor.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    const product = (await jsonLdBlocks(visitor.page)).find((block) => block['@type'] === 'Product')!;
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(product.review).toMatchObject([{ name: title, author: { name: 'Robin A.' } }]);
    await axe(visitor.page, `${label}: product page with a review`);

    await visitor.page.goto(`${shop.url}/shop`, { waitUntil: 'networkidle' });
    await hydrated(visitor.page);
    const card = visitor.page.locator('article', {
      has: visitor.page.getByRole('link', { name: p.name, exact: true }),
    });
    await expect(card.getByRole('img', { name: '4 out of 5 stars' }).isVisible()).resolves.toBe(true);
    await axe(visitor.page, `${label}: /shop with a rated card`);
    expect(visitor.errors).toEqual([]);
    await visitor.page.close();
  });
});
