/**
 * Stock in the browser (decision 0022): the admin sets a product's stock to 1 in the product form,
 * shopper A buys that last pack with the test card, and shopper B, who had put it in their cart
 * before, comes back to find the product page saying 'Sold out' (button disabled, structured data
 * OutOfStock, on the category page too) and the cart drawer marking the line sold out, with
 * checkout held back until it is removed. The product stays in the shop the whole time.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchForErrors } from './browser';
import { startShop, type RunningShop } from './server';
import { DESKTOP as desktop, PHONE as phone } from './storefront-helpers';
import { openSignedIn, shopApi, uniqueEmail } from './shop-api';

const ADMIN = { email: 'owner@northbite.test', password: 'sugar-maple-owner-2024' };
const PASSWORD = 'oat clusters forever';
const GRANOLA = 'Maple Almond Granola';
const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  category_slug: string;
  stock: number | null;
}
interface Auth {
  token: string;
  user: { id: number; email: string; firstName: string; lastName: string };
}

let shop: RunningShop;
let browser: Browser;
let admin: Auth;
let granola: ApiProduct;

const api = shopApi(() => shop.url, '10.91');

beforeAll(async () => {
  shop = await startShop({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Each API call below comes from its own client address, so per-client limits do not trip.
    TRUST_PROXY: '1',
  });
  browser = await launchBrowser();
  admin = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
  const products = await api<ApiProduct[]>('/api/products');
  granola = products.find((p) => p.name === GRANOLA)!;
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** Console errors a journey expects: the 409s and 4xx answers it provokes on purpose. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 40\d/.test(e));

/** The schema.org availability of every Product in the page's JSON-LD, by product name. */
async function availabilities(page: Page): Promise<Record<string, string>> {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => s.textContent ?? ''));
  const found: Record<string, string> = {};
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (record['@type'] === 'Product') {
      const offers = record.offers as { availability?: string } | undefined;
      found[String(record.name)] = String(offers?.availability);
    }
    Object.values(record).forEach(visit);
  };
  blocks.forEach((block) => visit(JSON.parse(block)));
  return found;
}

const addToCartButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: /Add to Cart|Sold out/ });

describe('stock', () => {
  it("sells the last pack once: the admin sets stock 1, shopper A buys it, shopper B sees 'Sold out' on the page and in the cart", async () => {
    // The admin sets the stock in the product form.
    const { page: adminPage, errors: adminErrors } = await openSignedIn(
      browser,
      shop.url,
      admin,
      '/admin/dashboard',
      desktop,
    );
    const row = adminPage.getByTestId('admin-product-row').filter({ hasText: GRANOLA });
    expect(await row.getByTestId('admin-product-stock').innerText()).toContain('Made to order');
    await row.getByRole('button', { name: `Edit ${GRANOLA}` }).click();
    const form = adminPage.getByRole('dialog');
    expect(await form.locator('#product-stock').inputValue()).toBe('');
    await form.locator('#product-stock').fill('1');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await adminPage.getByText(`${GRANOLA} was saved.`).waitFor();
    await expect.poll(() => row.getByTestId('admin-product-stock').innerText()).toContain('1 left');
    expect((await api<ApiProduct>(`/api/products/${granola.slug}`)).stock).toBe(1);

    // Shopper B puts the last pack in their cart, and leaves it there.
    const contextB: BrowserContext = await browser.newContext({ viewport: phone });
    const firstVisit = await contextB.newPage();
    const errorsB = watchForErrors(firstVisit);
    await firstVisit.goto(`${shop.url}/products/${granola.slug}`, { waitUntil: 'networkidle' });
    await firstVisit.getByTestId('stock-note').getByText('Only 1 left').waitFor();
    expect((await availabilities(firstVisit))[GRANOLA]).toBe(IN_STOCK);
    // Never more than is left.
    expect(
      await firstVisit.getByRole('main').getByRole('button', { name: 'Increase quantity' }).isDisabled(),
    ).toBe(true);
    await addToCartButton(firstVisit).click();
    await firstVisit
      .getByTestId('cart-drawer')
      .getByTestId('drawer-line')
      .filter({ hasText: GRANOLA })
      .waitFor();
    await firstVisit.close();

    // Shopper A buys it with the test card 4242 4242 4242 4242.
    const shopperA = await api<Auth>('/api/users/register', {
      method: 'POST',
      body: {
        firstName: 'Avery',
        lastName: 'Chen',
        email: uniqueEmail('avery'),
        password: PASSWORD,
        phoneNumber: '6045550188',
      },
    });
    const { page: pageA, errors: errorsA } = await openSignedIn(
      browser,
      shop.url,
      shopperA,
      `/products/${granola.slug}`,
      desktop,
    );
    await pageA.getByText('Only 1 left').waitFor();
    await addToCartButton(pageA).click();
    await pageA.getByTestId('cart-drawer').getByRole('button', { name: 'Proceed to Checkout' }).click();
    await pageA.waitForURL('**/checkout');
    await pageA.fill('#shipping-address1', '4700 Kingsway');
    await pageA.fill('#shipping-city', 'Burnaby');
    await pageA.fill('#shipping-postalCode', 'V5H 4M1');
    await pageA.getByRole('button', { name: 'Continue to Shipping' }).click();
    await pageA.waitForURL('**/checkout/shipping');
    await pageA.getByRole('button', { name: 'Proceed to Payment' }).click();
    await pageA.waitForURL('**/checkout/payment');
    await pageA.fill('#card-number', '4242 4242 4242 4242');
    await pageA.fill('#card-expiry', '12 / 34');
    await pageA.fill('#card-cvc', '123');
    await pageA.getByRole('button', { name: /^Pay \$/ }).click();
    await pageA.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();
    expect(await pageA.getByTestId('order-item').innerText()).toContain(GRANOLA);
    expect(unexpected(errorsA)).toEqual([]);
    await pageA.close();
    expect((await api<ApiProduct>(`/api/products/${granola.slug}`)).stock).toBe(0);

    // Shopper B comes back: the product page says 'Sold out', the button is disabled, and the
    // structured data says OutOfStock. The product is still in the shop (not a 404).
    const pageB = await contextB.newPage();
    const errorsBack = watchForErrors(pageB);
    const response = await pageB.goto(`${shop.url}/products/${granola.slug}`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    const button = addToCartButton(pageB);
    await expect.poll(() => button.textContent()).toBe('Sold out');
    expect(await button.isDisabled()).toBe(true);
    expect(await pageB.getByRole('main').getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    expect((await availabilities(pageB))[GRANOLA]).toBe(OUT_OF_STOCK);

    // ... and in their saved cart, the drawer marks the line sold out and holds checkout back.
    await pageB.getByTestId('cart-button').click();
    const drawer = pageB.getByTestId('cart-drawer');
    const line = drawer.getByTestId('drawer-line').filter({ hasText: GRANOLA });
    await expect.poll(() => line.getByTestId('line-stock').textContent()).toBe('Sold out');
    const proceed = drawer.getByRole('button', { name: 'Proceed to Checkout' });
    expect(await proceed.isDisabled()).toBe(true);
    expect(await drawer.getByTestId('checkout-blocked').innerText()).toContain(
      `${GRANOLA} is sold out. Please remove it from your cart to continue.`,
    );
    // Removing it lets the rest of the cart go on.
    await line.getByRole('button', { name: `Remove ${GRANOLA}` }).click();
    await drawer.getByText('Your cart is empty').waitFor();
    await pageB.keyboard.press('Escape');

    // The category page lists it as sold out too, in its cards and its ItemList.
    await pageB.goto(`${shop.url}/categories/${granola.category_slug}`, { waitUntil: 'networkidle' });
    const card = pageB.locator('article', { hasText: GRANOLA });
    expect(await card.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);
    expect((await availabilities(pageB))[GRANOLA]).toBe(OUT_OF_STOCK);
    expect(
      Object.entries(await availabilities(pageB))
        .filter(([name]) => name !== GRANOLA)
        .map(([, a]) => a),
    ).not.toContain(OUT_OF_STOCK);
    expect(unexpected([...errorsB, ...errorsBack])).toEqual([]);
    await contextB.close();

    // The admin list says so too, and the product is still shown in the shop.
    await adminPage.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => row.getByTestId('admin-product-stock').innerText()).toContain('Sold out');
    expect(await row.getByText('Draft: not in the shop').count()).toBe(0);
    expect(unexpected(adminErrors)).toEqual([]);
    await adminPage.close();
  });
});
