/**
 * How the cart behaves at its edges (docs/product.md, Cart): the same stepper everywhere, limits that
 * say why, 0 that asks before removing, Clear Cart that asks first, the drawer's way to /cart, the
 * free-shipping bar, the shipping area, and prices with thousands separators. At 390×844 and
 * 1280×800.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAccessibilityViolations, hydrated, launchBrowser, watchForErrors } from './browser';
import { startShop, type RunningShop } from './server';
import { getJson, type ApiProduct } from './storefront-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let shop: RunningShop;
let browser: Browser;
let products: ApiProduct[];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  products = await getJson<ApiProduct[]>(`${shop.url}/api/products`);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const bySlug = (slug: string) => products.find((p) => p.slug === slug)!;
const granola = () => bySlug('maple-almond-granola');
/** The dearest pack: 40 of them make a cart above $1,000. */
const macadamia = () => bySlug('white-chocolate-macadamia-protein-cookies');

interface Seed {
  product: ApiProduct;
  quantity: number;
}

/**
 * Opens `path` with these lines already in the saved cart. `stock` pretends the catalogue's last
 * check said so (product id → units left), and that the check is fresh, so the page keeps it.
 */
async function openWithCart(
  path: string,
  viewport: { width: number; height: number },
  lines: Seed[],
  stock: [number, number | null][] = [],
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport, bypassCSP: true });
  const errors = watchForErrors(page);
  await page.goto(`${shop.url}/about`, { waitUntil: 'networkidle' });
  await page.evaluate(
    ({ lines, stock }) => {
      const items = lines.map(({ product: p, quantity }) => ({
        id: p.id,
        name: p.name,
        price: p.price,
        sku: p.sku,
        image_url: p.image_url,
        size: p.size,
        slug: p.slug,
        category: p.category,
        quantity,
        totalPrice: Math.round(p.price * 100 * quantity) / 100,
      }));
      window.localStorage.setItem('cart', JSON.stringify({ items, totalQuantity: 0, totalPrice: 0 }));
      if (stock.length > 0) {
        window.sessionStorage.setItem('cart-stock', JSON.stringify(stock));
        window.sessionStorage.setItem('cart-checked-at', String(Date.now()));
      }
    },
    { lines, stock },
  );
  await page.goto(shop.url + path, { waitUntil: 'networkidle' });
  await hydrated(page);
  return { page, errors };
}

const storedQuantities = (page: Page) =>
  page.evaluate(() =>
    (
      JSON.parse(window.localStorage.getItem('cart') ?? '{"items":[]}') as {
        items: { id: number; quantity: number }[];
      }
    ).items.map((i) => [i.id, i.quantity]),
  );

const stepper = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.getByRole('group', { name: `Quantity of ${name}` });

async function openDrawer(page: Page) {
  await page.getByTestId('cart-button').click();
  const drawer = page.getByTestId('cart-drawer');
  await drawer.waitFor();
  await page.waitForTimeout(300); // let the slide-in finish
  return drawer;
}

for (const viewport of [PHONE, DESKTOP]) {
  describe(`cart behaviour at ${viewport.width}×${viewport.height}`, () => {
    it('typing 999 on /cart stops at 99 and says why; above the stock it stops there and says so', async () => {
      const g = granola();
      const { page, errors } = await openWithCart('/cart', viewport, [{ product: g, quantity: 1 }]);
      const line = page.getByTestId('cart-line');
      const quantity = stepper(line, g.name).getByRole('spinbutton');
      await quantity.fill('999');
      await expect.poll(() => quantity.inputValue()).toBe('99');
      const note = line.getByTestId('quantity-limit');
      await expect.poll(() => note.textContent()).toBe('You can order up to 99 at a time');
      expect(await note.getAttribute('aria-live')).toBe('polite');
      expect(await note.isVisible()).toBe(true);
      expect(
        await stepper(line, g.name).getByRole('button', { name: 'Increase quantity' }).isDisabled(),
      ).toBe(true);
      expect(await storedQuantities(page)).toEqual([[g.id, 99]]);
      // Going down takes the reason away.
      await stepper(line, g.name).getByRole('button', { name: 'Decrease quantity' }).click();
      await expect.poll(() => note.textContent()).toBe('');
      expect(errors).toEqual([]);
      await page.close();

      // Twelve left: 20 becomes 12, with the reason.
      const limited = await openWithCart('/cart', viewport, [{ product: g, quantity: 1 }], [[g.id, 12]]);
      const field = stepper(limited.page.getByTestId('cart-line'), g.name).getByRole('spinbutton');
      await field.fill('20');
      await expect.poll(() => field.inputValue()).toBe('12');
      await expect
        .poll(() => limited.page.getByTestId('cart-line').getByTestId('quantity-limit').textContent())
        .toBe('Only 12 in stock');
      expect(await storedQuantities(limited.page)).toEqual([[g.id, 12]]);
      expect(limited.errors).toEqual([]);
      await limited.page.close();
    });

    it('typing 0 on /cart asks to remove the line: Keep keeps it, Remove removes it', async () => {
      const g = granola();
      const { page, errors } = await openWithCart('/cart', viewport, [{ product: g, quantity: 3 }]);
      const line = page.getByTestId('cart-line');
      const quantity = stepper(line, g.name).getByRole('spinbutton');
      await quantity.fill('0');
      const ask = page.getByRole('group', { name: `Remove ${g.name} from your cart?` });
      await ask.waitFor();
      expect(await ask.getByText(`Remove ${g.name} from your cart?`).isVisible()).toBe(true);
      expect(await allAccessibilityViolations(page), 'asking to remove').toEqual([]);
      await ask.getByRole('button', { name: 'Keep', exact: true }).click();
      await expect.poll(() => ask.count()).toBe(0);
      expect(await quantity.inputValue()).toBe('3');
      expect(await storedQuantities(page)).toEqual([[g.id, 3]]);

      // Clearing the field and leaving it asks too.
      await quantity.fill('');
      await quantity.blur();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByText('Your cart is empty').waitFor();
      expect(await storedQuantities(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('Clear Cart asks first, on /cart and in the drawer', async () => {
      const g = granola();
      const m = macadamia();
      const lines = [
        { product: g, quantity: 2 },
        { product: m, quantity: 1 },
      ];
      const { page, errors } = await openWithCart('/cart', viewport, lines);
      const clear = page.getByRole('button', { name: 'Clear Cart' });
      await clear.click();
      const ask = page.getByRole('group', { name: 'Remove all items from your cart?' });
      await ask.waitFor();
      // Focus goes to the safe answer.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep');
      await ask.getByRole('button', { name: 'Keep', exact: true }).click();
      await expect.poll(() => ask.count()).toBe(0);
      expect(await page.getByTestId('cart-line').count()).toBe(2);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Clear Cart');
      await clear.click();
      await ask.getByRole('button', { name: 'Remove all' }).click();
      await page.getByText('Your cart is empty').waitFor();
      expect(await storedQuantities(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();

      const second = await openWithCart('/shop', viewport, lines);
      const drawer = await openDrawer(second.page);
      await drawer.getByRole('button', { name: 'Clear Cart' }).click();
      const askInDrawer = drawer.getByRole('group', { name: 'Remove all items from your cart?' });
      await askInDrawer.waitFor();
      expect(await allAccessibilityViolations(second.page), 'drawer asking to clear').toEqual([]);
      // Escape answers Keep and leaves the drawer open.
      await second.page.keyboard.press('Escape');
      await expect.poll(() => askInDrawer.count()).toBe(0);
      expect(await drawer.isVisible()).toBe(true);
      expect(await drawer.getByTestId('drawer-line').count()).toBe(2);
      await drawer.getByRole('button', { name: 'Clear Cart' }).click();
      await askInDrawer.getByRole('button', { name: 'Remove all' }).click();
      await drawer.getByText('Your cart is empty').waitFor();
      expect(await storedQuantities(second.page)).toEqual([]);
      expect(second.errors).toEqual([]);
      await second.page.close();
    });

    it("the drawer's View cart link goes to /cart and closes the drawer", async () => {
      const { page, errors } = await openWithCart('/shop', viewport, [{ product: granola(), quantity: 1 }]);
      const drawer = await openDrawer(page);
      const link = drawer.getByRole('link', { name: 'View cart' });
      expect(await link.getAttribute('href')).toBe('/cart');
      await link.click();
      await page.waitForURL('**/cart');
      await expect.poll(() => page.getByTestId('cart-drawer').count()).toBe(0);
      await page.getByTestId('cart-line').waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });

    it('a large cart: thousands separators, a full free-shipping bar, and the shipping area', async () => {
      const m = macadamia();
      const g = granola();
      const { page, errors } = await openWithCart('/cart', viewport, [{ product: g, quantity: 1 }]);
      // One granola: the bar is filled by $11.95 of $90.
      const bar = page.getByRole('progressbar', { name: 'Free shipping progress' });
      expect(await bar.getAttribute('aria-valuenow')).toBe(String(g.price));
      expect(await bar.getAttribute('aria-valuemax')).toBe('90');
      expect(await page.getByTestId('free-shipping').textContent()).toBe(
        `Shipping on us for orders over $90. Add $${Math.ceil(90 - g.price)} more to get it.`,
      );
      expect(await page.getByText('Ships within British Columbia').isVisible()).toBe(true);
      await page.close();

      const big = await openWithCart('/cart', viewport, [{ product: m, quantity: 1 }]);
      const quantity = stepper(big.page.getByTestId('cart-line'), m.name).getByRole('spinbutton');
      await quantity.fill('40');
      const cents = Math.round(m.price * 100) * 40;
      const tax = Math.round(cents * 0.05);
      const written = (c: number) =>
        `$${Math.floor(c / 100).toLocaleString('en-CA')}.${String(c % 100).padStart(2, '0')}`;
      await expect.poll(() => big.page.getByTestId('summary-subtotal').textContent()).toBe(written(cents));
      expect(written(cents)).toMatch(/^\$1,\d{3}\.\d\d$/);
      expect(await big.page.getByTestId('summary-total').textContent()).toBe(written(cents + tax));
      expect(await big.page.getByTestId('line-total').textContent()).toBe(written(cents));
      const fullBar = big.page.getByRole('progressbar', { name: 'Free shipping progress' });
      expect(await fullBar.getAttribute('aria-valuenow')).toBe('90');
      expect(await big.page.getByTestId('free-shipping').textContent()).toBe(
        'We got you! Shipping for this order on us.',
      );
      expect(await allAccessibilityViolations(big.page), `cart page ${viewport.width}px`).toEqual([]);

      const drawer = await openDrawer(big.page);
      expect(await drawer.getByTestId('subtotal').textContent()).toBe(written(cents));
      expect(await drawer.getByTestId('line-total').textContent()).toBe(written(cents));
      expect(
        await drawer
          .getByRole('progressbar', { name: 'Free shipping progress' })
          .getAttribute('aria-valuenow'),
      ).toBe('90');
      expect(await drawer.getByText('Ships within British Columbia').isVisible()).toBe(true);
      expect(await allAccessibilityViolations(big.page), `drawer ${viewport.width}px`).toEqual([]);
      expect([...errors, ...big.errors]).toEqual([]);
      await big.page.close();
    });

    it('Add to Cart on top of a full line adds nothing and says why', async () => {
      const g = granola();
      const { page, errors } = await openWithCart(`/products/${g.slug}`, viewport, [
        { product: g, quantity: 99 },
      ]);
      const add = await page.locator('main button:has-text("Add to Cart")').first().elementHandle();
      await add!.click();
      await expect
        .poll(() => add!.textContent())
        .toContain(`${g.name} is already in your cart 99 times. You can order up to 99 at a time.`);
      expect(await storedQuantities(page)).toEqual([[g.id, 99]]);
      // The drawer it opens shows the line at its limit, with the same reason.
      const line = page.getByTestId('drawer-line');
      await expect
        .poll(() => line.getByTestId('quantity-limit').textContent())
        .toBe('You can order up to 99 at a time');
      expect(errors).toEqual([]);
      await page.close();
    });

    it('the drawer uses the same stepper: minus stops at 1, plus stops at 99 with the reason', async () => {
      const g = granola();
      const { page, errors } = await openWithCart('/shop', viewport, [{ product: g, quantity: 98 }]);
      const drawer = await openDrawer(page);
      const line = drawer.getByTestId('drawer-line');
      const plus = stepper(line, g.name).getByRole('button', { name: 'Increase quantity' });
      await plus.click();
      await expect
        .poll(() => line.getByTestId('quantity-limit').textContent())
        .toBe('You can order up to 99 at a time');
      expect(await plus.isDisabled()).toBe(true);
      expect(await storedQuantities(page)).toEqual([[g.id, 99]]);
      expect(await allAccessibilityViolations(page), `drawer at the limit ${viewport.width}px`).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  });
}
