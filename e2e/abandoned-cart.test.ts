/**
 * Abandoned-cart and marketing-tracker journeys: a signed-in shopper leaves at checkout, the reminder
 * e-mail lands in the outbox (PostgreSQL, read directly), its single-use link restores the cart and the
 * session in a fresh browser, an order after the restore closes the saved cart, and the Klaviyo onsite
 * tracker receives the shop's events in order when KLAVIYO_PUBLIC_KEY is set (and is absent when not).
 */
import pg from 'pg';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/domain/messages';
import { launchBrowser, watchForErrors } from './browser';
import { createDatabase, dropDatabase, type TestDatabase } from './postgres';
import { startShop, type RunningShop } from './server';
import { DESKTOP as desktop } from './storefront-helpers';
import { openSignedIn, shopApi, uniqueEmail } from './shop-api';

const PASSWORD = 'oat clusters forever';
const SUBJECT = 'You left something in your Northbite cart';
const LINK_INVALID = 'This cart link is invalid, has expired or has already been used.';
const INCOMPLETE = 'Incomplete cart restore data';
const GRANOLA = 'Maple Almond Granola';
const COCONUT = 'Dark Chocolate Coconut Granola';
/** The link of the reminder's text: any origin (PUBLIC_URL), then the restore path with a 43-char token. */
const LINK = /https?:\/\/[^/\s]+(\/cart\?restoreCart=true&token=([A-Za-z0-9_-]{43}))(?![A-Za-z0-9_-])/;

interface ApiProduct {
  id: number;
  name: string;
  slug: string;
  price: number;
  sku: string | null;
  category: string | null;
  image_url: string | null;
}
interface Auth {
  token: string;
  user: { id: number; email: string; firstName: string; lastName: string };
}
interface StoredCart {
  items: { id: number; name: string; quantity: number; price: number }[];
  totalQuantity: number;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors a journey expects: the browser logs every non-2xx answer it receives. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of (402|404)/.test(e));

const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? 'null') as StoredCart | null);

const storedSession = (page: Page) =>
  page.evaluate(() => ({
    token: window.localStorage.getItem('token'),
    user: JSON.parse(window.localStorage.getItem('user') ?? 'null') as { id: number; email: string } | null,
  }));

async function fillShipping(page: Page) {
  await page.fill('#shipping-address1', '1055 Canada Place');
  await page.fill('#shipping-city', 'Vancouver');
  await page.fill('#shipping-postalCode', 'V6C 0C3');
}

/** From /checkout (address step) to the confirmation with the test card 4242, as checkout.test.ts does. */
async function payAtCheckout(page: Page): Promise<number> {
  await fillShipping(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await page.waitForURL('**/checkout/shipping');
  await expect.poll(() => page.getByTestId('shipping-cost').textContent()).toBe('$5.00');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL('**/checkout/payment');
  await page.fill('#card-number', '4242 4242 4242 4242');
  await page.fill('#card-expiry', '12 / 34');
  await page.fill('#card-cvc', '123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL('**/order-confirmation');
  await page.getByRole('heading', { name: 'Thank You for Your Order!' }).waitFor();
  return Number((await page.getByTestId('order-number').textContent())?.replace('#', ''));
}

// ---------------------------------------------------------------------------------------------
// The shop on PostgreSQL, reminders due at once.

describe('abandoned cart (PostgreSQL, reminder due at once)', () => {
  let database: TestDatabase | undefined;
  let db: pg.Pool;
  let shop: RunningShop;
  let products: ApiProduct[];
  const api = shopApi(() => shop.url, '10.71');

  beforeAll(async () => {
    database = await createDatabase('shop_e2e_ac');
    shop = await startShop({
      DATABASE_URL: database.url,
      ABANDONED_CART_REMINDER_MINUTES: '0',
      JOBS_POLL_MS: '500',
      TRUST_PROXY: '1',
    });
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
  });
  afterAll(async () => {
    await db?.end();
    await shop?.stop();
    if (database) await dropDatabase(database.name);
  });

  const product = (name: string) => products.find((p) => p.name === name)!;

  /**
   * A shopper who agreed to marketing e-mail: the reminder is commercial, and the outbox writes it
   * only with a granted consent record (decision 0044), written here as the opt-in would.
   */
  const register = async () => {
    const auth = await api<Auth>('/api/users/register', {
      method: 'POST',
      body: {
        firstName: 'Robin',
        lastName: 'Chan',
        email: uniqueEmail('abandoner'),
        password: PASSWORD,
        phoneNumber: '+16045550123',
      },
    });
    await db.query(
      `insert into marketing_consents (email, channel, granted, user_id) values (lower($1), 'email', true, $2)
       on conflict (email, channel) do update set granted = true`,
      [auth.user.email, auth.user.id],
    );
    return auth;
  };

  const reminders = async (email: string) =>
    (
      await db.query<{ text: string; status: string }>(
        'select text, status from email_outbox where "to" = $1 and subject = $2 order by id',
        [email, SUBJECT],
      )
    ).rows;

  const cartRows = async (userId: number) =>
    (
      await db.query<{ status: string; cart_items: { id: number; quantity: number }[] }>(
        'select status, cart_items from abandoned_carts where user_id = $1 order by id',
        [userId],
      )
    ).rows;

  /** Waits until the jobs runner has run every reminder job that is due (the poller runs every 500 ms). */
  const remindersSettled = () =>
    expect
      .poll(
        async () =>
          Number(
            (
              await db.query<{ n: string }>(
                `select count(*) as n from jobs where type = 'abandoned-cart.reminder'
                   and completed_at is null and run_at <= now() and attempts < max_attempts`,
              )
            ).rows[0]!.n,
          ),
        { timeout: 10_000, interval: 250 },
      )
      .toBe(0);

  /** The shopper's saved carts and reminders, for failure messages. */
  const history = async (auth: Auth) =>
    JSON.stringify(
      {
        carts: (
          await db.query(
            `select id, status, created_at, reminder_sent_at, restored_at from abandoned_carts
              where user_id = $1 order by id`,
            [auth.user.id],
          )
        ).rows,
        reminders: (
          await db.query(
            'select id, created_at from email_outbox where "to" = $1 and subject = $2 order by id',
            [auth.user.email, SUBJECT],
          )
        ).rows,
      },
      null,
      2,
    );

  /**
   * The shopper fills the cart on /shop (2 × granola, 1 × coconut granola), reaches /checkout signed
   * in and closes the page; answers the reminder's restore link (on this shop's origin).
   */
  async function abandonAtCheckout(auth: Auth): Promise<{ link: string; token: string }> {
    const { page, errors } = await openSignedIn(browser, shop.url, auth, '/shop', desktop);
    const granola = page.locator('article', { hasText: GRANOLA });
    await granola.getByRole('button', { name: 'Increase quantity' }).click();
    await granola.getByRole('button', { name: 'Add to Cart' }).click();
    const drawer = page.getByTestId('cart-drawer');
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.locator('article', { hasText: COCONUT }).getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => drawer.getByTestId('drawer-line').count()).toBe(2);

    const saved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/abandoned-cart' && r.request().method() === 'POST',
    );
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Express Checkout', level: 1 }).waitFor();
    expect((await saved).status()).toBe(200);
    // The handle the browser keeps to delete the saved cart later.
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('abandonedCartToken')))
      .toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await cartRows(auth.user.id)).toEqual([
      {
        status: 'open',
        cart_items: [
          { id: product(GRANOLA).id, quantity: 2 },
          { id: product(COCONUT).id, quantity: 1 },
        ],
      },
    ]);
    expect(unexpected(errors)).toEqual([]);
    await page.close();

    // The job is due at once: the reminder is in the outbox within seconds, exactly once.
    await expect.poll(() => reminders(auth.user.email), { timeout: 10_000, interval: 250 }).toHaveLength(1);
    const [email] = await reminders(auth.user.email);
    expect(email!.status).toBe('stored');
    expect(email!.text).toContain(GRANOLA);
    expect(email!.text).toContain(COCONUT);
    const match = LINK.exec(email!.text);
    expect(match, email!.text).not.toBeNull();
    // Only the path and query matter: PUBLIC_URL cannot name the port startShop picks.
    return { link: shop.url + match![1]!, token: match![2]! };
  }

  /** Opens `link` in a browser with no storage at all, as from a mail client. */
  async function openInFreshBrowser(link: string, { holdRestore = false } = {}) {
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    const urls: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && urls.push(frame.url()));
    let release = () => {};
    if (holdRestore) {
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === '/api/abandoned-cart',
        async (route) => {
          await held;
          await route.continue();
        },
      );
    }
    const response = await page.goto(link);
    return { context, page, errors, urls, response: response!, release };
  }

  /** Opens the link in a fresh browser and checks the restore: /checkout, session, cart, no token left. */
  async function restore(auth: Auth, link: string) {
    const opened = await openInFreshBrowser(link, { holdRestore: true });
    const { page, response, urls } = opened;
    // The page that carries the secret keeps it out of Referer headers and shared caches.
    expect(response.status()).toBe(200);
    expect(response.headers()['referrer-policy']).toBe('no-referrer');
    expect(response.headers()['cache-control']).toContain('no-store');

    // While the server answers: the cart page says it is restoring, the token is already gone.
    await page.getByRole('status').filter({ hasText: 'Restoring your cart' }).waitFor();
    expect(page.url()).toBe(`${shop.url}/cart`);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/abandoned-cart');
    opened.release();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['referrer-policy']).toBe('no-referrer');

    await page.waitForURL(`${shop.url}/checkout`);
    await page.getByRole('heading', { name: 'Express Checkout', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(session.token).not.toBe(auth.token);
    expect(session.user).toMatchObject({ id: auth.user.id, email: auth.user.email });

    const cart = await storedCart(page);
    expect(cart?.items.map(({ id, name, quantity }) => ({ id, name, quantity }))).toEqual([
      { id: product(GRANOLA).id, name: GRANOLA, quantity: 2 },
      { id: product(COCONUT).id, name: COCONUT, quantity: 1 },
    ]);
    expect(cart?.totalQuantity).toBe(3);
    const lines = page.getByTestId('summary-line');
    expect(await lines.count()).toBe(2);
    expect(await lines.nth(0).innerText()).toContain(GRANOLA);
    expect(await lines.nth(1).innerText()).toContain(COCONUT);

    // The address bar carried the token only until the restore removed it, never again afterwards.
    expect(urls[0]).toBe(link);
    const removed = urls.findIndex((url) => !url.includes('token'));
    expect(removed, urls.join('\n')).toBeGreaterThan(0);
    expect(
      urls.slice(removed).filter((url) => url.includes('token')),
      urls.join('\n'),
    ).toEqual([]);
    expect(page.url()).not.toContain('token');
    // The restored session works against the API.
    const me = await api<{ user: { id: number } }>(`/api/users/${auth.user.id}`, { token: session.token! });
    expect(me.user.id).toBe(auth.user.id);
    return { ...opened, sessionToken: session.token! };
  }

  it('e-mails one reminder for a cart left at checkout; its link restores cart and session once', async () => {
    const auth = await register();
    const { link } = await abandonAtCheckout(auth);

    const first = await restore(auth, link);
    expect(unexpected(first.errors)).toEqual([]);
    await first.context.close();

    // The same link again, in another fresh browser: refused, the page still usable, nobody signed in.
    const again = await openInFreshBrowser(link);
    const alert = again.page.getByRole('alert').filter({ hasText: LINK_INVALID });
    await alert.waitFor();
    expect(again.response.headers()['referrer-policy']).toBe('no-referrer');
    expect(again.page.url()).toBe(`${shop.url}/cart`);
    await again.page.getByText('Your cart is empty').waitFor();
    const continueShopping = again.page.getByRole('link', { name: 'Continue shopping', exact: true });
    expect(await continueShopping.getAttribute('href')).toBe('/shop');
    expect(await storedSession(again.page)).toEqual({ token: null, user: null });
    expect((await storedCart(again.page))?.items ?? []).toEqual([]);
    expect(unexpected(again.errors)).toEqual([]);
    await continueShopping.click();
    await again.page.waitForURL('**/shop');
    await again.page.locator('article', { hasText: GRANOLA }).waitFor();
    await again.context.close();

    // Once every due reminder job has run: still exactly one reminder for this shopper.
    await remindersSettled();
    expect(await reminders(auth.user.email), await history(auth)).toHaveLength(1);
  });

  it('an order placed after the restore closes the saved cart, and no second reminder follows', async () => {
    const auth = await register();
    const { link } = await abandonAtCheckout(auth);
    const { context, page, errors } = await restore(auth, link);

    const orderId = await payAtCheckout(page);
    expect(orderId).toBeGreaterThan(0);
    const rows = await cartRows(auth.user.id);
    expect(rows.filter((row) => row.status === 'open')).toEqual([]);
    expect(rows.map((row) => row.status)).toEqual(['converted']);

    // 7 s after the confirmation the browser deletes its saved cart with the token it keeps for that.
    const deleted = await page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/abandoned-cart' && r.request().method() === 'DELETE',
      { timeout: 12_000 },
    );
    expect(deleted.status()).toBe(204);
    expect(await page.evaluate(() => window.localStorage.getItem('abandonedCartToken'))).toBeNull();
    expect((await storedCart(page))?.items ?? []).toEqual([]);

    // Once every due reminder job has run: nothing open, still the one reminder.
    await remindersSettled();
    expect((await cartRows(auth.user.id)).filter((row) => row.status === 'open')).toEqual([]);
    expect(await reminders(auth.user.email), await history(auth)).toHaveLength(1);

    // The link's session paid, but the e-mail needs a sign-in (decision 0040): the profile says why.
    await page.goto(`${shop.url}/profile`, { waitUntil: 'networkidle' });
    const notice = page.getByRole('region', { name: 'Sign in to change your e-mail or password' });
    await notice.waitFor();
    await page.getByRole('button', { name: 'Edit email', exact: true }).click();
    await page.fill('#profile-email', uniqueEmail('thief'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const refusal = `${messages.updateUserFailed}: ${messages.fullSessionRequired}`;
    await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
    const me = await api<{ user: { email: string; pendingEmail: string | null } }>(
      `/api/users/${auth.user.id}`,
      { token: auth.token },
    );
    expect(me.user).toMatchObject({ email: auth.user.email, pendingEmail: null });
    await notice.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    const expected = [
      /Failed to load resource: the server responded with a status of 403/,
      new RegExp(`^console: ${messages.updateUserFailed} ApiError: ${messages.fullSessionRequired}`),
    ];
    expect(unexpected(errors).filter((e) => !expected.some((pattern) => pattern.test(e)))).toEqual([]);
    await context.close();
  });

  it("/cart?restoreCart=true without a token logs 'Incomplete cart restore data' and stays usable", async () => {
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    const restoreCalls: string[] = [];
    page.on(
      'request',
      (r) => new URL(r.url()).pathname === '/api/abandoned-cart' && restoreCalls.push(r.url()),
    );
    await page.goto(`${shop.url}/cart?restoreCart=true`, { waitUntil: 'networkidle' });
    await expect.poll(() => errors, { timeout: 5_000 }).toContain(`console: ${INCOMPLETE}`);
    expect(page.url()).toBe(`${shop.url}/cart`);
    await page.getByText('Your cart is empty').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(restoreCalls).toEqual([]);
    expect(errors.filter((e) => !e.includes(INCOMPLETE))).toEqual([]);
    await page.getByRole('link', { name: 'Continue shopping', exact: true }).click();
    await page.waitForURL('**/shop');
    await context.close();
  });

  it('without KLAVIYO_PUBLIC_KEY: no Klaviyo request or CSP source on the home page and the shop, events still recorded', async () => {
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    const klaviyoRequests: string[] = [];
    page.on('request', (r) => /klaviyo/i.test(new URL(r.url()).hostname) && klaviyoRequests.push(r.url()));
    for (const path of ['/', '/shop']) {
      const response = await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
      const csp = response!.headers()['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('klaviyo');
      // The tracker would be injected once the browser is idle after the load: let that moment pass.
      await page.evaluate(
        () => new Promise<void>((resolve) => window.requestIdleCallback(() => resolve(), { timeout: 3000 })),
      );
      expect(klaviyoRequests).toEqual([]);
    }

    await page.locator('article', { hasText: GRANOLA }).getByRole('link', { name: GRANOLA }).click();
    await page.waitForURL('**/products/maple-almond-granola');
    await expect
      .poll(() =>
        page.evaluate(() => (window.__northbiteEvents ?? []).map((e) => [e.event, e.properties.ProductName])),
      )
      .toEqual([['Viewed Product', GRANOLA]]);
    await page.waitForLoadState('networkidle');
    expect(klaviyoRequests).toEqual([]);
    expect(await page.locator('script[src*="klaviyo"]').count()).toBe(0);
    expect(await page.evaluate(() => typeof window.klaviyo)).toBe('undefined');
    expect(errors).toEqual([]);
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------
// The Klaviyo onsite tracker, with a stand-in for its script.

/**
 * Klaviyo is out of reach from the test machine: this stand-in for klaviyo.js defines `window.klaviyo`
 * only 0.5 s after the shop recorded its first event (as the real script takes a while; tied to the
 * event rather than to a fixed delay, so a slow machine cannot make it ready first), and records
 * every call it receives.
 */
const FAKE_KLAVIYO_JS = `window.__klaviyoCalls = window.__klaviyoCalls || [];
var waitForFirstEvent = setInterval(function () {
  if (!(window.__northbiteEvents && window.__northbiteEvents.length > 0)) return;
  clearInterval(waitForFirstEvent);
  setTimeout(function () {
    window.__klaviyoReadyAt = Date.now();
    window.klaviyo = {
      track: function (name, props) { window.__klaviyoCalls.push(['track', name, props]); },
      identify: function (props) { window.__klaviyoCalls.push(['identify', props]); },
    };
  }, 500);
}, 50);`;

type KlaviyoCall = ['identify', Record<string, unknown>] | ['track', string, Record<string, unknown>];

const klaviyoCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __klaviyoCalls?: KlaviyoCall[] }).__klaviyoCalls ?? []);

/** What the shop recorded, in the shape the tracker should have received it. */
const recordedAsCalls = (page: Page) =>
  page.evaluate(() =>
    (window.__northbiteEvents ?? []).map((e) =>
      e.event === 'identify' ? ['identify', e.properties] : ['track', e.event, e.properties],
    ),
  );

describe('Klaviyo onsite tracker (KLAVIYO_PUBLIC_KEY set, PGlite)', () => {
  let shop: RunningShop;
  let products: ApiProduct[];
  const api = shopApi(() => shop.url, '10.72');

  beforeAll(async () => {
    shop = await startShop({ KLAVIYO_PUBLIC_KEY: 'TESTKEY', TRUST_PROXY: '1' });
    products = (await (await fetch(`${shop.url}/api/products`)).json()) as ApiProduct[];
  });
  afterAll(async () => {
    await shop?.stop();
  });

  async function openWithStandIn() {
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    const scriptRequests: Request[] = [];
    // Nothing else of Klaviyo's is reached (the stand-in loads nothing further). Routes registered
    // later are asked first, so the script's own route below wins for its host.
    await page.route(/klaviyo\.com/, (route) => route.abort());
    await page.route('https://static.klaviyo.com/**', (route) => {
      scriptRequests.push(route.request());
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_KLAVIYO_JS });
    });
    return { context, page, errors, scriptRequests };
  }

  it('sends identify, Viewed Product, Added to Cart, Started Checkout and Placed Order, in order', async () => {
    const auth = await api<Auth>('/api/users/register', {
      method: 'POST',
      body: {
        firstName: 'Kai',
        lastName: 'Tremblay',
        email: uniqueEmail('tracked'),
        password: PASSWORD,
        phoneNumber: '+16045550123',
      },
    });
    const granola = products.find((p) => p.slug === 'maple-almond-granola')!;
    const { context, page, errors, scriptRequests } = await openWithStandIn();

    const response = await page.goto(`${shop.url}/login`, { waitUntil: 'networkidle' });
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src [^;]*https:\/\/static\.klaviyo\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/a\.klaviyo\.com/);

    // Sign in through the form: identify. Everything after is navigation inside the page.
    await page.fill('#login-email', auth.user.email);
    await page.fill('#login-password', PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/shop');
    await page
      .locator('article', { hasText: granola.name })
      .getByRole('link', { name: granola.name })
      .click();
    await page.waitForURL('**/products/maple-almond-granola');
    await page.getByRole('heading', { name: granola.name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByTestId('cart-drawer').getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Express Checkout', level: 1 }).waitFor();
    const orderId = await payAtCheckout(page);

    await expect.poll(() => klaviyoCalls(page), { timeout: 10_000 }).toHaveLength(5);
    const calls = await klaviyoCalls(page);
    expect(calls.map((call) => (call[0] === 'identify' ? 'identify' : call[1]))).toEqual([
      'identify',
      'Viewed Product',
      'Added to Cart',
      'Started Checkout',
      'Placed Order',
    ]);
    const url = (path: string) => new URL(path, shop.url).href;
    expect(calls[0]).toEqual([
      'identify',
      { email: auth.user.email, first_name: 'Kai', last_name: 'Tremblay' },
    ]);
    expect(calls[1]![2]).toEqual({
      ProductName: granola.name,
      ProductID: granola.id,
      Categories: [granola.category],
      Price: granola.price,
      URL: url('/products/maple-almond-granola'),
    });
    expect(calls[2]![2]).toEqual({
      ProductID: granola.id,
      SKU: granola.sku,
      ProductName: granola.name,
      Categories: [granola.category],
      ImageURL: granola.image_url ? url(granola.image_url) : null,
      URL: url('/products/maple-almond-granola'),
      Price: granola.price,
      Quantity: 1,
    });
    expect(calls[3]![2]).toMatchObject({
      $value: granola.price,
      ItemNames: [granola.name],
      CheckoutURL: url('/checkout'),
      Items: [{ ProductID: granola.id, ProductName: granola.name, Quantity: 1 }],
    });
    expect(calls[4]![2]).toMatchObject({
      OrderId: orderId,
      ItemNames: [granola.name],
      Items: [{ ProductID: granola.id, ProductName: granola.name, Quantity: 1 }],
    });
    // Exactly what the shop recorded, and nothing was sent before the tracker existed.
    expect(calls).toEqual(await recordedAsCalls(page));
    const timing = await page.evaluate(() => ({
      readyAt: (window as unknown as { __klaviyoReadyAt: number }).__klaviyoReadyAt,
      firstAt: Date.parse(window.__northbiteEvents![0]!.at),
    }));
    expect(timing.readyAt).toBeGreaterThan(timing.firstAt);

    // One script for the whole visit, for this company.
    expect(scriptRequests).toHaveLength(1);
    expect(scriptRequests[0]!.url()).toContain('company_id=TESTKEY');
    expect(scriptRequests[0]!.url()).toMatch(/^https:\/\/static\.klaviyo\.com\/onsite\/js\/klaviyo\.js\?/);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("the variety page's 'Viewed Product' has Categories ['Variety Pack']", async () => {
    const { context, page, errors, scriptRequests } = await openWithStandIn();
    await page.goto(`${shop.url}/chunky-variety-pack`, { waitUntil: 'networkidle' });
    await expect.poll(() => klaviyoCalls(page), { timeout: 10_000 }).toHaveLength(1);
    const calls = await klaviyoCalls(page);
    expect(calls[0]![0]).toBe('track');
    expect(calls[0]![1]).toBe('Viewed Product');
    expect(calls[0]![2]).toMatchObject({
      Categories: ['Variety Pack'],
      URL: `${shop.url}/chunky-variety-pack`,
    });
    expect(calls).toEqual(await recordedAsCalls(page));
    expect(scriptRequests).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
