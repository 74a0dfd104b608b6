/**
 * Saved addresses and the British Columbia rule, as a shopper meets them (decisions 0049 and 0050):
 * a Toronto postal code refused on the checkout form with focus on the field; a first order with
 * "Save this address"; the profile listing it as the default; the second checkout prefilled from
 * it; managing the address book on the profile; axe on /checkout and /profile, at 390×844 and
 * 1280×800.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_SHIPPING_AREA } from '../src/domain/checkout';
import { allAccessibilityViolations, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openSignedIn, seedCart, shopApi, uniqueEmail } from './shop-api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'oat clusters forever';
const GRANOLA = 'Maple Almond Granola';

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  price: number;
}
interface Auth {
  token: string;
  user: { id: number; email: string };
}

let shop: RunningShop;
let browser: Browser;
let products: ApiProduct[];
const api = shopApi(() => shop.url, '10.67');

beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: '1' });
  browser = await launchBrowser();
  products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const register = (name: string) =>
  api<Auth>('/api/users/register', {
    method: 'POST',
    body: {
      firstName: 'Robin',
      lastName: 'Alder',
      email: uniqueEmail(name),
      password: PASSWORD,
      phoneNumber: '6045550123',
    },
  });

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);
const axe = async (page: Page, label: string) =>
  expect(await allAccessibilityViolations(page), label).toEqual([]);

/** A signed-in page (axe needs the CSP lifted) with one pack of granola in the cart, at /checkout. */
async function checkoutPage(auth: Auth, viewport: { width: number; height: number }) {
  const { page, errors } = await openSignedIn(browser, shop.url, auth, '/', viewport, { bypassCSP: true });
  await seedCart(
    page,
    products.find((product) => product.name === GRANOLA)!,
    1,
  );
  await page.goto(`${shop.url}/checkout`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Express Checkout', level: 1 }).waitFor();
  return { page, errors };
}

describe.each([
  ['390×844', PHONE],
  ['1280×800', DESKTOP],
])('saved addresses at %s', (label, viewport) => {
  it('refuses a Toronto postal code, saves the first address, lists it on the profile and prefills the next checkout', async () => {
    const auth = await register(`addresses-${viewport.width}`);
    const { page, errors } = await checkoutPage(auth, viewport);

    // A first checkout: no address book yet, so "Save this address" is ticked and nothing to choose.
    expect(await page.getByRole('group', { name: 'Ship to' }).count()).toBe(0);
    expect(await page.getByLabel('Save this address').isChecked()).toBe(true);

    // Toronto is in Canada, not in British Columbia: refused on the form, focus on the postal code.
    await page.fill('#shipping-address1', '100 King St W');
    await page.fill('#shipping-city', 'Toronto');
    await page.fill('#shipping-postalCode', 'M5H 2N2');
    await page.getByRole('button', { name: 'Continue to Shipping' }).click();
    await page.getByText(OUTSIDE_SHIPPING_AREA).waitFor();
    expect(await focusedId(page)).toBe('shipping-postalCode');
    expect(await page.locator('#shipping-postalCode').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#shipping-postalCode').getAttribute('aria-describedby')).toBe(
      'shipping-postalCode-error',
    );
    const summary = page.getByRole('alert').filter({ hasText: 'Please check 1 field' });
    expect(await summary.innerText()).toContain('Postal code');
    expect(page.url()).toMatch(/\/checkout$/);
    await axe(page, `/checkout with the Toronto code, ${label}`);

    // A Vancouver address goes through, and is saved on the way.
    await page.fill('#shipping-address1', '1055 Canada Place');
    await page.fill('#shipping-address2', 'Suite 12');
    await page.fill('#shipping-city', 'Vancouver');
    await page.fill('#shipping-postalCode', 'v6c 0c3');
    await page.getByRole('button', { name: 'Continue to Shipping' }).click();
    await page.waitForURL('**/checkout/shipping');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByText('Test mode — no real card is charged').waitFor();
    await page.fill('#card-number', '4242 4242 4242 4242');
    await page.fill('#card-expiry', '12 / 34');
    await page.fill('#card-cvc', '123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();

    // The profile lists it as the default, and the account's address is its summary.
    await page.goto(`${shop.url}/profile`, { waitUntil: 'networkidle' });
    const book = page.getByRole('list', { name: 'Saved addresses' });
    await book.waitFor();
    const saved = book.getByRole('article');
    expect(await saved.count()).toBe(1);
    const card = await saved.innerText();
    expect(card).toContain('1055 Canada Place');
    expect(card).toContain('Suite 12');
    expect(card).toContain('Vancouver, British Columbia V6C 0C3');
    expect(card).toContain('Default');
    await page
      .getByText('1055 Canada Place, Suite 12, Vancouver, British Columbia V6C 0C3', { exact: true })
      .waitFor();
    await axe(page, `/profile, ${label}`);
    await page.close();

    // The second checkout, in a new window: prefilled from the default, offered under "Ship to".
    const second = await checkoutPage(auth, viewport);
    const next = second.page;
    const shipTo = next.getByRole('group', { name: 'Ship to' });
    await shipTo.waitFor();
    expect(await shipTo.getByRole('radio', { name: /1055 Canada Place/ }).isChecked()).toBe(true);
    expect(await next.inputValue('#shipping-address1')).toBe('1055 Canada Place');
    expect(await next.inputValue('#shipping-address2')).toBe('Suite 12');
    expect(await next.inputValue('#shipping-city')).toBe('Vancouver');
    expect(await next.inputValue('#shipping-postalCode')).toBe('V6C 0C3');
    expect(await next.inputValue('#shipping-phoneNumber')).toBe('(604) 555-0123');
    expect(await next.getByLabel('Save this address').isChecked()).toBe(false);
    await axe(next, `/checkout prefilled, ${label}`);
    // "Use a new address" empties the street for a new one.
    await shipTo.getByRole('radio', { name: 'Use a new address' }).check();
    expect(await next.inputValue('#shipping-address1')).toBe('');
    expect(await next.inputValue('#shipping-postalCode')).toBe('');
    await shipTo.getByRole('radio', { name: /1055 Canada Place/ }).check();
    expect(await next.inputValue('#shipping-address1')).toBe('1055 Canada Place');
    await next.getByRole('button', { name: 'Continue to Shipping' }).click();
    await next.waitForURL('**/checkout/shipping');
    expect(await next.getByTestId('ship-to').innerText()).toContain('1055 Canada Place');

    // Still one address: the one chosen was not saved twice.
    const listed = await api<{ addresses: unknown[] }>('/api/users/me/addresses', { token: auth.token });
    expect(listed.addresses).toHaveLength(1);
    expect([...errors, ...second.errors]).toEqual([]);
    await next.close();
  });
});

describe('the address book on the profile', () => {
  it('adds, refuses a Toronto code, makes default, edits and deletes, saying each result and moving focus', async () => {
    const auth = await register('address-book');
    await api('/api/users/me/addresses', {
      method: 'POST',
      token: auth.token,
      body: {
        firstName: 'Robin',
        lastName: 'Alder',
        address1: '1055 Canada Place',
        city: 'Vancouver',
        state: 'British Columbia',
        postalCode: 'V6C 0C3',
        phoneNumber: '6045550123',
      },
    });
    const { page, errors } = await openSignedIn(browser, shop.url, auth, '/profile', PHONE, {
      bypassCSP: true,
    });
    const section = page.getByRole('region', { name: 'Addresses' });
    const status = section.getByRole('status');
    await section.getByRole('article').first().waitFor();

    // Add: the form opens on its first field; a Toronto code is refused with focus on it.
    await section.getByRole('button', { name: 'Add an address' }).click();
    expect(await focusedId(page)).toBe('new-address-firstName');
    await page.fill('#new-address-address1', '4700 Kingsway');
    await page.fill('#new-address-city', 'Burnaby');
    await page.fill('#new-address-postalCode', 'M5H 2N2');
    await section.getByRole('button', { name: 'Save address' }).click();
    await section.getByText(OUTSIDE_SHIPPING_AREA).waitFor();
    expect(await focusedId(page)).toBe('new-address-postalCode');
    await page.fill('#new-address-postalCode', 'V5H 4M1');
    await section.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => status.textContent()).toBe('Address saved.');
    const burnaby = section
      .getByRole('article', { name: /Robin Alder/ })
      .filter({ hasText: '4700 Kingsway' });
    expect(await burnaby.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await burnaby.innerText()).not.toContain('Default');
    await axe(page, '/profile with two addresses, 390px');

    // Make it the default: the account's address follows.
    await burnaby.getByRole('button', { name: /Make default/ }).click();
    await expect.poll(() => status.textContent()).toBe('Default address changed.');
    expect(await burnaby.innerText()).toContain('Default');
    await page.getByText('4700 Kingsway, Burnaby, British Columbia V5H 4M1', { exact: true }).waitFor();

    // Edit it.
    await burnaby.getByRole('button', { name: /^Edit/ }).click();
    const editForm = section.getByRole('form', { name: 'Edit address' });
    await editForm.getByLabel('Address line 2 (optional)').fill('Unit 7');
    await editForm.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => status.textContent()).toBe('Address saved.');
    await page
      .getByText('4700 Kingsway, Unit 7, Burnaby, British Columbia V5H 4M1', { exact: true })
      .waitFor();

    // Delete it, after the confirmation (keeping it first): the other becomes the default.
    const deleteButton = section
      .getByRole('article')
      .filter({ hasText: '4700 Kingsway' })
      .getByRole('button', { name: /^Delete/ });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
    await dialog.waitFor();
    await axe(page, '/profile delete confirmation, 390px');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await section.getByRole('article').count()).toBe(2);
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await expect.poll(() => status.textContent()).toBe('Address deleted.');
    expect(await focusedId(page)).toBe('addresses-title');
    expect(await section.getByRole('article').count()).toBe(1);
    expect(await section.getByRole('article').innerText()).toContain('Default');
    await page.getByText('1055 Canada Place, Vancouver, British Columbia V6C 0C3', { exact: true }).waitFor();
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await page.close();
  });
});
