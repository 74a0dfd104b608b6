/**
 * Talking to a started shop the way a browser would, for journeys that need data set up first:
 * JSON requests (each from its own client address, so per-client limits do not trip), an order paid
 * with the test card, and a page opened with a session already stored.
 */
import type { Browser, Page } from 'playwright-core';
import { checkoutTotals } from '../src/domain/pricing';
import { watchForErrors } from './browser';

let emailCounter = 0;
/** An e-mail no other journey uses: `name`, the time and a counter, at example.ca. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${emailCounter++}@example.ca`;

export interface Session {
  token: string;
  user: unknown;
}

/** JSON requests to the shop at `baseUrl()`; a status outside `expected` throws with the answer. */
export function shopApi(baseUrl: () => string, clientPrefix: string) {
  let counter = 0;
  return async function api<T>(
    path: string,
    { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {},
    expected = [200, 201, 204],
  ): Promise<T> {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'x-forwarded-for': `${clientPrefix}.${counter++ % 250}.9`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => null)) as T;
    if (!expected.includes(res.status))
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
}
export type ShopApi = ReturnType<typeof shopApi>;

/** An order paid with the test card 4242 through the API, as the checkout places it. */
export async function payWithTestCard<Order>(
  api: ShopApi,
  token: string,
  lines: { id: number; price: number; quantity: number }[],
  shippingInfo: Record<string, string> & { city: string },
): Promise<Order> {
  const { totalCents } = checkoutTotals(
    lines.map((line) => ({ priceCents: Math.round(line.price * 100), quantity: line.quantity })),
    { city: shippingInfo.city, postalCode: shippingInfo.postalCode ?? '' },
  );
  const intent = await api<{ client_secret: string; payment_intent_id: string }>(
    '/api/payments/create-payment-intent',
    {
      method: 'POST',
      token,
      body: { amount: totalCents, shippingInfo, items: lines.map(({ id, quantity }) => ({ id, quantity })) },
    },
  );
  // The confirmation answers the order it placed (decision 0045).
  const answer = await api<{ type: 'order'; order: Order }>('/api/payments/test/confirm', {
    method: 'POST',
    token,
    body: {
      client_secret: intent.client_secret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    },
  });
  return answer.order;
}

/** A page of the shop with `session` stored (as after a login), or signed out when it is null. */
export async function openSignedIn(
  browser: Browser,
  baseUrl: string,
  session: Session | null,
  path: string,
  viewport: { width: number; height: number },
  { bypassCSP = false } = {},
): Promise<{ page: Page; errors: string[] }> {
  // Journeys run under the real Content-Security-Policy; only axe-core needs it lifted to be injected.
  const page = await browser.newPage({ viewport, bypassCSP });
  const errors = watchForErrors(page);
  if (session) {
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.evaluate(
      ([token, user]) => {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', JSON.stringify(user));
      },
      [session.token, session.user] as const,
    );
  }
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  return { page, errors };
}

/** Puts `quantity` of a granola-like product in the saved cart, as the shop's cart store saves it. */
export async function seedCart(
  page: Page,
  product: { id: number; name: string; slug: string; price: number },
  quantity: number,
  category = 'Granola',
): Promise<void> {
  await page.evaluate(
    ({ p, quantity, category }) => {
      const total = (Math.round(p.price * 100) * quantity) / 100;
      window.localStorage.setItem(
        'cart',
        JSON.stringify({
          items: [
            {
              id: p.id,
              name: p.name,
              quantity,
              price: p.price,
              totalPrice: total,
              sku: null,
              image_url: null,
              size: null,
              slug: p.slug,
              category,
            },
          ],
          totalQuantity: quantity,
          totalPrice: total,
        }),
      );
    },
    {
      p: { id: product.id, name: product.name, slug: product.slug, price: product.price },
      quantity,
      category,
    },
  );
}
