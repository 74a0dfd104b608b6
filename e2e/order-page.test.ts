/**
 * After the order (docs/product.md, Orders; decision 0053), in Chromium against a started shop, at
 * 390×844 and 1280×800: a placed order's page shows the progress tracker at Placed (an ordered list,
 * the current step marked with aria-current) and the Cancel card; once the admin ships it, the
 * tracker shows Shipped with its date, the carrier's tracking link sits in the tracker's card, and
 * the Cancel card is gone, a line saying the order cannot be canceled in its place. Buy again puts
 * the order's lines in the cart at today's prices and names the product that went sold out. The
 * admin's refund asks for the amount first: 'Don't refund' sends nothing; a refund of chosen lines is
 * priced in the form as the server prices it. The receipt and credit notes open from the order page,
 * and from the links in the confirmation and refund e-mails, caught by an SMTP server on loopback.
 * axe finds no WCAG 2.1 A/AA violation on the page in both states, nor on the refund's question.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingUrl } from '../src/domain/fulfilment';
import { allAccessibilityViolations, launchBrowser } from './browser';
import { startMailbox, type Mailbox } from '../src/server/testing/mailbox';
import { startShop, type RunningShop } from './server';
import { openSignedIn, payWithTestCard, shopApi, uniqueEmail } from './shop-api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ADMIN = { email: 'owner@northbite.test', password: 'sugar-maple-owner-2024' };
const PASSWORD = 'oat clusters forever';
const GRANOLA = 'Maple Almond Granola';
const COOKIES = 'Peanut Butter Crunch Protein Cookies';
const NUMBER = '7023 4567 8901 2345';
const TRACKING_URL = trackingUrl('Canada Post', NUMBER)!;

interface ApiProduct {
  id: number;
  name: string;
  price: number;
  slug: string;
}
interface Auth {
  token: string;
  user: { id: number; email: string; firstName: string; lastName: string };
}
interface ApiOrder {
  id: number;
  status: string;
  created_at: string;
  total: number;
  status_dates: Record<string, string>;
  refunds: unknown[];
}

let shop: RunningShop;
let browser: Browser;
let products: ApiProduct[];
let admin: Auth;
let mailbox: Mailbox;

const api = shopApi(() => shop.url, '10.84');
const product = (name: string) => products.find((p) => p.name === name)!;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startShop({
    SMTP_URL: mailbox.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '1',
    BUSINESS_LEGAL_NAME: 'Northbite Snacks Inc.',
    GST_HST_NUMBER: '123456789RT0001',
  });
  browser = await launchBrowser();
  products = await api<ApiProduct[]>('/api/products');
  admin = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await mailbox?.close();
});

const registerThroughApi = () =>
  api<Auth>('/api/users/register', {
    method: 'POST',
    body: {
      firstName: 'Noor',
      lastName: 'Haddad',
      email: uniqueEmail('again'),
      password: PASSWORD,
      phoneNumber: '6045550123',
    },
  });

/** Two granola and one box of cookies, paid with the test card. */
const placeOrder = (auth: Auth) =>
  payWithTestCard<ApiOrder>(
    api,
    auth.token,
    [
      { ...product(GRANOLA), quantity: 2 },
      { ...product(COOKIES), quantity: 1 },
    ],
    {
      firstName: 'Noor',
      lastName: 'Haddad',
      address1: '4700 Kingsway',
      city: 'Burnaby',
      state: 'British Columbia',
      postalCode: 'V5H 4M1',
      country: 'Canada',
      phoneNumber: '+16045550123',
      email: auth.user.email,
    },
  );

const ship = (orderId: number) =>
  api<ApiOrder>(`/api/orders/${orderId}/status`, {
    method: 'PATCH',
    token: admin.token,
    body: { status: 'Shipped', carrier: 'Canada Post', tracking_number: NUMBER },
  });

/** Sets the product's count on hand (null: made to order), as the admin's product form does. */
async function setStock(productId: number, stock: number | null) {
  const listed = await api<{ id: number; on_hand: number | null }[]>('/api/admin/products', {
    token: admin.token,
  });
  const onHand = listed.find((p) => p.id === productId)!.on_hand;
  await api(`/api/products/${productId}`, {
    method: 'PATCH',
    token: admin.token,
    body: { stock, expected_stock: onHand },
  });
}

const progressOf = (page: Page) => page.getByRole('region', { name: 'Progress' });
const stepsOf = (page: Page) =>
  progressOf(page).getByRole('list', { name: 'Order progress' }).getByRole('listitem');

async function openOrder(auth: Auth, orderId: number, viewport: typeof PHONE, bypassCSP = false) {
  const opened = await openSignedIn(browser, shop.url, auth, `/orders/${orderId}`, viewport, { bypassCSP });
  await opened.page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
  return opened;
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('the order page after the order (%s)', (_name, viewport) => {
  let customer: Auth;
  let order: ApiOrder;

  it('tracks the order from Placed to Shipped, shows the parcel, and offers Cancel only while allowed', async () => {
    customer = await registerThroughApi();
    order = await placeOrder(customer);
    const { page, errors } = await openOrder(customer, order.id, viewport);

    // Placed: the four steps in order, Placed current and dated, the rest not yet.
    const steps = stepsOf(page);
    expect(await steps.count()).toBe(4);
    expect(await progressOf(page).getByTestId('order-step-label').allTextContents()).toEqual([
      'Placed',
      'Preparing',
      'Shipped',
      'Delivered',
    ]);
    const current = progressOf(page).locator('[aria-current="step"]');
    expect(await current.count()).toBe(1);
    expect(await current.innerText()).toContain('Placed');
    expect(await current.locator('time').getAttribute('datetime')).toBe(order.created_at);
    expect(await steps.nth(2).textContent()).toContain('not yet');
    expect(await progressOf(page).innerText()).toContain(
      'We have your order and will start preparing it soon.',
    );
    // No parcel yet; the Cancel card is there, its button ready.
    expect(await progressOf(page).getByRole('region', { name: 'Tracking' }).count()).toBe(0);
    const cancelCard = page.getByRole('region', { name: 'Cancel order' });
    expect(await cancelCard.isVisible()).toBe(true);
    expect(await cancelCard.getByRole('button', { name: 'Cancel Order' }).isEnabled()).toBe(true);
    expect(await page.getByTestId('cancel-blocked').count()).toBe(0);

    // The admin ships it with Canada Post.
    const shipped = await ship(order.id);
    expect(Object.keys(shipped.status_dates)).toEqual(['Shipped']);
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: `Order #${order.id}` }).waitFor();

    const now = progressOf(page).locator('[aria-current="step"]');
    expect(await now.innerText()).toContain('Shipped');
    expect(await now.locator('time').getAttribute('datetime')).toBe(shipped.status_dates.Shipped);
    expect(await stepsOf(page).evaluateAll((items) => items.map((item) => item.dataset.state))).toEqual([
      'done',
      'done',
      'current',
      'upcoming',
    ]);
    expect(await stepsOf(page).first().textContent()).toContain('done');
    expect(await progressOf(page).innerText()).toContain('Your order is on its way.');

    // The carrier's tracking link, in the tracker's card.
    const tracking = progressOf(page).getByRole('region', { name: 'Tracking' });
    const parcel = tracking.getByRole('link', { name: /Track your parcel/ });
    expect(await parcel.getAttribute('href')).toBe(TRACKING_URL);
    expect(await parcel.getAttribute('target')).toBe('_blank');
    expect(await parcel.isVisible()).toBe(true);
    expect(await tracking.getByTestId('parcel-number').textContent()).toBe(NUMBER);

    // The Cancel card is gone; a line says why.
    expect(await page.getByRole('region', { name: 'Cancel order' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    expect(await progressOf(page).getByTestId('cancel-blocked').textContent()).toBe(
      'This order has shipped and cannot be canceled.',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("buys again: the order's lines go to the cart at today's prices, the sold-out one is named", async () => {
    expect(order, 'the journey above placed the order').toBeDefined();
    const cookies = product(COOKIES);
    await setStock(cookies.id, 0);
    try {
      const { page, errors } = await openOrder(customer, order.id, viewport);
      await page.getByRole('button', { name: 'Buy again' }).click();
      const result = page.getByTestId('buy-again-result');
      await result.waitFor();
      expect(await result.innerText()).toBe(`Added 2 items to your cart. ${COOKIES} is sold out. View cart`);
      // The line is a status message, read out as it appears.
      expect(await page.getByRole('status').filter({ has: result }).count()).toBe(1);
      const stored = await page.evaluate(
        () => JSON.parse(window.localStorage.getItem('cart') ?? '{}') as { items: unknown[] },
      );
      expect(stored.items).toEqual([
        expect.objectContaining({ id: product(GRANOLA).id, quantity: 2, price: product(GRANOLA).price }),
      ]);

      // The cart shows the granola, twice, and not the cookies.
      await result.getByRole('link', { name: 'View cart' }).click();
      await page.waitForURL('**/cart');
      const items = page.getByRole('region', { name: 'Items' });
      await items.getByRole('link', { name: GRANOLA }).waitFor();
      expect(await items.getByRole('link', { name: COOKIES }).count()).toBe(0);
      expect(await items.getByRole('spinbutton').inputValue()).toBe('2');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await setStock(cookies.id, null);
    }
  });

  it('has no WCAG 2.1 A/AA violations placed (with the Cancel card) and shipped (with the parcel and Buy again)', async () => {
    const fresh = await placeOrder(customer);
    const placed = await openOrder(customer, fresh.id, viewport, true);
    await progressOf(placed.page).locator('[aria-current="step"]').waitFor();
    expect(await allAccessibilityViolations(placed.page), `placed ${viewport.width}px`).toEqual([]);
    await placed.page.close();

    const shipped = await openOrder(customer, order.id, viewport, true);
    await progressOf(shipped.page)
      .getByRole('link', { name: /Track your parcel/ })
      .waitFor();
    await shipped.page.getByRole('button', { name: 'Buy again' }).click();
    await shipped.page.getByTestId('buy-again-result').waitFor();
    expect(await allAccessibilityViolations(shipped.page), `shipped ${viewport.width}px`).toEqual([]);
    await shipped.page.close();
  });
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('the receipt (%s)', (_name, viewport) => {
  it("opens from the order page with the GST/HST number and each line's tax, and downloads as a PDF", async () => {
    const customer = await registerThroughApi();
    const order = await placeOrder(customer);
    const { page, errors } = await openOrder(customer, order.id, viewport, true);
    await page.getByRole('link', { name: 'Receipt' }).click();
    await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
    expect(page.url()).toBe(`${shop.url}/orders/${order.id}/receipt`);
    expect(await page.getByTestId('gst-hst-number').textContent()).toBe(
      'GST/HST registration no. 123456789 RT 0001',
    );
    expect(
      await page.getByRole('article', { name: 'Receipt' }).getByText('Northbite Snacks Inc.').count(),
    ).toBe(1);
    const lines = await page.getByTestId('receipt-line').allTextContents();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${GRANOLA}GST2\\$`));
    expect(await page.getByTestId('receipt-tax').allTextContents()).toEqual([
      expect.stringMatching(/^GST \(5%\), BC\$\d+\.\d\d$/),
    ]);
    expect(await allAccessibilityViolations(page), `receipt ${viewport.width}px`).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`northbite-receipt-${order.id}.pdf`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    // Printed: the receipt alone, without the shop's header, footer or buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Download PDF' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Receipt', level: 1 }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the credit note', () => {
  it('is linked from the receipt for each refund, with the tax it gave back', async () => {
    const customer = await registerThroughApi();
    const order = await placeOrder(customer);
    const refunded = await api<{ refunds: { id: number; taxes: { amount: number }[] }[] }>(
      `/api/orders/${order.id}/refunds`,
      { method: 'POST', token: admin.token, body: { amount: 10, reason: 'One bag arrived open' } },
    );
    const refund = refunded.refunds[0]!;
    const number = `CN-${String(refund.id).padStart(6, '0')}`;
    const { page, errors } = await openSignedIn(
      browser,
      shop.url,
      customer,
      `/orders/${order.id}/receipt`,
      DESKTOP,
      { bypassCSP: true },
    );
    await page.getByRole('link', { name: `Credit note ${number}` }).click();
    await page.getByRole('heading', { name: 'Credit note', level: 1 }).waitFor();
    expect(page.url()).toBe(`${shop.url}/orders/${order.id}/credit-notes/${refund.id}`);
    const article = page.getByRole('article', { name: 'Credit note' });
    expect(await article.getByText(`${number} ·`).count()).toBe(1);
    expect(await article.getByText('Reason: One bag arrived open', { exact: false }).count()).toBe(1);
    expect(await page.getByTestId('credit-note-tax').allTextContents()).toEqual([
      `GST (5%), BC$${refund.taxes[0]!.amount.toFixed(2)}`,
    ]);
    expect(await allAccessibilityViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`northbite-credit-note-${number}.pdf`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the e-mails', () => {
  /** The path of the shop's link to `path` in a message (the link's host is PUBLIC_URL's). */
  const linkPath = (text: string, path: string) => {
    const match = new RegExp(`https?://[^/\\s"<>]+(${path})(?![\\w/-])`).exec(text);
    if (!match) throw new Error(`no ${path} link in:\n${text}`);
    return match[1]!;
  };

  it("lead to the receipt and the credit note: the confirmation's link, the refund e-mail's, followed signed out then in", async () => {
    const customer = await registerThroughApi();
    const order = await placeOrder(customer);
    const confirmation = await mailbox.waitFor(
      customer.user.email,
      new RegExp(`^Your Northbite order #${order.id}$`),
    );
    const receiptPath = linkPath(confirmation.text, `/orders/${order.id}/receipt`);

    // Read on another device, signed out: sign in, and the receipt opens.
    const { page, errors } = await openSignedIn(browser, shop.url, null, receiptPath, PHONE);
    await page.waitForURL('**/login');
    await page.fill('#login-email', customer.user.email);
    await page.fill('#login-password', PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL(`**${receiptPath}`);
    await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
    expect(await page.getByText('GST/HST registration no. 123456789 RT 0001').count()).toBe(1);

    const refunded = await api<{ refunds: { id: number }[] }>(`/api/orders/${order.id}/refunds`, {
      method: 'POST',
      token: admin.token,
      body: { amount: 4.5, reason: 'One bag arrived open' },
    });
    const refundId = refunded.refunds[0]!.id;
    const mail = await mailbox.waitFor(
      customer.user.email,
      new RegExp(`^Your refund of \\$4\\.50 \\(#${order.id}\\)$`),
    );
    const notePath = linkPath(mail.text, `/orders/${order.id}/credit-notes/${refundId}`);
    // The HTML part links the same place.
    expect(mail.html).toContain(`${notePath}"`);
    await page.goto(shop.url + notePath, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Credit note', level: 1 }).waitFor();
    const number = `CN-${String(refundId).padStart(6, '0')}`;
    expect(await page.getByText(`${number} ·`).count()).toBe(1);
    expect(await page.getByText('Total refunded').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The admin's order dialog of `orderId`, found by its customer's e-mail in Order Management. */
async function openOrderDialog(customer: Auth, orderId: number, viewport: typeof PHONE) {
  const { page, errors } = await openSignedIn(
    browser,
    shop.url,
    admin,
    '/admin/dashboard?tab=orders',
    viewport,
    {
      bypassCSP: true,
    },
  );
  await page.getByRole('heading', { name: 'Orders', level: 2 }).waitFor();
  await page.fill('#order-search', customer.user.email);
  await page.getByRole('button', { name: `View order #${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${orderId}` });
  await dialog.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
  return { page, errors, dialog };
}

describe("the admin's refund", () => {
  it("asks 'Refund $X to the customer's card?' first: Don't refund sends nothing, Confirm refund sends it", async () => {
    const customer = await registerThroughApi();
    const order = await placeOrder(customer);
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, errors, dialog } = await openOrderDialog(customer, order.id, viewport);

      const refunds: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/refunds')) refunds.push(request.url());
      });
      const form = dialog.getByRole('form', { name: 'Refund' });
      await form.getByRole('textbox', { name: /Amount/ }).fill('5');
      await form.getByRole('textbox', { name: /Reason/ }).fill('One cookie box arrived crushed');
      await form.getByRole('button', { name: 'Refund' }).click();

      const ask = page.getByRole('dialog', { name: "Refund $5.00 to the customer's card?" });
      await ask.waitFor();
      expect(await ask.innerText()).toContain('Reason: One cookie box arrived crushed');
      expect(await ask.innerText()).toContain('A refund cannot be undone.');
      expect(await allAccessibilityViolations(page), `refund question ${viewport.width}px`).toEqual([]);

      if (viewport === PHONE) {
        // Not now: nothing is sent, nothing changes.
        await ask.getByRole('button', { name: "Don't refund" }).click();
        await ask.waitFor({ state: 'hidden' });
        expect(refunds).toEqual([]);
        const unchanged = await api<ApiOrder>(`/api/orders/${order.id}`, { token: admin.token });
        expect(unchanged.refunds).toEqual([]);
        // The order's dialog is still open, the form as it was.
        expect(await form.getByRole('textbox', { name: /Amount/ }).inputValue()).toBe('5');
      } else {
        await ask.getByRole('button', { name: 'Confirm refund' }).click();
        await ask.waitFor({ state: 'hidden' });
        await dialog.getByText("$5.00 was refunded to the customer's card.").waitFor();
        expect(refunds).toHaveLength(1);
        const refunded = await api<ApiOrder>(`/api/orders/${order.id}`, { token: admin.token });
        expect(refunded.refunds).toHaveLength(1);
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('refunds chosen lines: the form shows what they come to, the server gives back the same, the credit note lists them', async () => {
    const customer = await registerThroughApi();
    const order = await placeOrder(customer);
    const placed = await api<{
      shipping_cost: number;
      items: { id: number; product_name: string; price: number }[];
    }>(`/api/orders/${order.id}`, { token: admin.token });
    const granola = placed.items.find((item) => item.product_name === GRANOLA)!;
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, errors, dialog } = await openOrderDialog(customer, order.id, viewport);
      const form = dialog.getByRole('form', { name: 'Refund' });
      // The segmented switch: its radios are drawn by their labels.
      await form.locator('label', { hasText: 'Chosen lines' }).click();
      expect(await form.getByRole('radio', { name: 'Chosen lines' }).isChecked()).toBe(true);
      const lines = form.getByRole('group', { name: 'Lines to refund' });
      // Only the dialog's body scrolls: nothing positioned inside it (the switch's radios) makes the
      // dialog itself taller than its box, which would scroll the footer away on focus.
      expect(await dialog.evaluate((d) => [d.scrollHeight, d.scrollTop])).toEqual([
        await dialog.evaluate((d) => d.clientHeight),
        0,
      ]);
      expect(await lines.getByText('2 of 2 left to refund').count()).toBe(1);
      await lines.getByLabel(new RegExp(GRANOLA)).selectOption('1');
      await lines.getByRole('checkbox', { name: /Shipping/ }).check();
      const total = await form.getByTestId('refund-lines-total').innerText();
      expect(total).toMatch(
        /^Refund \$\d+\.\d\d: goods \$\d+\.\d\d, shipping \$\d+\.\d\d, GST \$\d+\.\d\d\.$/,
      );
      expect(total).toContain(
        `goods $${(granola.price / 100).toFixed(2)}, shipping $${placed.shipping_cost.toFixed(2)}`,
      );
      expect(await allAccessibilityViolations(page), `refund lines ${viewport.width}px`).toEqual([]);
      if (viewport === PHONE) {
        await page.screenshot({ path: '/tmp/refund-lines-phone.png', fullPage: false });
        await page.close();
        continue;
      }
      await page.screenshot({ path: '/tmp/refund-lines-desktop.png' });
      await form.getByRole('textbox', { name: /Reason/ }).fill('One bag arrived open');
      await form.getByRole('button', { name: 'Refund' }).click();
      const amount = total.match(/^Refund (\$\d+\.\d\d)/)![1]!;
      const ask = page.getByRole('dialog', { name: `Refund ${amount} to the customer's card?` });
      await ask.getByRole('button', { name: 'Confirm refund' }).click();
      await dialog.getByText(`${amount} was refunded to the customer's card.`).waitFor();
      const refunded = await api<{
        refunds: { id: number; amount: number; goods: number; shipping: number; lines: unknown[] }[];
      }>(`/api/orders/${order.id}`, { token: admin.token });
      const refund = refunded.refunds[0]!;
      expect(refund).toMatchObject({
        amount: Number(amount.slice(1)),
        goods: granola.price / 100,
        shipping: placed.shipping_cost,
        lines: [{ item_id: granola.id, quantity: 1 }],
      });
      // The form now offers what is left: one granola, no shipping.
      expect(await lines.getByText('1 of 2 left to refund').count()).toBe(1);
      expect(await lines.getByRole('checkbox', { name: /Shipping/ }).isDisabled()).toBe(true);
      expect(errors).toEqual([]);
      await page.close();

      const note = await openSignedIn(
        browser,
        shop.url,
        customer,
        `/orders/${order.id}/credit-notes/${refund.id}`,
        viewport,
        { bypassCSP: true },
      );
      await note.page.getByRole('heading', { name: 'Credit note', level: 1 }).waitFor();
      expect(await note.page.getByTestId('credit-note-line').allInnerTexts()).toEqual([
        expect.stringMatching(
          new RegExp(`^${GRANOLA}\\s+GST\\s+1\\s+\\$${(granola.price / 100).toFixed(2).replace('.', '\\.')}`),
        ),
      ]);
      expect(await allAccessibilityViolations(note.page)).toEqual([]);
      expect(note.errors).toEqual([]);
      await note.page.close();
    }
  });
});
