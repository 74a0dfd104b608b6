/**
 * Shipping details and the order timeline (decision 0023), in Chromium against a started shop whose
 * e-mails go to a real SMTP server on loopback: a customer pays with the test card, an admin marks
 * the order Shipped with Canada Post and a tracking number in the order dialog (a bad number is
 * refused in the browser first), the customer's 'on its way' e-mail holds the carrier's tracking
 * link in both its parts, the order page and /track-orders show the carrier, the number and the
 * link, and the dialog's timeline names the admin who shipped it. axe checks the dialog with its
 * shipping details and timeline, and the customer's two pages with the parcel, at phone and desktop
 * widths.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingUrl } from '../src/domain/fulfilment';
import { startMailbox, unescapeHtml, type Mailbox } from '../src/server/testing/mailbox';
import { allAccessibilityViolations, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openSignedIn, payWithTestCard, shopApi, uniqueEmail } from './shop-api';
import { DESKTOP as desktop, PHONE as phone } from './storefront-helpers';

const ADMIN = { email: 'owner@northbite.test', password: 'sugar-maple-owner-2024' };
const ADMIN_NAME = 'Avery Tremblay';
const PASSWORD = 'oat clusters forever';
const CARRIER = 'Canada Post';
const NUMBER = '1234567890123456';
const TRACKING_URL = trackingUrl(CARRIER, NUMBER)!;
const ON_ITS_WAY = /on its way/i;

interface ApiProduct {
  id: number;
  name: string;
  price: number;
}
interface Auth {
  token: string;
  user: { id: number; email: string; firstName: string; lastName: string };
}
interface ApiOrder {
  id: number;
  status: string;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
}

let mailbox: Mailbox;
let shop: RunningShop;
let browser: Browser;
let products: ApiProduct[];
let admin: Auth;

const api = shopApi(() => shop.url, '10.83');

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startShop({
    SMTP_URL: mailbox.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // API calls below give each customer its own client address (X-Forwarded-For), the test playing
    // the one proxy in front, so the per-client limits on registration and card attempts do not trip.
    TRUST_PROXY: '1',
  });
  browser = await launchBrowser();
  products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
  admin = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
  // The timeline names admins by their name: give the owner one.
  const [firstName, lastName] = ADMIN_NAME.split(' ');
  await api(`/api/users/${admin.user.id}`, {
    method: 'PATCH',
    token: admin.token,
    body: { firstName, lastName },
  });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await mailbox?.close();
});

const registerThroughApi = (email = uniqueEmail('parcel')) =>
  api<Auth>('/api/users/register', {
    method: 'POST',
    body: { firstName: 'Maya', lastName: 'Lee', email, password: PASSWORD, phoneNumber: '6045550123' },
  });

/** An order paid with the test card through the API, as the checkout places it. */
const placeOrderThroughApi = (auth: Auth) =>
  payWithTestCard<ApiOrder>(
    api,
    auth.token,
    [{ ...products.find((p) => p.name === 'Maple Almond Granola')!, quantity: 2 }],
    {
      firstName: auth.user.firstName,
      lastName: 'Lee',
      address1: '4700 Kingsway',
      city: 'Burnaby',
      state: 'British Columbia',
      postalCode: 'V5H 4M1',
      country: 'Canada',
      phoneNumber: '+16045550123',
      email: auth.user.email,
    },
  );

const signedIn = (auth: Auth, path: string, viewport = desktop, options: { bypassCSP?: boolean } = {}) =>
  openSignedIn(browser, shop.url, auth, path, viewport, options);

/**
 * The dialog of order `id`, opened from Order Management (searched by the customer's e-mail): from
 * the table on a desktop, from the list of cards on a phone.
 */
async function openOrderDialog(page: Page, id: number, email: string) {
  await page.getByRole('heading', { name: 'Orders', level: 2 }).waitFor();
  await page.fill('#order-search', email);
  await page.getByRole('button', { name: `View order #${id}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: `Order #${id}` }).waitFor();
  // The timeline is read when the dialog opens.
  await dialog.getByTestId('timeline-event').first().waitFor();
  return dialog;
}

/** The timeline's entries as shown: summary, time and who, one string each. */
const timelineTexts = (dialog: ReturnType<Page['getByRole']>) =>
  dialog.getByTestId('timeline-event').allInnerTexts();

describe('shipping an order with a tracking number', () => {
  let customer: Auth;
  let order: ApiOrder;

  it('is set in the order dialog; the customer is e-mailed the link, and sees it on the order page and /track-orders', async () => {
    customer = await registerThroughApi();
    order = await placeOrderThroughApi(customer);
    expect(order).toMatchObject({ carrier: null, tracking_number: null, tracking_url: null });

    const { page, errors } = await signedIn(admin, '/admin/dashboard?tab=orders');
    const dialog = await openOrderDialog(page, order.id, customer.user.email);

    // The timeline so far: the order was placed and paid; its times are <time> elements in a list.
    const timeline = dialog.getByRole('list', { name: 'Timeline' });
    expect(await timeline.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await timeline.locator('time').first().getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    const before = await timelineTexts(dialog);
    expect(before.join('\n')).not.toContain(ADMIN_NAME);

    const shipping = dialog.getByTestId('admin-shipping');
    const carrier = dialog.getByRole('combobox', { name: 'Carrier' });
    const number = dialog.getByRole('textbox', { name: 'Tracking number' });
    expect(await carrier.inputValue()).toBe('');
    expect(await number.inputValue()).toBe('');
    expect(
      await carrier.locator('option').evaluateAll((options) => options.map((o) => o.textContent)),
    ).toEqual(['None', 'Canada Post', 'Purolator', 'UPS', 'FedEx', 'Other']);
    expect(await shipping.getByTestId('admin-tracking-saved').textContent()).toBe(
      'No shipping details saved yet.',
    );

    // Picking Shipped brings the shipping details forward, and says what the customer will get.
    const box = await shipping.boundingBox();
    await dialog.getByRole('combobox', { name: 'Status' }).selectOption('Shipped');
    await shipping
      .getByText(
        'When you save, the customer gets an e-mail that the order is on its way. Add the number for the link.',
      )
      .waitFor();
    // Nothing moved: only the words and the ring changed.
    expect(await shipping.boundingBox()).toEqual(box);

    // A number the carrier would not print is refused before anything is sent.
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postData() ?? '');
    });
    await carrier.selectOption(CARRIER);
    await number.fill('12/34');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog
      .getByText(
        'Enter the tracking number as the carrier prints it: 3 to 40 letters, digits, spaces or dashes.',
      )
      .waitFor();
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    expect(await number.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(patches).toEqual([]);

    await number.fill(NUMBER);
    expect(await number.getAttribute('aria-invalid')).toBe('false');
    await expect
      .poll(() => shipping.textContent())
      .toContain(
        'When you save, the customer gets an e-mail that the order is on its way, with the tracking link.',
      );
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('status').getByText('Saved.').waitFor();
    // One request, with what changed only (the paid flag did not).
    expect(patches.map((body) => JSON.parse(body) as unknown)).toEqual([
      { status: 'Shipped', carrier: CARRIER, tracking_number: NUMBER },
    ]);

    // The saved details, with the carrier's page in a new tab.
    const saved = shipping.getByTestId('admin-tracking-saved');
    expect(await saved.textContent()).toContain(`Saved: ${CARRIER} ${NUMBER}`);
    const adminLink = saved.getByRole('link', { name: /Track on Canada Post/ });
    expect(await adminLink.getAttribute('href')).toBe(TRACKING_URL);
    expect(await adminLink.getAttribute('target')).toBe('_blank');
    expect(await adminLink.getAttribute('rel')).toContain('noopener');

    // The timeline is read again: the status change, by the admin's name.
    await expect
      .poll(async () =>
        (await timelineTexts(dialog)).some((t) => /Shipped/.test(t) && t.includes(ADMIN_NAME)),
      )
      .toBe(true);
    const after = await timelineTexts(dialog);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, before.length)).toEqual(before);

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    const row = page.getByTestId('admin-order-row').filter({ hasText: `#${order.id}` });
    expect(await row.getByTestId('order-status').textContent()).toBe('Shipped');
    expect(errors).toEqual([]);
    await page.close();

    // The customer's e-mail holds the carrier's tracking link, in the text and as a link in the HTML.
    const mail = await mailbox.waitFor(customer.user.email, ON_ITS_WAY);
    expect(mail.text).toContain(TRACKING_URL);
    expect(mail.text).toContain(NUMBER);
    expect(unescapeHtml(mail.html)).toContain(`href="${TRACKING_URL}"`);

    // The order page: carrier, number and 'Track your parcel' in a new tab.
    const mine = await signedIn(customer, `/orders/${order.id}`, phone);
    const tracking = mine.page.getByRole('region', { name: 'Tracking' });
    await tracking.waitFor();
    expect(await tracking.getByTestId('parcel-carrier').textContent()).toBe(CARRIER);
    expect(await tracking.getByTestId('parcel-number').textContent()).toBe(NUMBER);
    const parcel = tracking.getByRole('link', { name: /Track your parcel/ });
    expect(await parcel.getAttribute('href')).toBe(TRACKING_URL);
    expect(await parcel.getAttribute('target')).toBe('_blank');
    expect(await parcel.getAttribute('rel')).toContain('noopener');

    // /track-orders shows the same beside the order.
    await mine.page.goto(`${shop.url}/track-orders`, { waitUntil: 'networkidle' });
    await mine.page.fill('#track-order-number', String(order.id));
    await mine.page.getByRole('button', { name: 'Track Order' }).click();
    await mine.page.getByTestId('tracked-order').waitFor();
    const tracked = mine.page.getByTestId('parcel-tracking');
    expect(await tracked.getByTestId('parcel-carrier').textContent()).toBe(CARRIER);
    expect(await tracked.getByTestId('parcel-number').textContent()).toBe(NUMBER);
    expect(await tracked.getByRole('link', { name: /Track your parcel/ }).getAttribute('href')).toBe(
      TRACKING_URL,
    );
    expect(mine.errors).toEqual([]);
    await mine.page.close();

    // The API answers the same, computed by the server.
    const read = await api<ApiOrder>(`/api/orders/${order.id}`, { token: customer.token });
    expect(read).toMatchObject({ carrier: CARRIER, tracking_number: NUMBER, tracking_url: TRACKING_URL });
  });

  it('the order dialog with its shipping details and timeline has no WCAG 2.1 A/AA violations', async () => {
    expect(order, 'the journey above placed the order').toBeDefined();
    for (const viewport of [phone, desktop]) {
      const { page } = await signedIn(admin, '/admin/dashboard?tab=orders', viewport, { bypassCSP: true });
      const dialog = await openOrderDialog(page, order.id, customer.user.email);
      await dialog.getByTestId('admin-tracking-saved').getByRole('link').waitFor();
      // With a field error showing too.
      await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('#');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText(/^Enter the tracking number as the carrier prints it/).waitFor();
      expect(await allAccessibilityViolations(page), `${viewport.width}px`).toEqual([]);
      await page.close();
    }
  });

  it("the customer's order page and /track-orders with the parcel have no WCAG 2.1 A/AA violations", async () => {
    expect(order, 'the journey above placed the order').toBeDefined();
    for (const viewport of [phone, desktop]) {
      const { page } = await signedIn(customer, `/orders/${order.id}`, viewport, { bypassCSP: true });
      await page.getByRole('region', { name: 'Tracking' }).getByRole('link').waitFor();
      expect(await allAccessibilityViolations(page), `/orders/:id ${viewport.width}px`).toEqual([]);
      await page.goto(`${shop.url}/track-orders`, { waitUntil: 'networkidle' });
      await page.fill('#track-order-number', String(order.id));
      await page.getByRole('button', { name: 'Track Order' }).click();
      await page.getByTestId('parcel-tracking').waitFor();
      expect(await allAccessibilityViolations(page), `/track-orders ${viewport.width}px`).toEqual([]);
      await page.close();
    }
  });
});
