/**
 * A subscription's card and its customer's bank, at the page (decision 0059), at 390×844 and
 * 1280×800: "Order now" with a card whose bank wants each charge confirmed opens the bank's panel
 * (the test processor's stand-in for 3-D Secure); "Not now" leaves the payment waiting, the page
 * says so after a reload, and confirming it places one order. A card whose later charges are
 * declined is replaced with the test card form (a declined card is refused in the form). axe on
 * the panel and the form.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutTotals } from '../src/domain/pricing';
import { subscriptionPriceCents } from '../src/domain/subscriptions';
import { allAccessibilityViolations, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openSignedIn, shopApi, uniqueEmail } from './shop-api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const GRANOLA = 'maple-almond-granola';

interface Auth {
  token: string;
  user: { id: number; email: string };
}
interface Subscription {
  id: number;
  status: string;
  last_order_id: number | null;
  needs_authentication: boolean;
  card: { last4: string } | null;
}

let shop: RunningShop;
let browser: Browser;
const api = shopApi(() => shop.url, '10.73');

beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const SHIPPING = {
  firstName: 'Robin',
  lastName: 'Alder',
  address1: '1055 Canada Place',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'V6C 0C3',
  country: 'Canada',
  phoneNumber: '6045550123',
};

/** A new account subscribed to the granola every 4 weeks, its first order paid with `card`. */
async function subscribedWith(name: string, card: string): Promise<{ auth: Auth; sub: Subscription }> {
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
  const product = await api<{ id: number; price: number; subscribe_save_percent: number }>(
    `/api/products/${GRANOLA}`,
  );
  const unit = subscriptionPriceCents(Math.round(product.price * 100), product.subscribe_save_percent);
  const { totalCents } = checkoutTotals([{ priceCents: unit, quantity: 1 }], SHIPPING);
  const intent = await api<{ client_secret: string }>('/api/payments/create-payment-intent', {
    method: 'POST',
    token: auth.token,
    body: {
      amount: totalCents,
      shippingInfo: { ...SHIPPING, email: auth.user.email },
      items: [{ id: product.id, quantity: 1, subscription: { interval_weeks: 4 } }],
      subscription_terms_accepted: true,
    },
  });
  await api('/api/payments/test/confirm', {
    method: 'POST',
    token: auth.token,
    body: {
      client_secret: intent.client_secret,
      card: { number: card, exp_month: 12, exp_year: 2034, cvc: '123' },
    },
  });
  const [sub] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
  return { auth, sub: sub! };
}

const axe = async (page: Page, label: string) =>
  expect(await allAccessibilityViolations(page), label).toEqual([]);

describe.each([
  ['390×844', PHONE],
  ['1280×800', DESKTOP],
])('a subscription’s card and bank at %s', (label, viewport) => {
  it('"Order now" asks the bank: not now leaves it waiting, confirming places one order', async () => {
    const { auth, sub } = await subscribedWith(`bank-${viewport.width}`, '4000002760003184');
    const { page, errors } = await openSignedIn(
      browser,
      shop.url,
      auth,
      `/subscriptions/${sub.id}`,
      viewport,
      {
        bypassCSP: true,
      },
    );
    const card = page.getByTestId('subscription');
    await card.waitFor();
    await card.getByRole('button', { name: 'Order now' }).click();
    const panel = card.getByRole('region', { name: 'Confirm with your bank' });
    await panel.waitFor();
    expect(await panel.innerText()).toMatch(
      /confirm the payment of \$\d+\.\d\d for this delivery with your Visa ending in 3184/,
    );
    // Focus goes to the panel's heading, for keyboard and screen-reader users.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Confirm with your bank');
    await axe(page, `the bank's panel, ${label}`);
    await panel.getByRole('button', { name: 'Not now' }).click();
    await panel.waitFor({ state: 'detached' });

    // Reloaded (the e-mail's link), the page says the payment waits; nothing was charged.
    await page.reload({ waitUntil: 'networkidle' });
    const waiting = card.getByText('Your bank asks you to confirm the payment for your next delivery.');
    await waiting.waitFor();
    const [before] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    expect(before).toMatchObject({ needs_authentication: true, last_order_id: sub.last_order_id });

    await card.getByRole('button', { name: 'Confirm payment', exact: true }).click();
    await panel.waitFor();
    await panel.getByRole('button', { name: /^Confirm payment of \$/ }).click();
    const status = card.getByRole('status');
    await expect.poll(() => status.innerText()).toMatch(/^Payment confirmed\. Order #\d+ placed\.$/);
    const orderId = Number(/#(\d+)/.exec(await status.innerText())![1]);
    await waiting.waitFor({ state: 'detached' });
    const [after] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    expect(after).toMatchObject({ status: 'active', needs_authentication: false, last_order_id: orderId });
    // The 402s are the answers the page acts on (the bank's confirmation, the declined card).
    expect(errors.filter((e) => !/status of 402/.test(e))).toEqual([]);
    await page.close();
  }, 120_000);

  it('updates the card with the test card form; a declined card is refused there', async () => {
    const { auth, sub } = await subscribedWith(`card-${viewport.width}`, '4000000000000341');
    const { page, errors } = await openSignedIn(browser, shop.url, auth, '/profile', viewport, {
      bypassCSP: true,
    });
    const card = page.getByRole('region', { name: 'Subscriptions' }).getByTestId('subscription');
    await card.waitFor();
    expect(await card.innerText()).toContain('Visa ending in 0341');
    await card.getByRole('button', { name: 'Update card' }).click();
    const form = card.getByRole('form', { name: 'Update your card' });
    await form.waitFor();
    await axe(page, `the card form, ${label}`);

    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe('Your card was declined.');

    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Save card' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByRole('status').innerText()).toBe('Card updated: Visa ending in 4242.');
    expect(await card.innerText()).toContain('Visa ending in 4242, expires 12/2034');
    const [after] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    expect(after).toMatchObject({ id: sub.id, card: { last4: '4242' } });
    // The 402s are the answers the page acts on (the bank's confirmation, the declined card).
    expect(errors.filter((e) => !/status of 402/.test(e))).toEqual([]);
    await page.close();
  }, 120_000);
});
