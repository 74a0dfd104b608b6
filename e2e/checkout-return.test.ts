/**
 * A shopper who decides to buy is not lost on the way (docs/product.md, Register and Checkout): a
 * new shopper sent to /login by Proceed to Checkout creates an account and lands back on the
 * checkout, welcomed by name, with the cart intact; each checkout step shows where the shopper is
 * and puts the focus on its heading, so the keyboard does not walk the header again. Phone and
 * desktop widths, axe on the landing.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, hydrated, launchBrowser, watchForErrors } from './browser';
import { startShop, type RunningShop } from './server';
import { DESKTOP, PHONE } from './storefront-helpers';
import { seedCart, uniqueEmail } from './shop-api';

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  price: number;
}

let shop: RunningShop;
let browser: Browser;
let granola: ApiProduct;

beforeAll(async () => {
  shop = await startShop({});
  browser = await launchBrowser();
  const products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
  granola = products.find((p) => p.name === 'Maple Almond Granola')!;
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** What has the keyboard focus: its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName ?? '',
    text: document.activeElement?.textContent ?? '',
  }));

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('signing up from the checkout (%s)', (_name, viewport) => {
  it('returns to the checkout, welcomes by first name, keeps the cart, and moves focus step by step', async () => {
    const page = await browser.newPage({ viewport, bypassCSP: true });
    const errors = watchForErrors(page);
    await page.goto(`${shop.url}/`, { waitUntil: 'networkidle' });
    await seedCart(page, granola, 2);
    await page.goto(`${shop.url}/cart`, { waitUntil: 'networkidle' });
    await hydrated(page);

    await page.getByRole('button', { name: 'Proceed to Checkout' }).first().click();
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/register');

    await page.fill('#register-firstName', 'Ada');
    await page.fill('#register-lastName', 'Okafor');
    await page.fill('#register-email', uniqueEmail('ada'));
    await page.fill('#register-password', 'granola by the lake');
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Back on the checkout, not the shop, and told so.
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.getByRole('status').filter({ hasText: 'Welcome, Ada' }).waitFor();
    await page.getByRole('heading', { name: /Express Checkout/ }).waitFor();
    expect(await page.getByText(granola.name).first().isVisible()).toBe(true);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}') as object);
    expect(stored).toMatchObject({ totalQuantity: 2 });

    // The steps: Address is current; the heading has the focus and names the step.
    const current = page.getByTestId('checkout-steps').locator('[aria-current="step"]');
    expect((await current.textContent())?.trim()).toBe('1Address');
    expect(await focused(page)).toEqual({ tag: 'H1', text: 'Express Checkout, step 1 of 3: Address' });
    expect(await allAccessibilityViolations(page)).toEqual([]);

    await page.fill('#shipping-address1', '1055 Canada Place');
    await page.fill('#shipping-city', 'Vancouver');
    await page.fill('#shipping-postalCode', 'V6C 0C3');
    await page.fill('#shipping-phoneNumber', '6045550123');
    await page.getByRole('button', { name: 'Continue to Shipping' }).click();
    await page.waitForURL('**/checkout/shipping');
    await page.getByRole('button', { name: 'Proceed to Payment' }).waitFor();
    expect(await focused(page)).toEqual({ tag: 'H1', text: 'Express Checkout, step 2 of 3: Shipping' });
    // The next Tab leaves the heading for the step's own content, not the site header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('header')))).toBe(false);

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL('**/checkout/payment');
    await page.locator('h1:focus').waitFor();
    expect(await focused(page)).toEqual({ tag: 'H1', text: 'Express Checkout, step 3 of 3: Payment' });
    // The welcome belonged to the landing only.
    expect(await page.getByText('Welcome, Ada').count()).toBe(0);

    // A page opened fresh does not take the focus: it starts at the top like any page.
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page);
    expect((await focused(page)).tag).toBe('BODY');

    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('signing up without a checkout to return to', () => {
  it('goes to /shop, welcomed, and the welcome can be dismissed', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchForErrors(page);
    await page.goto(`${shop.url}/register`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.fill('#register-firstName', 'Noor');
    await page.fill('#register-lastName', 'Haddad');
    await page.fill('#register-email', uniqueEmail('noor'));
    await page.fill('#register-password', 'oats and dates daily');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/shop');
    const welcome = page.getByTestId('welcome-notice');
    expect(await welcome.textContent()).toContain('Welcome, Noor');
    await page.getByRole('button', { name: 'Dismiss welcome message' }).click();
    await welcome.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/shop$/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
