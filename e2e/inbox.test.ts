/**
 * The admin's Inbox tab (decision 0023): contact messages sent through the contact form and
 * newsletter sign-ups, seen by an admin with the unread badge, the reply link, read and unread
 * marks, the search by e-mail, and axe on the tab.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { DESKTOP as desktop, PHONE as phone } from './storefront-helpers';
import { openSignedIn, payWithTestCard, shopApi, uniqueEmail, type Session } from './shop-api';

const ADMIN = { email: 'owner@northbite.test', password: 'sugar-maple-owner-2024' };
const REPLY_SUBJECT = 'subject=Re%3A%20your%20message%20to%20Northbite';

let shop: RunningShop;
let browser: Browser;
let admin: Session;
const api = shopApi(() => shop.url, '10.87');

const older = { name: 'Ada Birch', email: uniqueEmail('ada'), message: 'Do you ship to Whitehorse?' };
const newer = {
  name: 'Ben Oak',
  email: uniqueEmail('ben'),
  message: 'Could you bake a nut-free batch for our team of twelve? '.repeat(12).trim(),
};
const signups = [uniqueEmail('granola.fan'), uniqueEmail('cookie.club')];

beforeAll(async () => {
  shop = await startShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' });
  browser = await launchBrowser();
  admin = await api<Session>('/api/users/login', { method: 'POST', body: ADMIN });
  for (const message of [older, newer]) await api('/api/contact', { method: 'POST', body: message });
  for (const email of signups) await api('/api/signup', { method: 'POST', body: { email } });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const inboxTab = (page: Page) => page.getByRole('tab', { name: /^Inbox/ });
const badge = (page: Page) => inboxTab(page).getByTestId('inbox-unread-badge');
const messageItems = (page: Page) => page.getByTestId('inbox-message');

describe('Inbox tab', () => {
  it('shows the unread count on the tab, the messages newest first with a reply link, and marks them read', async () => {
    const { page, errors } = await openSignedIn(browser, shop.url, admin, '/admin/dashboard', phone);
    // Product Management is still the default; the badge shows from any tab.
    await page.getByRole('heading', { name: 'Products', level: 2 }).waitFor();
    await badge(page).waitFor();
    expect(await badge(page).textContent()).toBe('2 unread');
    expect(await inboxTab(page).getAttribute('aria-selected')).toBe('false');

    await inboxTab(page).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'inbox');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { name: 'Inbox', level: 2 }).waitFor();
    const messages = panel.getByRole('region', { name: 'Messages' });
    await messageItems(page).first().waitFor();
    expect(await messageItems(page).count()).toBe(2);
    const [first, second] = [messageItems(page).nth(0), messageItems(page).nth(1)];
    expect(await first.textContent()).toContain(newer.email);
    expect(await second.textContent()).toContain(older.email);
    expect(await first.getAttribute('data-unread')).toBe('true');
    expect(await first.textContent()).toContain('Unread:');
    expect(await messages.getByText('2 messages, 2 unread, newest first.').count()).toBe(1);

    const reply = first.getByRole('link', { name: `Reply to ${newer.name}` });
    expect(await reply.getAttribute('href')).toBe(`mailto:${newer.email}?${REPLY_SUBJECT}`);
    expect(await second.getByRole('link', { name: /^Reply/ }).getAttribute('href')).toBe(
      `mailto:${older.email}?${REPLY_SUBJECT}`,
    );

    // The long message is kept short until asked for; the short one has nothing to expand.
    const expand = first.getByRole('button', { name: 'Show the whole message' });
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await expand.click();
    expect(await first.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    expect(await second.getByRole('button', { name: /Show/ }).count()).toBe(0);

    await first.getByRole('button', { name: `Mark as read (message from ${newer.name})` }).click();
    await first.getByRole('button', { name: /^Mark as unread/ }).waitFor();
    expect(await first.getAttribute('data-unread')).toBe('false');
    expect(await badge(page).textContent()).toBe('1 unread');
    await messages.getByText('2 messages, 1 unread, newest first.').waitFor();

    // Kept on the server: after a reload the badge still says 1 and the message is still read.
    await page.reload({ waitUntil: 'networkidle' });
    await messageItems(page).first().waitFor();
    expect(await badge(page).textContent()).toBe('1 unread');
    expect(await messageItems(page).nth(0).getAttribute('data-unread')).toBe('false');
    expect(await messageItems(page).nth(1).getAttribute('data-unread')).toBe('true');

    // Marked unread again, the badge counts it again.
    await messageItems(page)
      .nth(0)
      .getByRole('button', { name: /^Mark as unread/ })
      .click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="inbox-unread-badge"]')?.textContent === '2 unread',
    );
    await messageItems(page)
      .nth(0)
      .getByRole('button', { name: /^Mark as read/ })
      .click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="inbox-unread-badge"]')?.textContent === '1 unread',
    );

    // Searching messages by e-mail narrows the list; the badge still counts every unread message.
    await messages
      .getByRole('searchbox', { name: 'Search messages by e-mail' })
      .fill(older.email.slice(0, 12));
    await messages.getByText('1 matching message, 1 unread.').waitFor();
    expect(await messageItems(page).count()).toBe(1);
    expect(await badge(page).textContent()).toBe('1 unread');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists the newsletter sign-ups newest first and searches them by e-mail', async () => {
    const { page, errors } = await openSignedIn(
      browser,
      shop.url,
      admin,
      '/admin/dashboard?tab=inbox',
      desktop,
    );
    const section = page.getByRole('region', { name: 'Newsletter sign-ups' });
    const rows = section.getByRole('table', { name: 'Newsletter sign-ups' }).getByTestId('inbox-signup');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain(signups[1]);
    expect(await rows.nth(1).textContent()).toContain(signups[0]);
    expect(await rows.nth(0).textContent()).toContain('website');
    // Nobody followed the confirmation links (decision 0042).
    expect(await rows.nth(0).getByTestId('signup-status').textContent()).toBe('Not confirmed');
    // Klaviyo is not set up here: no state, and no column for it.
    expect(await section.getByRole('columnheader', { name: 'Klaviyo' }).count()).toBe(0);
    expect(await section.getByText('2 sign-ups, newest first.').count()).toBe(1);

    const search = section.getByRole('searchbox', { name: 'Search newsletter sign-ups by e-mail' });
    await search.fill('GRANOLA.FAN');
    await section.getByText('1 matching sign-up.').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.nth(0).textContent()).toContain(signups[0]);

    await search.fill('nobody-signed-up-as-this');
    await section.getByText('No sign-ups match the search.').waitFor();
    await search.fill('');
    await section.getByText('2 sign-ups, newest first.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says when a list could not be loaded, and loads it again on request', async () => {
    const { page } = await openSignedIn(browser, shop.url, admin, '/', desktop);
    await page.route('**/api/admin/messages?*', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await page.goto(`${shop.url}/admin/dashboard?tab=inbox`, { waitUntil: 'networkidle' });
    const messages = page.getByRole('region', { name: 'Messages' });
    await messages.getByRole('alert').getByText('Failed to load messages. Please try again.').waitFor();
    // The sign-ups do not depend on it.
    await page.getByTestId('inbox-signup').first().waitFor();
    await page.unroute('**/api/admin/messages?*');
    await messages.getByRole('button', { name: 'Try again' }).click();
    await messageItems(page).first().waitFor();
    expect(await messageItems(page).count()).toBe(2);
    // The badge's own count failed too; the loaded list brings it (one left unread above).
    expect(await badge(page).textContent()).toBe('1 unread');
    await page.close();
  });

  it('has no WCAG 2.1 A/AA violations at phone and desktop widths', async () => {
    for (const viewport of [phone, desktop]) {
      const { page } = await openSignedIn(browser, shop.url, admin, '/admin/dashboard?tab=inbox', viewport, {
        bypassCSP: true,
      });
      await messageItems(page).first().waitFor();
      await page.getByTestId('inbox-signup').first().waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(await allAccessibilityViolations(page)).toEqual([]);
      await page.close();
    }
  });
});

describe('the Overview tab', () => {
  it("shows today's sale, the chart, the order waiting to ship, GST, and passes axe at phone and desktop widths", async () => {
    const products = await api<{ id: number; price: number; name: string }[]>('/api/products');
    const granola = products.find((p) => p.name === 'Maple Almond Granola')!;
    const order = await payWithTestCard<{ id: number; total: number; tax_amount: number }>(
      api,
      admin.token,
      [{ id: granola.id, price: granola.price, quantity: 2 }],
      {
        firstName: 'Owen',
        lastName: 'Overview',
        address1: '1055 Canada Place',
        city: 'Vancouver',
        state: 'British Columbia',
        postalCode: 'V6C 0C3',
        country: 'Canada',
        phoneNumber: '+16045550123',
        email: 'owen.overview@example.ca',
      },
    );
    const money = (dollars: number) => `$${dollars.toFixed(2)}`;
    for (const viewport of [phone, desktop]) {
      const { page, errors } = await openSignedIn(
        browser,
        shop.url,
        admin,
        '/admin/dashboard?tab=overview',
        viewport,
        {
          bypassCSP: true,
        },
      );
      const today = page.getByTestId('sales-card').first();
      await today.waitFor();
      expect(await today.innerText()).toContain(money(order.total));
      expect(await page.getByTestId('daily-chart').getAttribute('aria-label')).toContain(money(order.total));
      expect(await page.getByRole('heading', { name: /^Waiting to ship: 1$/ }).count()).toBe(1);
      expect(await page.getByRole('link', { name: `#${order.id}` }).getAttribute('href')).toBe(
        `/admin/dashboard?tab=orders&order=${order.id}`,
      );
      expect(
        await page.getByRole('table', { name: 'Sales tax by month, net of refunds' }).innerText(),
      ).toContain(money(order.tax_amount));
      await page.waitForLoadState('networkidle');
      expect(await allAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("downloads the orders CSV with the session's token, and the order's link opens it in Order Management", async () => {
    const { page } = await openSignedIn(browser, shop.url, admin, '/admin/dashboard?tab=overview', desktop);
    const button = page.getByRole('button', { name: 'Orders (one row per item)' });
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^northbite-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\n')[0]).toMatch(
      // Every cell quoted, the header too (formula-safe exports, src/domain/csv.ts).
      /^"order_id","created_at","status","paid","email",/,
    );
    expect(text).toContain('owen.overview@example.ca');
    const link = page.getByRole('link', { name: /^#\d+$/ }).first();
    const id = (await link.textContent())!.slice(1);
    await link.click();
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: `Order #${id}` })
      .waitFor();
    await page.close();
  });
});
