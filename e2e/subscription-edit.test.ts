/**
 * Changing a subscription's items and address on the profile (docs/product.md, Subscriptions;
 * decision 0056), at 390×844 and 1280×800: a shopper subscribed to cookies and granola opens "Change
 * items" (focus on the editor), finds only cookies to swap the cookie for and only granola for the
 * granola, swaps a flavour and raises a quantity, saves and reads the new next total; opens "Change
 * address", is refused a Toronto postal code with the checkout's message, saves a Vancouver address;
 * after a reload the card and the API say the same; the last product cannot be removed, and a save
 * the server refuses says why. axe with each editor open.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_SHIPPING_AREA } from '../src/domain/checkout';
import { dollarsToCents, formatPrice } from '../src/domain/money';
import { checkoutTotals } from '../src/domain/pricing';
import { subscriptionMessages } from '../src/domain/subscription-messages';
import { subscriptionPriceCents } from '../src/domain/subscriptions';
import { allAccessibilityViolations, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openSignedIn, shopApi, uniqueEmail } from './shop-api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const COOKIE = 'Classic Chocolate Chunk Protein Cookies';
const OTHER_COOKIE = 'Double Chocolate Chunk Protein Cookies';
const GRANOLA = 'Maple Almond Granola';

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  category: string;
  price: number;
  subscribe_save_percent: number;
}
interface Auth {
  token: string;
  user: { id: number; email: string };
}
interface Subscription {
  id: number;
  items: { product_id: number; name: string; quantity: number }[];
  next_total: { total: number };
  shipping_address: Record<string, string | null>;
}

let shop: RunningShop;
let browser: Browser;
let catalogue: ApiProduct[];
const api = shopApi(() => shop.url, '10.93');
const product = (name: string) => catalogue.find((p) => p.name === name)!;

beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: '1' });
  browser = await launchBrowser();
  catalogue = await api<ApiProduct[]>('/api/products');
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const axe = async (page: Page, label: string) =>
  expect(await allAccessibilityViolations(page), label).toEqual([]);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/**
 * A shopper with a subscription every 4 weeks to 1 × COOKIE and 2 × GRANOLA, paid with the test card
 * 4242 through the API as the checkout pays it (e2e/subscriptions.test.ts walks that checkout).
 */
async function subscribedShopper(name: string): Promise<Auth> {
  const auth = await api<Auth>('/api/users/register', {
    method: 'POST',
    body: {
      firstName: 'Robin',
      lastName: 'Alder',
      email: uniqueEmail(name),
      password: 'oat clusters forever',
      phoneNumber: '6045550123',
    },
  });
  const lines = [
    { product: product(COOKIE), quantity: 1 },
    { product: product(GRANOLA), quantity: 2 },
  ];
  const shippingInfo = {
    firstName: 'Robin',
    lastName: 'Alder',
    address1: '1 Main St',
    city: 'Vancouver',
    state: 'British Columbia',
    postalCode: 'V5K 0A1',
    country: 'Canada',
    phoneNumber: '604 555 0123',
    email: auth.user.email,
  };
  const { totalCents } = checkoutTotals(
    lines.map((line) => ({
      priceCents: subscriptionPriceCents(
        dollarsToCents(line.product.price),
        line.product.subscribe_save_percent,
      ),
      quantity: line.quantity,
    })),
    shippingInfo,
  );
  const intent = await api<{ client_secret: string }>('/api/payments/create-payment-intent', {
    method: 'POST',
    token: auth.token,
    body: {
      amount: totalCents,
      shippingInfo,
      items: lines.map((line) => ({
        id: line.product.id,
        quantity: line.quantity,
        subscription: { interval_weeks: 4 },
      })),
      subscription_terms_accepted: true,
    },
  });
  await api('/api/payments/test/confirm', {
    method: 'POST',
    token: auth.token,
    body: {
      client_secret: intent.client_secret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    },
  });
  return auth;
}

describe.each([
  ['390×844', PHONE],
  ['1280×800', DESKTOP],
])('changing a subscription at %s', (label, viewport) => {
  it('swaps a flavour within its category, changes a quantity and the address, and says why a save is refused', async () => {
    const auth = await subscribedShopper(`subscription-edit-${viewport.width}`);
    const [subscription] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    const { page, errors } = await openSignedIn(browser, shop.url, auth, '/profile', viewport, {
      bypassCSP: true,
    });
    const card = page.getByRole('region', { name: 'Subscriptions' }).getByTestId('subscription');
    await card.waitFor();

    // Change items: the editor opens with focus on it; each product offers only its own category.
    const changeItems = card.getByRole('button', { name: 'Change items' });
    await changeItems.click();
    const items = card.getByRole('region', { name: 'Change items' });
    await items.waitFor();
    expect(await changeItems.getAttribute('aria-expanded')).toBe('true');
    expect(await focusedText(page)).toBe('Change items');
    // Each product is a group named after it (the items come in the subscription's order).
    const cookieRow = items.getByTestId('subscription-edit-item').nth(0);
    const granolaRow = items.getByTestId('subscription-edit-item').nth(1);
    expect(await items.getByRole('group', { name: COOKIE, exact: true }).count()).toBe(1);
    expect(await granolaRow.getByRole('group', { name: GRANOLA, exact: true }).count()).toBe(1);
    const cookieFlavour = cookieRow.getByLabel('Flavour');
    // The catalogue loads after the editor opens: the other cookies join the current one.
    await expect.poll(() => cookieFlavour.locator('option').count()).toBeGreaterThan(1);
    const cookies = catalogue.filter((p) => p.category === 'Chunky Protein Cookies').map((p) => p.name);
    expect(await cookieFlavour.locator('option').allInnerTexts()).toEqual(cookies);
    expect(await granolaRow.getByLabel('Flavour').locator('option').allInnerTexts()).toEqual(
      catalogue.filter((p) => p.category === 'Granola').map((p) => p.name),
    );
    await cookieFlavour.selectOption({ label: OTHER_COOKIE });
    expect(await cookieRow.getByRole('group', { name: OTHER_COOKIE, exact: true }).count()).toBe(1);
    expect(await cookieRow.getByTestId('subscription-edit-price').innerText()).toBe(
      `Chunky Protein Cookies · ${formatPrice(
        subscriptionPriceCents(
          dollarsToCents(product(OTHER_COOKIE).price),
          product(OTHER_COOKIE).subscribe_save_percent,
        ),
      )} each`,
    );
    await granolaRow.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await granolaRow.getByLabel('Quantity', { exact: true }).inputValue()).toBe('3');
    await axe(page, `items editor, ${label}`);
    await items.getByRole('button', { name: 'Save items' }).click();
    await expect.poll(() => items.getByRole('status').innerText()).toMatch(/^Items saved\. /);
    const [changed] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    expect(changed!.items.map((item) => [item.name, item.quantity]).sort()).toEqual([
      [OTHER_COOKIE, 1],
      [GRANOLA, 3],
    ]);
    expect(changed!.next_total.total).toBeGreaterThan(subscription!.next_total.total);
    const nextTotal = formatPrice(dollarsToCents(changed!.next_total.total));
    expect(await items.getByRole('status').innerText()).toBe(
      `Items saved. Next total ${nextTotal} at today's prices.`,
    );
    expect(await card.innerText()).toContain(`3 × ${GRANOLA}`);
    // Close puts focus back on the button that opened it.
    await items.getByRole('button', { name: 'Close' }).click();
    expect(await items.count()).toBe(0);
    expect(await focusedText(page)).toBe('Change items');
    expect(await changeItems.getAttribute('aria-expanded')).toBe('false');

    // Change address: the checkout's fields, filled with the subscription's address and checked by
    // its rules (a Toronto postal code is refused with focus on it).
    const changeAddress = card.getByRole('button', { name: 'Change address' });
    await changeAddress.click();
    const address = card.getByRole('region', { name: 'Change address' });
    await address.waitFor();
    expect(await focusedText(page)).toBe('Change address');
    expect(await address.getByLabel('Address line 1').inputValue()).toBe('1 Main St');
    expect(await address.getByLabel('Email').inputValue()).toBe(auth.user.email);
    await address.getByLabel('Address line 1').fill('1055 Canada Place');
    await address.getByLabel('Postal code').fill('M5V 2T6');
    await address.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => address.getByText(OUTSIDE_SHIPPING_AREA).isVisible()).toBe(true);
    expect(await address.getByRole('alert').first().innerText()).toContain('Please check 1 field');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'shipping postal-code',
    );
    await axe(page, `address editor with an error, ${label}`);
    await address.getByLabel('Postal code').fill('v6c0c3');
    await address.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => address.getByRole('status').innerText()).toMatch(/^Address saved\. Next total /);
    // The field shows the postal code as the shop keeps it.
    expect(await address.getByLabel('Postal code').inputValue()).toBe('V6C 0C3');
    expect(await card.innerText()).toContain('1055 Canada Place, Vancouver, V6C 0C3');
    // Escape closes it too, with focus back on its button.
    await address.getByLabel('City').press('Escape');
    expect(await address.count()).toBe(0);
    expect(await focusedText(page)).toBe('Change address');

    // After a reload the card and the API agree.
    await page.reload({ waitUntil: 'networkidle' });
    await card.waitFor();
    expect(await card.innerText()).toContain(`1 × ${OTHER_COOKIE}`);
    expect(await card.innerText()).toContain(`3 × ${GRANOLA}`);
    expect(await card.innerText()).toContain('1055 Canada Place, Vancouver, V6C 0C3');
    const [reloaded] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    expect(reloaded!.shipping_address).toMatchObject({
      address1: '1055 Canada Place',
      city: 'Vancouver',
      postalCode: 'V6C 0C3',
      email: auth.user.email,
    });
    expect(reloaded!.items).toEqual(changed!.items);

    // Removing: one product at least stays (the API refuses an empty list).
    await card.getByRole('button', { name: 'Change items' }).click();
    await items.waitFor();
    await items.getByRole('button', { name: `Remove ${GRANOLA}` }).click();
    expect(await items.getByTestId('subscription-edit-item').count()).toBe(1);
    expect(await items.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await items.innerText()).toContain(subscriptionMessages.noItems);
    // A save the server refuses says why: here the subscription was cancelled meanwhile.
    await api(`/api/subscriptions/${subscription!.id}/cancel`, {
      method: 'POST',
      token: auth.token,
      body: {},
    });
    await items.getByRole('button', { name: 'Save items' }).click();
    await expect.poll(() => items.getByRole('alert').innerText()).toBe(subscriptionMessages.canceled);
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
    await page.close();
  }, 120_000);
});
