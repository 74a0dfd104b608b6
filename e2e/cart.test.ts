import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, hydrated, launchBrowser, watchForErrors } from './browser';
import { startShop, type RunningShop } from './server';
import { DESKTOP as desktop, PHONE as phone } from './storefront-helpers';

let shop: RunningShop;
let browser: Browser;
interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  price: number;
  sku: string;
  category: string;
  image_url: string;
  size: number;
}
let products: ApiProduct[];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const bySlug = (slug: string) => products.find((p) => p.slug === slug)!;
const granola = () => bySlug('maple-almond-granola');

async function open(path: string, viewport = desktop): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors = watchForErrors(page);
  await page.goto(shop.url + path, { waitUntil: 'networkidle' });
  await hydrated(page);
  return { page, errors };
}

const storedCart = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(window.localStorage.getItem('cart') ?? 'null') as {
        items: { id: number; quantity: number; price: number }[];
        totalQuantity: number;
        totalPrice: number;
      } | null,
  );
const drawer = (page: Page) => page.getByTestId('cart-drawer');
const badge = (page: Page) => page.getByTestId('cart-count');
/** The badge's text now, or null without one: a poll of it never waits out Playwright's 30 s. */
const badgeText = async (page: Page) =>
  (await badge(page).count()) === 0 ? null : badge(page).textContent({ timeout: 1_000 });

describe('cart', () => {
  it('adds from a product card, opens the drawer and records the event', async () => {
    const { page, errors } = await open('/shop');
    const card = page.locator('article', { hasText: 'Maple Almond Granola' });
    await card.getByRole('button', { name: 'Increase quantity' }).click();
    await card.getByRole('button', { name: 'Add to Cart' }).click();

    await expect.poll(() => drawer(page).isVisible()).toBe(true);
    expect(await drawer(page).getByRole('heading', { name: 'Your Snackbar' }).isVisible()).toBe(true);
    expect(await drawer(page).getByText('Maple Almond Granola').isVisible()).toBe(true);
    expect(await badge(page).textContent()).toBe('2');
    const cart = await storedCart(page);
    expect(cart).toMatchObject({ totalQuantity: 2, totalPrice: Math.round(granola().price * 200) / 100 });
    const events = await page.evaluate(() => window.__northbiteEvents ?? []);
    expect(events.at(-1)).toMatchObject({
      event: 'Added to Cart',
      properties: {
        ProductID: granola().id,
        SKU: granola().sku,
        ProductName: granola().name,
        Quantity: 2,
        Price: granola().price,
      },
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('adds from the product page and the variety page, and the badge counts every pack', async () => {
    const { page, errors } = await open('/products/maple-almond-granola');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('1');
    await page.keyboard.press('Escape');
    await page.goto(`${shop.url}/chunky-variety-pack`, { waitUntil: 'networkidle' });
    // A click before the page is interactive is lost (the quantity stayed 1 on a loaded machine).
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('#variety-pack').getByRole('button', { name: 'Increase quantity' }).click();
    await page.locator('#variety-pack').getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('3');
    await expect
      .poll(() => drawer(page).getByText('Chunky Protein Cookie Variety Pack').isVisible())
      .toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the free-shipping message on both sides of $90, and the quantity never goes below 1', async () => {
    const { page } = await open('/products/maple-almond-granola');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const d = drawer(page);
    await d.waitFor();
    const line = d.getByTestId('drawer-line');
    expect(await line.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);

    const missing = Math.ceil(90 - granola().price);
    expect(await d.getByTestId('free-shipping').textContent()).toBe(
      `Shipping on us for orders over $90. Add $${missing} more to get it.`,
    );
    const needed = Math.ceil(90 / granola().price);
    for (let q = 1; q < needed; q++) await line.getByRole('button', { name: 'Increase quantity' }).click();
    await expect
      .poll(() => d.getByTestId('free-shipping').textContent())
      .toBe('We got you! Shipping for this order on us.');
    expect(await d.getByTestId('subtotal').textContent()).toBe(
      `$${(Math.round(granola().price * 100 * needed) / 100).toFixed(2)}`,
    );

    // Back down to 1, and the minus button stops there.
    for (let q = needed; q > 1; q--) await line.getByRole('button', { name: 'Decrease quantity' }).click();
    expect(await line.locator('output').textContent()).toBe('1');
    expect(await line.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await page.close();
  });

  it('removes a line, clears the cart, and shows the empty state', async () => {
    const { page } = await open('/shop');
    await page
      .locator('article', { hasText: 'Maple Almond Granola' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await drawer(page).waitFor();
    await page.keyboard.press('Escape');
    await page
      .locator('article', { hasText: 'Dark Chocolate Coconut Granola' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    const d = drawer(page);
    await expect.poll(() => d.getByTestId('drawer-line').count()).toBe(2);
    await d.getByRole('button', { name: 'Remove Maple Almond Granola' }).click();
    await expect.poll(() => d.getByTestId('drawer-line').count()).toBe(1);
    await d.getByRole('button', { name: 'Clear Cart' }).click();
    await d.getByRole('button', { name: 'Remove all' }).click();
    await expect.poll(() => d.getByText('Your cart is empty').isVisible()).toBe(true);
    expect(await d.getByText('Add your favorite snacks to the cart and fuel your day.').isVisible()).toBe(
      true,
    );
    expect(await d.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/shop');
    expect(await d.getByRole('link', { name: '← Continue shopping' }).getAttribute('href')).toBe('/shop');
    expect(await storedCart(page)).toEqual({ items: [], totalQuantity: 0, totalPrice: 0 });
    expect(await badge(page).count()).toBe(0);
    await page.close();
  });

  it('traps focus in the drawer, closes on Escape and gives focus back to the cart icon', async () => {
    const { page } = await open('/');
    await page.getByTestId('cart-button').click();
    await drawer(page).waitFor();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => !!document.activeElement?.closest('[data-testid="cart-drawer"]')),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer(page).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('cart-button');
    await page.close();
  });

  it('opens from the right on wide screens and from the bottom on small ones', async () => {
    for (const [viewport, check] of [
      [
        desktop,
        (box: { x: number; y: number; width: number; height: number }) => {
          expect(Math.round(box.x + box.width)).toBe(desktop.width);
          expect(Math.round(box.height)).toBe(desktop.height);
        },
      ],
      [
        phone,
        (box: { x: number; y: number; width: number; height: number }) => {
          expect(Math.round(box.y + box.height)).toBe(phone.height);
          expect(box.y).toBeGreaterThan(0);
          expect(Math.round(box.width)).toBe(phone.width);
        },
      ],
    ] as const) {
      const { page } = await open('/', viewport);
      await page.getByTestId('cart-button').click();
      await drawer(page).waitFor();
      await page.waitForTimeout(400); // let the slide-in finish
      check((await drawer(page).boundingBox())!);
      await page.close();
    }
  });

  it('survives a reload, and a corrupted saved cart falls back to empty without breaking the page', async () => {
    const { page, errors } = await open('/products/maple-almond-granola');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => badgeText(page)).toBe('1');
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page);
    await expect.poll(() => badgeText(page)).toBe('1');

    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.evaluate(() => window.localStorage.setItem('cart', '{not json'));
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page);
    // The store reads the saved cart after hydration, which may come after the network is idle.
    await expect
      .poll(() => warnings.some((w) => w.includes('Could not read the saved cart')), { timeout: 5_000 })
      .toBe(true);
    // Only now does an empty badge mean something: before hydration there is never one.
    expect(await badge(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => badgeText(page)).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refreshes prices from the catalogue and removes products that are gone, with a notice', async () => {
    const { page } = await open('/about');
    const g = granola();
    await page.evaluate(
      ({ g }) => {
        window.sessionStorage.clear();
        window.localStorage.setItem(
          'cart',
          JSON.stringify({
            items: [
              { ...g, quantity: 2, price: 1.0, totalPrice: 2.0 },
              {
                id: 999_999,
                name: 'Discontinued Bar',
                slug: 'gone',
                category: 'Granola',
                sku: null,
                image_url: null,
                size: null,
                quantity: 1,
                price: 5,
                totalPrice: 5,
              },
            ],
            totalQuantity: 3,
            totalPrice: 7,
          }),
        );
      },
      { g },
    );
    await page.reload({ waitUntil: 'networkidle' });
    const notice = page.getByTestId('cart-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain(
      'Discontinued Bar is no longer available and was removed from your cart.',
    );
    expect(await notice.textContent()).toContain(`The price of ${g.name} has changed`);
    const cart = await storedCart(page);
    expect(cart?.items).toEqual([expect.objectContaining({ id: g.id, quantity: 2, price: g.price })]);
    expect(cart?.totalPrice).toBe(Math.round(g.price * 200) / 100);
    await page.close();
  });

  it('shows changes made in another tab', async () => {
    const context = await browser.newContext({ viewport: desktop });
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(`${shop.url}/products/maple-almond-granola`, { waitUntil: 'networkidle' });
    await second.goto(`${shop.url}/about`, { waitUntil: 'networkidle' });
    await first.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => badge(second).textContent()).toBe('1');
    await context.close();
  });

  it('caps the badge at 99+', async () => {
    const { page } = await open('/about');
    const g = granola();
    const other = bySlug('dark-chocolate-coconut-granola');
    await page.evaluate(
      ({ g, other }) =>
        window.localStorage.setItem(
          'cart',
          JSON.stringify({
            items: [
              { ...g, quantity: 99, totalPrice: 0 },
              { ...other, quantity: 99, totalPrice: 0 },
            ],
            totalQuantity: 198,
            totalPrice: 0,
          }),
        ),
      { g, other },
    );
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => badge(page).textContent()).toBe('99+');
    await page.close();
  });

  it('cart page: lines, quantity input never below 1, summary with 5% tax, remove', async () => {
    const { page, errors } = await open('/products/maple-almond-granola');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await drawer(page).waitFor();
    await page.goto(`${shop.url}/cart`, { waitUntil: 'networkidle' });
    const g = granola();
    const input = page.getByRole('group', { name: `Quantity of ${g.name}` }).getByRole('spinbutton');
    await input.fill('3');
    await expect
      .poll(() => page.getByTestId('line-total').textContent())
      .toBe(`$${(Math.round(g.price * 300) / 100).toFixed(2)}`);
    // 0 asks to remove the line; Keep leaves it at 3.
    await input.fill('0');
    await page.getByRole('button', { name: 'Keep', exact: true }).click();
    expect(await input.inputValue()).toBe('3');
    const subtotal = Math.round(g.price * 300);
    expect(await page.getByTestId('summary-tax').textContent()).toBe(
      `$${(Math.round(subtotal * 0.05) / 100).toFixed(2)}`,
    );
    // Named with its rate (decision 0066).
    expect(await page.getByTestId('summary-tax').locator('xpath=..').locator('dt').textContent()).toBe(
      'GST (5%)',
    );
    expect(await page.getByTestId('summary-total').textContent()).toBe(
      `$${((subtotal + Math.round(subtotal * 0.05)) / 100).toFixed(2)}`,
    );
    expect(await page.getByRole('link', { name: '← Continue shopping' }).getAttribute('href')).toBe('/shop');
    await page.getByRole('button', { name: `Remove ${g.name}` }).click();
    await expect.poll(() => page.getByText('Your cart is empty').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no accessibility violations in the open drawer and on the cart page', async () => {
    for (const viewport of [phone, desktop]) {
      const page = await browser.newPage({ viewport, bypassCSP: true });
      await page.goto(`${shop.url}/products/maple-almond-granola`, { waitUntil: 'networkidle' });
      await hydrated(page); // before it, the click does nothing
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await drawer(page).waitFor();
      await page.waitForTimeout(300);
      expect(await allAccessibilityViolations(page), `drawer ${viewport.width}px`).toEqual([]);
      await page.goto(`${shop.url}/cart`, { waitUntil: 'networkidle' });
      expect(await allAccessibilityViolations(page), `cart page ${viewport.width}px`).toEqual([]);
      await page.close();
    }
  });

  it('sends a visitor who proceeds to checkout to the login page', async () => {
    const { page } = await open('/products/maple-almond-granola');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await drawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/login');
    expect(await drawer(page).count()).toBe(0);
    expect(
      await page.evaluate(() => (window.history.state as { usr?: { from?: string } } | null)?.usr?.from),
    ).toBe('/checkout');
    await page.close();
  });

  it('sends a signed-in shopper straight to /checkout', async () => {
    // /shop asks the server nothing about the session; a product page would (the review form asks
    // for the shopper's own review), and the server would end this made-up session with a 401.
    const { page } = await open('/shop');
    await page.evaluate(() => {
      window.localStorage.setItem('token', 'a-session-token');
      window.localStorage.setItem('user', JSON.stringify({ id: 7, email: 'sam@example.ca', isAdmin: false }));
    });
    await page
      .getByRole('button', { name: /^Add .* to cart$|^Add to Cart$/ })
      .first()
      .click();
    await drawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    expect(await drawer(page).count()).toBe(0);
    await page.close();
  });
});
