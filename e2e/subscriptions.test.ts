/**
 * Subscribe and save as a shopper meets it (decision 0056), at 390×844 and 1280×800: choose
 * "Subscribe" with an interval on a product page, see it in the cart beside the price it saves on,
 * agree to the renewal terms on the shipping step (Proceed to Payment waits for the tick), pay with
 * the test card, then on the profile skip the next delivery, order now and cancel with a reason.
 * axe on the product page, the shipping step and the profile.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  interval_weeks: number;
  next_order_at: string | null;
  last_order_id: number | null;
  cancel_reason: string | null;
}

let shop: RunningShop;
let browser: Browser;
const api = shopApi(() => shop.url, '10.71');

beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: '1' });
  browser = await launchBrowser();
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
      password: 'oat clusters forever',
      phoneNumber: '6045550123',
    },
  });
const axe = async (page: Page, label: string) =>
  expect(await allAccessibilityViolations(page), label).toEqual([]);

describe.each([
  ['390×844', PHONE],
  ['1280×800', DESKTOP],
])('subscribe and save at %s', (label, viewport) => {
  it('subscribes on the product page, agrees at checkout, pays, then skips, orders now and cancels on the profile', async () => {
    const auth = await register(`subscribe-${viewport.width}`);
    const { page, errors } = await openSignedIn(browser, shop.url, auth, `/products/${GRANOLA}`, viewport, {
      bypassCSP: true,
    });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

    // One-time is the default; Subscribe shows its price and the interval, 4 weeks unless changed.
    const options = page.getByRole('group', { name: /How to buy/ });
    expect(await options.getByRole('radio', { name: 'One-time purchase' }).isChecked()).toBe(true);
    await options.getByRole('radio', { name: /Subscribe & save 10%/ }).check();
    const interval = options.getByRole('combobox', { name: 'Deliver every' });
    expect(await interval.inputValue()).toBe('4');
    await interval.selectOption('2');
    await axe(page, `product page with Subscribe chosen, ${label}`);
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('subscription-note').waitFor();
    expect(await drawer.getByTestId('subscription-note').textContent()).toMatch(
      /^Subscription · every 2 weeks · One-time price \$\d+\.\d\d$/,
    );

    // Checkout: the address, then the subscription's terms; payment waits for the tick.
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { name: 'Express Checkout', level: 1 }).waitFor();
    await page.fill('#shipping-address1', '1055 Canada Place');
    await page.fill('#shipping-city', 'Vancouver');
    await page.fill('#shipping-postalCode', 'V6C 0C3');
    await page.getByRole('button', { name: 'Continue to Shipping' }).click();
    await page.waitForURL('**/checkout/shipping');
    const terms = page.getByTestId('subscription-terms');
    await terms.waitFor();
    expect(await terms.innerText()).toContain('every 2 weeks');
    expect(await terms.innerText()).toMatch(/Charged today: \$/);
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    await expect.poll(() => proceed.isDisabled()).toBe(true);
    await axe(page, `shipping step with the terms, ${label}`);
    await page.getByLabel('I agree that my subscription renews automatically until I cancel it.').check();
    await expect.poll(() => proceed.isEnabled()).toBe(true);
    await proceed.click();
    await page.getByText('Test mode — no real card is charged').waitFor();
    await page.fill('#card-number', '4242 4242 4242 4242');
    await page.fill('#card-expiry', '12 / 34');
    await page.fill('#card-cvc', '123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();

    // The profile lists it: every 2 weeks, active, the card it saved.
    await page.goto(`${shop.url}/profile`, { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Subscriptions' });
    const card = section.getByTestId('subscription');
    await card.waitFor();
    expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe('Every 2 weeks');
    expect(await card.getByTestId('subscription-status').innerText()).toBe('Active');
    expect(await card.innerText()).toContain('Visa ending in 4242');
    await axe(page, `profile with a subscription, ${label}`);
    const [before] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    expect(before).toMatchObject({ status: 'active', interval_weeks: 2 });

    // Skip: the next delivery moves two weeks on.
    await card.getByRole('button', { name: 'Skip next delivery' }).click();
    await expect.poll(() => card.getByRole('status').innerText()).toMatch(/^Skipped\. Next delivery /);
    const [skipped] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    expect(Date.parse(skipped!.next_order_at!) - Date.parse(before!.next_order_at!)).toBe(14 * 86_400_000);

    // Order now: an order at today's prices, named in the status line.
    await card.getByRole('button', { name: 'Order now' }).click();
    await expect.poll(() => card.getByRole('status').innerText()).toMatch(/^Order #\d+ placed\.$/);
    const [ordered] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    const orderId = Number(/#(\d+)/.exec(await card.getByRole('status').innerText())![1]);
    expect(ordered!.last_order_id).toBe(orderId);

    // Cancel, with a reason, after saying what it means.
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    await card.getByLabel('Why are you cancelling? (optional)').fill('Trying the cookies instead');
    await card.getByRole('button', { name: 'Cancel subscription' }).last().click();
    await expect.poll(() => card.getByRole('status').innerText()).toBe('Your subscription is cancelled.');
    expect(await card.getByTestId('subscription-status').innerText()).toBe('Cancelled');
    const [canceled] = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    expect(canceled).toMatchObject({ status: 'canceled', cancel_reason: 'Trying the cookies instead' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
