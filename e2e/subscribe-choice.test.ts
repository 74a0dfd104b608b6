/**
 * Subscribe and save away from the product page (docs/product.md, Subscriptions; decision 0056): the
 * compact choice on product cards where there is room (from 640 px on; a phone's cards stay as they
 * were) and the product page's One-time / Subscribe choice on the variety pack page. From a card on
 * /shop, a card on a category page and the variety pack, into the drawer and the cart page as
 * subscription lines at their intervals and prices, through the terms and the payment, to one
 * subscription per interval. The choice is operable from the keyboard and moves nothing on the card.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, hydrated, launchBrowser } from './browser';
import { startShop, type RunningShop } from './server';
import { openSignedIn, shopApi, uniqueEmail } from './shop-api';
import { getJson, money, openPage, type ApiProduct } from './storefront-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const CLASSIC = 'classic-chocolate-chunk-protein-cookies';
const GRANOLA = 'maple-almond-granola';
const VARIETY = 'chunky-variety-pack';

interface Auth {
  token: string;
  user: { id: number; email: string };
}
interface Subscription {
  id: number;
  status: string;
  interval_weeks: number;
  items: { product_id: number; quantity: number; price: number; subscription_price: number }[];
}

let shop: RunningShop;
let browser: Browser;
let products: ApiProduct[];
const api = shopApi(() => shop.url, '10.72');

beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: '1' });
  browser = await launchBrowser();
  products = await getJson<ApiProduct[]>(`${shop.url}/api/products`);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const product = (slug: string) => products.find((p) => p.slug === slug)!;
/** The subscription price of a unit, written out apart from the shop's own rule: to the cent. */
const subscriptionPrice = (p: ApiProduct) => Math.round(p.price * (100 - p.subscribe_save_percent)) / 100;

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

const cardOf = (page: Page, p: ApiProduct) =>
  page.locator('article', { has: page.getByRole('link', { name: p.name, exact: true }) });
const drawer = (page: Page) => page.getByTestId('cart-drawer');
const drawerLine = (page: Page, p: ApiProduct) =>
  drawer(page).getByTestId('drawer-line').filter({ hasText: p.name });
const closeDrawer = async (page: Page) => {
  await page.keyboard.press('Escape');
  await drawer(page).waitFor({ state: 'hidden' });
};
/** Where an element lies on the page (not the screen: focusing may scroll it). */
const pageBox = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
  });

/** A drawer line: "Subscription · every N weeks", the one-time price struck through, the line total. */
async function expectSubscriptionLine(page: Page, p: ApiProduct, weeks: number) {
  const line = drawerLine(page, p);
  await line.getByTestId('subscription-note').waitFor();
  expect(await line.getByTestId('subscription-note').textContent()).toBe(
    `Subscription · every ${weeks} weeks · One-time price ${money(p.price)}`,
  );
  expect(await line.getByTestId('line-total').textContent()).toBe(money(subscriptionPrice(p)));
}

describe('subscribe from a product card', () => {
  it('offers "Subscribe & save 10%" with the price and the interval on each card from 640 px on, keyboard-operable, moving nothing', async () => {
    const classic = product(CLASSIC);
    expect(classic.subscribe_save_percent).toBe(10);
    for (const viewport of [DESKTOP, TABLET]) {
      const { page, errors } = await openPage(browser, viewport, { bypassCSP: true });
      await page.goto(`${shop.url}/shop`, { waitUntil: 'networkidle' });
      await hydrated(page);
      const card = cardOf(page, classic);
      const choice = card.getByRole('group', { name: `How to buy ${classic.name}` });
      const subscribe = choice.getByRole('checkbox', { name: 'Subscribe & save 10%' });
      const interval = choice.getByRole('combobox', { name: 'Deliver every' });
      expect(await subscribe.isVisible()).toBe(true);
      expect(await subscribe.isChecked()).toBe(false);
      expect(await interval.inputValue()).toBe('4');
      expect(await choice.innerText()).toContain(money(subscriptionPrice(classic)));
      // Every card that can be bought offers it; the price line above stays the one-time price.
      const cards = page.locator('main article');
      expect(await cards.count()).toBeGreaterThan(4);
      expect(await page.getByRole('checkbox', { name: 'Subscribe & save 10%' }).count()).toBe(
        await cards.count(),
      );
      expect(await card.getByText(money(classic.price), { exact: true }).isVisible()).toBe(true);

      // The keyboard: Tab reaches the box, Space ticks it, the interval follows it in the tab order.
      const addToCart = card.getByRole('button', { name: 'Add to Cart' });
      const before = { card: await pageBox(card), button: await pageBox(addToCart) };
      await subscribe.focus();
      await page.keyboard.press('Space');
      expect(await subscribe.isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await interval.evaluate((el) => el === document.activeElement)).toBe(true);
      await interval.selectOption('6');
      // Nothing on the card moved or changed size.
      expect(await pageBox(card)).toEqual(before.card);
      expect(await pageBox(addToCart)).toEqual(before.button);
      await axe(page, `/shop with a card's Subscribe ticked, ${viewport.width} px`);
      // Unticked again, it adds one-time.
      await subscribe.uncheck();
      await addToCart.click();
      await drawerLine(page, classic).waitFor();
      expect(await drawerLine(page, classic).getByTestId('subscription-note').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('keeps the cards on a phone as they were: no choice on them or on the starter pack of /shop', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(`${shop.url}/shop`, { waitUntil: 'networkidle' });
    await hydrated(page);
    expect(await cardOf(page, product(CLASSIC)).count()).toBe(1);
    expect(await page.getByRole('group', { name: /^How to buy / }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Subscribe/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('subscribe from cards and the variety pack, then check out', () => {
  it('at 1280×800: a card on /shop (6 weeks), a card on a category page (2 weeks) and the variety pack (6 weeks) become subscription lines, then two subscriptions', async () => {
    const classic = product(CLASSIC);
    const granola = product(GRANOLA);
    const variety = product(VARIETY);
    const auth = await register('subscribe-cards');
    const { page, errors } = await openSignedIn(browser, shop.url, auth, '/shop', DESKTOP, {
      bypassCSP: true,
    });
    await hydrated(page);

    // /shop: tick Subscribe on a card, every 6 weeks, two packs.
    const card = cardOf(page, classic);
    await card.getByRole('checkbox', { name: 'Subscribe & save 10%' }).check();
    await card.getByRole('combobox', { name: 'Deliver every' }).selectOption('6');
    await card.getByRole('button', { name: 'Increase quantity' }).click();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await drawerLine(page, classic).waitFor();
    const classicNote = drawerLine(page, classic).getByTestId('subscription-note');
    expect(await classicNote.textContent()).toBe(
      `Subscription · every 6 weeks · One-time price ${money(classic.price)}`,
    );
    expect(await drawerLine(page, classic).getByTestId('line-total').textContent()).toBe(
      money(Math.round(subscriptionPrice(classic) * 200) / 100),
    );
    await closeDrawer(page);

    // A category page: choosing an interval is choosing Subscribe, as on the product page.
    await page.goto(`${shop.url}/categories/granola`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const granolaCard = cardOf(page, granola);
    await granolaCard.getByRole('combobox', { name: 'Deliver every' }).selectOption('2');
    expect(await granolaCard.getByRole('checkbox', { name: 'Subscribe & save 10%' }).isChecked()).toBe(true);
    await granolaCard.getByRole('button', { name: 'Add to Cart' }).click();
    await expectSubscriptionLine(page, granola, 2);
    await closeDrawer(page);

    // The variety pack page: the product page's choice, Subscribe & save with its price.
    await page.goto(`${shop.url}/chunky-variety-pack`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const options = page.getByRole('group', { name: `How to buy ${variety.name}` });
    expect(await options.getByRole('radio', { name: 'One-time purchase' }).isChecked()).toBe(true);
    const subscribe = options.getByRole('radio', { name: 'Subscribe & save 10%' });
    await subscribe.check();
    expect(await options.innerText()).toContain(money(subscriptionPrice(variety)));
    await options.getByRole('combobox', { name: 'Deliver every' }).selectOption('6');
    await axe(page, 'variety pack page with Subscribe chosen, 1280×800');
    await page.locator('#variety-pack').getByRole('button', { name: 'Add to Cart' }).click();
    await expectSubscriptionLine(page, variety, 6);
    await closeDrawer(page);

    // The cart page says the same of each line.
    await page.goto(`${shop.url}/cart`, { waitUntil: 'networkidle' });
    const notes = await page.getByTestId('subscription-note').allTextContents();
    expect(notes.sort()).toEqual(
      [
        `Subscription · every 6 weeks · One-time price ${money(classic.price)}`,
        `Subscription · every 2 weeks · One-time price ${money(granola.price)}`,
        `Subscription · every 6 weeks · One-time price ${money(variety.price)}`,
      ].sort(),
    );

    // Checkout: the terms name both intervals; paid, it makes one subscription per interval.
    await page.goto(`${shop.url}/checkout`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Express Checkout', level: 1 }).waitFor();
    await page.fill('#shipping-address1', '1055 Canada Place');
    await page.fill('#shipping-city', 'Vancouver');
    await page.fill('#shipping-postalCode', 'V6C 0C3');
    await page.getByRole('button', { name: 'Continue to Shipping' }).click();
    await page.waitForURL('**/checkout/shipping');
    const terms = page.getByTestId('subscription-terms');
    await terms.waitFor();
    const termsText = await terms.innerText();
    for (const name of [classic.name, granola.name, variety.name]) expect(termsText).toContain(name);
    expect(termsText).toContain('every 2 weeks');
    expect(termsText).toContain('every 6 weeks');
    await page.getByLabel('I agree that my subscription renews automatically until I cancel it.').check();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByText('Test mode — no real card is charged').waitFor();
    await page.fill('#card-number', '4242 4242 4242 4242');
    await page.fill('#card-expiry', '12 / 34');
    await page.fill('#card-cvc', '123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();

    const subscriptions = await api<Subscription[]>('/api/subscriptions', { token: auth.token });
    const byInterval = Object.fromEntries(
      subscriptions.map((s) => [
        s.interval_weeks,
        s.items.map((i) => ({ id: i.product_id, quantity: i.quantity })).sort((a, b) => a.id - b.id),
      ]),
    );
    expect(byInterval).toEqual({
      2: [{ id: granola.id, quantity: 1 }],
      6: [
        { id: classic.id, quantity: 2 },
        { id: variety.id, quantity: 1 },
      ].sort((a, b) => a.id - b.id),
    });
    expect(subscriptions.every((s) => s.status === 'active')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 390×844: the variety pack page offers One-time or Subscribe, and the drawer and the checkout summary carry the subscription', async () => {
    const variety = product(VARIETY);
    const auth = await register('subscribe-variety-phone');
    const { page, errors } = await openSignedIn(browser, shop.url, auth, '/chunky-variety-pack', PHONE, {
      bypassCSP: true,
    });
    await hydrated(page);
    const options = page.getByRole('group', { name: `How to buy ${variety.name}` });
    await options.getByRole('radio', { name: 'Subscribe & save 10%' }).check();
    const interval = options.getByRole('combobox', { name: 'Deliver every' });
    expect(await interval.inputValue()).toBe('4');
    await interval.selectOption('8');
    await axe(page, 'variety pack page with Subscribe chosen, 390×844');
    await page.locator('#variety-pack').getByRole('button', { name: 'Add to Cart' }).click();
    await expectSubscriptionLine(page, variety, 8);
    await drawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { name: 'Express Checkout', level: 1 }).waitFor();
    const summaryNote = page.getByTestId('subscription-note').first();
    await summaryNote.waitFor();
    expect(await summaryNote.textContent()).toBe(
      `Subscription · every 8 weeks · One-time price ${money(variety.price)}`,
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
