/**
 * The authorization matrix (docs/product.md, Who uses it; ARCHITECTURE "Security model"): every
 * registered /api route, called as four callers (anonymous, customer A, customer B, admin), against
 * real resources of A's (registered through the API, with a test-card checkout: an order, payment
 * intents, a saved cart).
 *
 * - admin routes: 401 anonymous, 403 for both customers, let past for the admin;
 * - customer routes: 401 anonymous; a resource of A's answers B exactly like a missing one (404) and
 *   works for A;
 * - a refused call changes nothing in the database, and nothing B or an anonymous caller does changes
 *   anything of A's or shows them A's data;
 * - ROUTES below lists every route with its audience and ownership: a route added to the app without
 *   an entry (or an entry whose route is gone, or whose audience changed) fails the suite.
 *
 * audience.test.ts covers the access-control hook itself (registration without an audience throws,
 * bad tokens, body parsed after the check); this file covers what each real route does with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abandonedCartMessages } from '../../domain/abandoned-cart.js';
import { addressMessages } from '../../domain/addresses.js';
import { messages } from '../../domain/messages.js';
import { privacyMessages } from '../../domain/privacy.js';
import { subscriptionMessages } from '../../domain/subscription-messages.js';
import type { Order } from '../../domain/orders.js';
import { buildApp } from '../app.js';
import * as schema from '../db/schema.js';
import {
  abandonedCarts,
  categories,
  emailOutbox,
  ingredients,
  orderItems,
  orders,
  paymentIntents,
  products,
  recipes,
  sessions,
  users,
} from '../db/schema.js';
import { ORDER_NOT_FOUND } from '../modules/orders/service.js';
import {
  checkoutFixtures,
  freshIp,
  shippingInfo,
  testCard,
  uniqueEmail,
  type CatalogueProduct,
  type Method,
  type Person,
} from '../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import type { Audience, RegisteredRoute } from './audience.js';

const MATRIX_FILE = 'src/server/http/authorization-matrix.test.ts';
const MISSING_ID = 2_000_000_000;
const PAYMENT_NOT_FOUND = 'Payment not found.';

let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;

// ---------------------------------------------------------------------------------------------
// Callers and the scene they act in

type Caller = 'anonymous' | 'customerA' | 'customerB' | 'admin';
type SignedIn = Exclude<Caller, 'anonymous'>;
const CALLERS: Caller[] = ['anonymous', 'customerA', 'customerB', 'admin'];

interface Account extends Person {
  password: string;
}

interface Scene {
  a: Account;
  b: Account;
  admin: Person;
  /** A's paid order (Pending), from a test-card checkout. */
  order: Order;
  product: CatalogueProduct;
  productSlug: string;
  categoryId: number;
  categorySlug: string;
  recipeId: number;
  ingredientId: number;
  /** The e-mail and street A's orders ship to. */
  aShipEmail: string;
  aStreet: string;
  /** Texts found only in A's own data (e-mails, phone, street): none may reach anonymous or B. */
  markers: string[];
}

let scene: Scene;

const person = (s: Scene, caller: SignedIn): Person =>
  caller === 'customerA' ? s.a : caller === 'customerB' ? s.b : s.admin;

// ---------------------------------------------------------------------------------------------
// The table

interface Req {
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data. */
  form?: Record<string, string>;
  /** A file sent with `form` (multipart/form-data). */
  file?: { field: string; bytes: Buffer; type: string };
  /** Instead of the caller's usual session (logout ends the session it is called with). */
  token?: string;
}

/** Fresh targets a route's run acts on, so that one route's success cannot spoil the next. */
type Target = Record<string, string | number>;

type Ownership =
  /** Anyone may call it, and every caller gets the same answer. */
  | { kind: 'public'; status: number }
  /** Admins only: 401 anonymous, 403 customers, `status` for the admin. */
  | { kind: 'admin'; status: number }
  /**
   * A resource of A's, named in the URL or body: B gets exactly the answer for a missing one (404
   * `notFound`, like `missing` asked by B), A gets `a`, the admin `admin`.
   */
  | {
      kind: 'owned';
      a: number;
      admin: number;
      notFound: string;
      missing: (s: Scene, target: Target) => Req;
    }
  /**
   * Acts on the caller's own account whatever the request names; statuses per caller. `missing`,
   * when given, is a request B's answer must equal (a refusal that gives nothing away about A).
   */
  | {
      kind: 'own';
      a: number;
      b: number;
      admin: number;
      /** The message of B's refusal, when B is refused. */
      refusal?: string;
      missing?: (s: Scene, target: Target) => Req;
    };

interface RouteSpec {
  audience: Audience;
  ownership: Ownership;
  prepare?: (s: Scene) => Promise<Target>;
  request: (s: Scene, caller: Caller, target: Target) => Req | Promise<Req>;
  /** Checks on a successful answer: A's resource works for A, the admin's call did what it says. */
  verify?: (res: LightMyRequestResponse, s: Scene, caller: SignedIn, target: Target) => Promise<void> | void;
}

const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;

const nowhere = (): Req => ({ url: '/api/no-such-route' });
const catchAll = (status = 404): RouteSpec => ({
  audience: 'anonymous',
  ownership: { kind: 'public', status },
  request: nowhere,
});

/** A product nobody ordered and no recipe uses (a copy of a seeded one), for the admin to change. */
async function scratchProduct(): Promise<number> {
  const [source] = await db().select().from(products).where(eq(products.id, scene.product.id));
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source!;
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db()
    .insert(products)
    .values({ ...copy, slug: `matrix-${suffix}`, name: `Matrix ${suffix}`, sku: null })
    .returning({ id: products.id });
  return row!.id;
}

/** An 8x8 PNG: what a gallery upload must carry. */
const MATRIX_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4UaGBFTEMLQkAUtVaAUH78mEAAAAASUVORK5CYII=',
  'base64',
);
const GALLERY_URLS = [
  '/images/products/aaaaaaaaaaaaaaaaaaaaaaaa-800w.webp',
  '/images/products/bbbbbbbbbbbbbbbbbbbbbbbb-800w.webp',
] as const;

/** A scratch product whose gallery holds the two GALLERY_URLS (decision 0061). */
async function galleryProduct(): Promise<number> {
  const productId = await scratchProduct();
  await db().update(products).set({ imageUrl: GALLERY_URLS[0] }).where(eq(products.id, productId));
  await db()
    .insert(schema.productImages)
    .values(GALLERY_URLS.map((url, position) => ({ productId, position, url, alt: 'Matrix photo' })));
  return productId;
}

let quantitySeq = 10;
/** A's open payment intent, for a cart of its own (a new idempotency key, so a new intent). */
const openIntentOfA = async (s: Scene) => {
  const intent = await f.createIntent(s.a, [{ id: s.product.id, quantity: ++quantitySeq }], {
    shipping: aShipping(s),
  });
  return { intent: intent.payment_intent_id, secret: intent.client_secret };
};

/** A live session written straight to the store (which keeps only the SHA-256). */
async function mintSession(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  return token;
}

const intentRow = async (id: string) =>
  (await db().select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0];
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
const sessionWorks = async (token: string, userId: number) =>
  (await f.call('GET', `/api/users/${userId}`, { token })).statusCode === 200;

const aShipping = (s: Scene) => ({ email: s.aShipEmail, address1: s.aStreet, phoneNumber: '604 555 0142' });
const orderAddress = (s: Scene) => ({
  shipping_address: `${s.aStreet} (new)`,
  shipping_city: 'Vancouver',
  shipping_state: 'British Columbia',
  shipping_country: 'Canada',
  shipping_postal_code: 'V6B 2E2',
});
/** A delivered order of A's with the scene's product (a copy of A's order), so A may review it. */
async function deliveredOrderOfA(s: Scene): Promise<void> {
  const [source] = await db().select().from(orders).where(eq(orders.id, s.order.id));
  const { id: _id, paymentIntentId: _p, createdAt: _c, updatedAt: _u, ...copy } = source!;
  const [row] = await db()
    .insert(orders)
    .values({ ...copy, status: 'Delivered' })
    .returning({ id: orders.id });
  await db().insert(orderItems).values({
    orderId: row!.id,
    productId: s.product.id,
    productName: s.product.name,
    quantity: 1,
    priceCents: s.product.priceCents,
  });
}

/** A published review of the scene's product by somebody else (decision 0063). */
async function publishedReview(s: Scene): Promise<number> {
  const [author] = await db()
    .insert(users)
    .values({ email: `matrix-reviewer-${randomBytes(4).toString('hex')}@example.ca` })
    .returning({ id: users.id });
  const [row] = await db()
    .insert(schema.productReviews)
    .values({
      productId: s.product.id,
      userId: author!.id,
      rating: 4,
      title: 'Matrix review',
      text: 'Written for the authorization matrix.',
      status: 'published',
    })
    .returning({ id: schema.productReviews.id });
  return row!.id;
}

const NEW_PASSWORD = 'Matrix-Moved-Password-1';

const savedAddressBody = (street: string) => ({
  firstName: 'Alice',
  lastName: 'Matrix',
  address1: street,
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'V6B 2E2',
  phoneNumber: '604 555 0142',
});
let savedSeq = 0;
/** A new address in A's book, saved through the API. */
async function savedAddressOfA(s: Scene): Promise<number> {
  const res = await f.call('POST', '/api/users/me/addresses', {
    token: s.a.token,
    body: savedAddressBody(`${++savedSeq} Saved Street`),
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number }>(res).id;
}

/**
 * A subscription of A's (decision 0056), written straight to the store, with a saved test card that
 * renews (or, `authenticate`, whose bank wants each charge confirmed).
 */
async function subscriptionOfA(s: Scene, behaviour: 'renews' | 'authenticate' = 'renews'): Promise<number> {
  const [method] = await db()
    .insert(schema.paymentMethods)
    .values({
      userId: s.a.id,
      provider: 'test',
      methodRef: `pm_test_${behaviour}_${randomBytes(4).toString('hex')}`,
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
    })
    .returning();
  const [row] = await db()
    .insert(schema.subscriptions)
    .values({
      userId: s.a.id,
      intervalWeeks: 4,
      nextOrderAt: new Date(Date.now() + 28 * 86_400_000),
      lastOrderAt: new Date(),
      paymentMethodId: method!.id,
      shippingInfo: { ...shippingInfo(aShipping(s)), country: 'Canada' },
    })
    .returning();
  await db()
    .insert(schema.subscriptionItems)
    .values({ subscriptionId: row!.id, productId: s.product.id, quantity: 1 });
  return row!.id;
}
const subscriptionRow = async (id: number) =>
  (await db().select().from(schema.subscriptions).where(eq(schema.subscriptions.id, id)))[0];

/** A customer route on one of A's subscriptions: A gets `a`, B and the admin a missing one's 404. */
function subscriptionRoute(
  method: 'GET' | 'PATCH' | 'POST',
  path: string,
  a: number,
  body: unknown,
  verify?: RouteSpec['verify'],
): RouteSpec {
  const withBody = body === undefined ? {} : { body };
  return {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a,
      admin: 404,
      notFound: subscriptionMessages.notFound,
      missing: () => ({ url: `/api/subscriptions/${MISSING_ID}${path}`, ...withBody }),
    },
    prepare: async (s) => ({ id: await subscriptionOfA(s) }),
    request: (_s, _caller, target) => ({ url: `/api/subscriptions/${target.id}${path}`, ...withBody }),
    ...(verify ? { verify } : {}),
  };
}

/**
 * Every /api route of the app: its audience and how it treats another customer's resources. A new
 * route must be added here (the first test says so), which makes whoever adds it decide both.
 */
const ROUTES: Record<string, RouteSpec> = {
  // --- public --------------------------------------------------------------------------------
  'GET /api/health': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/health' }),
  },
  'GET /api/health/ready': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/health/ready' }),
  },
  // The API's own description (decision 0024): routes and shapes only, the same for everyone.
  'GET /api/openapi.json': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/openapi.json' }),
  },
  'GET /api/reference': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/reference' }),
  },
  'POST /api/users/register': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/users/register', body: {} }),
  },
  'POST /api/users/login': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/users/login', body: {} }),
  },
  'POST /api/users/google': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/users/google', body: {} }),
  },
  'POST /api/users/forgot-password': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/users/forgot-password', body: {} }),
  },
  'POST /api/users/reset-password/check': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/users/reset-password/check', body: {} }),
  },
  'POST /api/users/reset-password': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/users/reset-password', body: {} }),
  },
  'POST /api/users/verify-email': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/users/verify-email', body: {} }),
  },
  'GET /api/products': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/products' }),
  },
  'GET /api/products/:slug': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: (s) => ({ url: `/api/products/${s.productSlug}` }),
  },
  'GET /api/search': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/search?q=choc' }),
  },
  'GET /api/categories': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/categories' }),
  },
  'GET /api/categories/:slug': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: (s) => ({ url: `/api/categories/${s.categorySlug}` }),
  },
  'POST /api/signup': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/signup', body: {} }),
  },
  'POST /api/signup/confirm': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/signup/confirm', body: {} }),
  },
  'POST /api/contact': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/contact', body: {} }),
  },
  // Unsubscribe links are signed bearer secrets: anyone holding one may use it; a bad one changes nothing.
  'GET /api/unsubscribe': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/unsubscribe?token=bm90LWEtdG9rZW4.c2lnbmF0dXJl' }),
  },
  'POST /api/unsubscribe': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/unsubscribe?token=bm90LWEtdG9rZW4.c2lnbmF0dXJl', body: {} }),
  },
  'GET /api/google-reviews': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: () => ({ url: '/api/google-reviews' }),
  },
  // Restore links and capture handles are bearer secrets: whoever holds one may use it, nobody else.
  'GET /api/abandoned-cart': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 404 },
    request: () => ({ url: `/api/abandoned-cart?token=${randomBytes(32).toString('base64url')}` }),
  },
  'DELETE /api/abandoned-cart': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 204 },
    request: () => ({ url: `/api/abandoned-cart?token=${randomBytes(32).toString('base64url')}` }),
  },
  // Without Stripe there are no webhooks; with it, the signature is the authorization.
  'POST /api/payments/webhook': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 404 },
    request: () => ({ url: '/api/payments/webhook', body: {} }),
  },
  // The catch-all answering unknown /api paths with 404 JSON.
  'GET /api/*': catchAll(),
  'POST /api/*': catchAll(),
  'PUT /api/*': catchAll(),
  'PATCH /api/*': catchAll(),
  'DELETE /api/*': catchAll(),
  'OPTIONS /api/*': catchAll(),
  'TRACE /api/*': catchAll(),
  'QUERY /api/*': { ...catchAll(), request: () => ({ url: '/api/no-such-route', body: {} }) },

  // --- the caller's own account --------------------------------------------------------------
  'POST /api/users/logout': {
    audience: 'customer',
    ownership: { kind: 'own', a: 204, b: 204, admin: 204 },
    // Each caller logs out of a session of its own, not the one the other routes use.
    prepare: async (s) => ({
      customerA: await mintSession(s.a.id),
      customerB: await mintSession(s.b.id),
      admin: await mintSession(s.admin.id),
    }),
    request: (_s, caller, target) => ({
      url: '/api/users/logout',
      ...(caller === 'anonymous' ? {} : { token: String(target[caller]) }),
    }),
    verify: async (_res, s, caller, target) => {
      const who = person(s, caller);
      expect(await sessionWorks(String(target[caller]), who.id), 'the session logged out of').toBe(false);
      expect(await sessionWorks(who.token, who.id), "the caller's other session").toBe(true);
    },
  },
  'POST /api/users/verify-email/resend': {
    audience: 'customer',
    ownership: { kind: 'own', a: 200, b: 200, admin: 200 },
    request: () => ({ url: '/api/users/verify-email/resend' }),
  },
  'POST /api/payments/create-payment-intent': {
    audience: 'customer',
    ownership: { kind: 'own', a: 200, b: 200, admin: 200 },
    // Everyone names A in the metadata; the intent is the caller's all the same.
    request: async (s, caller) => {
      const items = [{ id: s.product.id, quantity: 2 }];
      const email = caller === 'anonymous' ? undefined : person(s, caller).email;
      const amount = (await f.expectedTotals(items, 'Vancouver', email)).totalCents;
      return {
        url: '/api/payments/create-payment-intent',
        body: {
          amount,
          shippingInfo: shippingInfo(),
          items,
          metadata: { user_id: s.a.id, email: s.a.email },
        },
      };
    },
    verify: async (res, s, caller) => {
      const row = await intentRow(json<{ payment_intent_id: string }>(res).payment_intent_id);
      expect(row?.userId, 'the intent belongs to whoever created it').toBe(person(s, caller).id);
    },
  },
  // decision 0016: a cart under any e-mail but the caller's is 403, whether or not it has an account.
  'POST /api/abandoned-cart': {
    audience: 'customer',
    ownership: {
      kind: 'own',
      a: 200,
      b: 403,
      admin: 403,
      refusal: abandonedCartMessages.notYours,
      missing: (s) => ({ url: '/api/abandoned-cart', body: captureBody(s, uniqueEmail('nobody')) }),
    },
    prepare: async (s) => {
      // Captures are skipped within 15 minutes of an order: A's orders become an hour old.
      await db()
        .update(orders)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(eq(orders.userId, s.a.id));
      return {};
    },
    request: (s) => ({ url: '/api/abandoned-cart', body: captureBody(s, s.a.email) }),
    verify: async (res, s) => {
      expect(json(res)).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      const rows = await db()
        .select()
        .from(abandonedCarts)
        .where(and(eq(abandonedCarts.userId, s.a.id), eq(abandonedCarts.status, 'open')));
      expect(rows).toHaveLength(1);
    },
  },

  // --- A's resources -------------------------------------------------------------------------
  'GET /api/users/:id': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 200,
      notFound: messages.userNotFound,
      missing: () => ({ url: `/api/users/${MISSING_ID}` }),
    },
    request: (s) => ({ url: `/api/users/${s.a.id}` }),
    verify: (res, s) => {
      expect(json<{ user: unknown }>(res).user).toMatchObject({
        id: s.a.id,
        email: s.a.email,
        isAdmin: false,
      });
    },
  },
  'PATCH /api/users/:id': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 200,
      notFound: messages.userNotFound,
      missing: () => ({ url: `/api/users/${MISSING_ID}`, body: { firstName: 'Nobody' } }),
    },
    // Customers also try to make A an admin: refused for B, dropped for A.
    request: (s, caller) => ({
      url: `/api/users/${s.a.id}`,
      body: { firstName: `Set by ${caller}`, ...(caller === 'admin' ? {} : { isAdmin: true }) },
    }),
    verify: async (res, s, caller) => {
      expect(json<{ user: unknown }>(res).user).toMatchObject({ id: s.a.id, firstName: `Set by ${caller}` });
      expect(await userRow(s.a.id)).toMatchObject({ firstName: `Set by ${caller}`, isAdmin: false });
    },
  },
  'POST /api/users/:id/password': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 404,
      notFound: messages.userNotFound,
      missing: (s) => ({
        url: `/api/users/${MISSING_ID}/password`,
        body: { currentPassword: s.a.password, newPassword: NEW_PASSWORD },
      }),
    },
    // Even knowing A's password, B cannot change it.
    request: (s) => ({
      url: `/api/users/${s.a.id}/password`,
      body: { currentPassword: s.a.password, newPassword: NEW_PASSWORD },
    }),
    verify: async (res, s) => {
      const { token } = json<{ token: string }>(res);
      expect(await sessionWorks(s.a.token, s.a.id), "A's old session ends").toBe(false);
      expect(await sessionWorks(token, s.a.id), "A's new session").toBe(true);
      expect(await sessionWorks(s.b.token, s.b.id), "B's session").toBe(true);
      s.a.token = token;
      s.a.password = NEW_PASSWORD;
    },
  },
  // The owner's data rights (decision 0043): the owner's alone, not even an admin's for someone
  // else, and the same refusal for an account that does not exist.
  'GET /api/users/:id/data-export': {
    audience: 'customer',
    ownership: {
      kind: 'own',
      a: 200,
      b: 403,
      admin: 403,
      refusal: privacyMessages.ownDataOnly,
      missing: () => ({ url: `/api/users/${MISSING_ID}/data-export` }),
    },
    request: (s) => ({ url: `/api/users/${s.a.id}/data-export` }),
    verify: (res, s) => {
      expect(json<{ account: { id: number; email: string } }>(res).account).toMatchObject({
        id: s.a.id,
        email: s.a.email,
      });
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    },
  },
  // A person of its own stands in for A (deleting A would spoil every later row): B and the admin
  // are refused for that person's account exactly as for a missing one.
  'POST /api/users/:id/erasure': {
    audience: 'customer',
    ownership: {
      kind: 'own',
      a: 204,
      b: 403,
      admin: 403,
      refusal: privacyMessages.ownAccountOnly,
      missing: (_s, target) => ({
        url: `/api/users/${MISSING_ID}/erasure`,
        body: { currentPassword: String(target.password) },
      }),
    },
    prepare: async () => {
      const password = `Leaving-Snack-Password-${randomBytes(3).toString('hex')}`;
      const res = await f.call('POST', '/api/users/register', {
        body: { firstName: 'Leaving', lastName: 'Matrix', email: uniqueEmail('leaving'), password },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { token, user } = json<{ token: string; user: { id: number } }>(res);
      return { id: user.id, token, password };
    },
    request: (_s, caller, target) => ({
      url: `/api/users/${target.id}/erasure`,
      body: { currentPassword: String(target.password) },
      ...(caller === 'customerA' ? { token: String(target.token) } : {}),
    }),
    verify: async (_res, _s, _caller, target) => {
      expect(await userRow(Number(target.id))).toBeUndefined();
    },
  },
  // The address book (decision 0049): `me` is always the caller; A's address is 404 to anyone else.
  'GET /api/users/me/addresses': {
    audience: 'customer',
    ownership: { kind: 'own', a: 200, b: 200, admin: 200 },
    request: () => ({ url: '/api/users/me/addresses' }),
    verify: async (res, s, caller) => {
      const ids = json<{ addresses: { id: number }[] }>(res).addresses.map((a) => a.id);
      const own = await db()
        .select({ id: schema.savedAddresses.id })
        .from(schema.savedAddresses)
        .where(eq(schema.savedAddresses.userId, person(s, caller).id));
      expect(ids.sort()).toEqual(own.map((row) => row.id).sort());
    },
  },
  'POST /api/users/me/addresses': {
    audience: 'customer',
    ownership: { kind: 'own', a: 201, b: 201, admin: 201 },
    request: () => ({ url: '/api/users/me/addresses', body: savedAddressBody('1 Matrix Way') }),
    verify: async (res, s, caller) => {
      const { id } = json<{ id: number }>(res);
      const [row] = await db().select().from(schema.savedAddresses).where(eq(schema.savedAddresses.id, id));
      expect(row?.userId, 'the address belongs to whoever saved it').toBe(person(s, caller).id);
    },
  },
  'PATCH /api/users/me/addresses/:id': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 404,
      notFound: addressMessages.notFound,
      missing: () => ({ url: `/api/users/me/addresses/${MISSING_ID}`, body: { address2: 'Suite 9' } }),
    },
    prepare: async (s) => ({ id: await savedAddressOfA(s) }),
    request: (_s, _caller, target) => ({
      url: `/api/users/me/addresses/${target.id}`,
      body: { address2: 'Suite 9' },
    }),
    verify: async (_res, _s, _caller, target) => {
      const [row] = await db()
        .select()
        .from(schema.savedAddresses)
        .where(eq(schema.savedAddresses.id, Number(target.id)));
      expect(row?.address2).toBe('Suite 9');
    },
  },
  'DELETE /api/users/me/addresses/:id': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 404,
      notFound: addressMessages.notFound,
      missing: () => ({ url: `/api/users/me/addresses/${MISSING_ID}` }),
    },
    prepare: async (s) => ({ id: await savedAddressOfA(s) }),
    request: (_s, _caller, target) => ({ url: `/api/users/me/addresses/${target.id}` }),
    verify: async (_res, _s, _caller, target) => {
      expect(
        await db()
          .select()
          .from(schema.savedAddresses)
          .where(eq(schema.savedAddresses.id, Number(target.id))),
      ).toEqual([]);
    },
  },
  // Subscriptions (decision 0056): a customer reaches only their own; the admin has a list of its own.
  'GET /api/subscriptions': {
    audience: 'customer',
    ownership: { kind: 'own', a: 200, b: 200, admin: 200 },
    request: () => ({ url: '/api/subscriptions' }),
    verify: async (res, s, caller) => {
      const ids = json<{ id: number }[]>(res).map((row) => row.id);
      const own = await db()
        .select({ id: schema.subscriptions.id })
        .from(schema.subscriptions)
        .where(eq(schema.subscriptions.userId, person(s, caller).id));
      expect(ids.sort()).toEqual(own.map((row) => row.id).sort());
    },
  },
  'GET /api/subscriptions/:id': subscriptionRoute('GET', '', 200, undefined),
  'PATCH /api/subscriptions/:id': subscriptionRoute(
    'PATCH',
    '',
    200,
    { interval_weeks: 6 },
    async (_r, _s, _c, target) => {
      expect((await subscriptionRow(Number(target.id)))?.intervalWeeks).toBe(6);
    },
  ),
  'POST /api/subscriptions/:id/skip': subscriptionRoute('POST', '/skip', 200, undefined),
  'POST /api/subscriptions/:id/pause': subscriptionRoute(
    'POST',
    '/pause',
    200,
    {},
    async (_r, _s, _c, target) => {
      expect((await subscriptionRow(Number(target.id)))?.status).toBe('paused');
    },
  ),
  'POST /api/subscriptions/:id/resume': {
    ...subscriptionRoute('POST', '/resume', 200, undefined),
    prepare: async (s) => {
      const id = await subscriptionOfA(s);
      await db()
        .update(schema.subscriptions)
        .set({ status: 'paused' })
        .where(eq(schema.subscriptions.id, id));
      return { id };
    },
  },
  'POST /api/subscriptions/:id/cancel': subscriptionRoute(
    'POST',
    '/cancel',
    200,
    { reason: 'Matrix' },
    async (_r, _s, _c, target) => {
      expect((await subscriptionRow(Number(target.id)))?.status).toBe('canceled');
    },
  ),
  'POST /api/subscriptions/:id/order-now': subscriptionRoute(
    'POST',
    '/order-now',
    201,
    undefined,
    async (res, s) => {
      expect(json<Order>(res).user_id).toBe(s.a.id);
    },
  ),
  'POST /api/subscriptions/:id/card': subscriptionRoute(
    'POST',
    '/card',
    200,
    { card: testCard() },
    async (res, _s, _c, target) => {
      expect(json(res)).toMatchObject({ subscription: { id: Number(target.id), card: { last4: '4242' } } });
    },
  ),
  // The test processor takes the test card itself: no SetupIntent, to the owner only.
  'POST /api/subscriptions/:id/card-setup': subscriptionRoute(
    'POST',
    '/card-setup',
    200,
    undefined,
    async (res) => {
      expect(json(res)).toEqual({ client_secret: null });
    },
  ),
  'POST /api/payments/test/authenticate': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 404,
      notFound: PAYMENT_NOT_FOUND,
      missing: () => ({
        url: '/api/payments/test/authenticate',
        body: { client_secret: `pi_test_${'0'.repeat(24)}_secret_${'0'.repeat(32)}` },
      }),
    },
    // A renewal A's bank wants confirmed: "Order now" hands its payment to A's page.
    prepare: async (s) => {
      const id = await subscriptionOfA(s, 'authenticate');
      const res = await f.call('POST', `/api/subscriptions/${id}/order-now`, { token: s.a.token });
      expect(res.statusCode, res.body).toBe(402);
      const { payment_intent_id, client_secret } = json<{ payment_intent_id: string; client_secret: string }>(
        res,
      );
      return { intent: payment_intent_id, secret: client_secret };
    },
    request: (_s, _caller, target) => ({
      url: '/api/payments/test/authenticate',
      body: { client_secret: target.secret },
    }),
    verify: async (res, s, _caller, target) => {
      expect(json(res)).toMatchObject({ type: 'order', order: { payment_intent_id: String(target.intent) } });
      const placed = await f.ordersOfIntent(String(target.intent));
      expect(placed.map((order) => order.userId)).toEqual([s.a.id]);
    },
  },
  'GET /api/admin/subscriptions': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/subscriptions' }),
  },
  // The owner's side (decision 0057): any subscription, and pause or cancel for the customer.
  'GET /api/admin/subscriptions/:id': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    prepare: async (s) => ({ id: await subscriptionOfA(s) }),
    request: (_s, _caller, target) => ({ url: `/api/admin/subscriptions/${target.id}` }),
    verify: (res, s, _caller, target) => {
      expect(json(res)).toMatchObject({ id: target.id, email: s.a.email, events: [], renewals: [] });
    },
  },
  'POST /api/admin/subscriptions/:id/pause': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    prepare: async (s) => ({ id: await subscriptionOfA(s) }),
    request: (_s, _caller, target) => ({ url: `/api/admin/subscriptions/${target.id}/pause`, body: {} }),
    verify: async (res, s, _caller, target) => {
      const answer = json<{ status: string; events: { kind: string; actor: { kind: string } }[] }>(res);
      expect(answer.status).toBe('paused');
      expect(answer.events.filter((e) => e.kind !== 'email')).toMatchObject([
        { kind: 'paused', actor: { kind: 'admin' } },
      ]);
      expect((await subscriptionRow(Number(target.id)))?.userId).toBe(s.a.id);
    },
  },
  'POST /api/admin/subscriptions/:id/cancel': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    prepare: async (s) => ({ id: await subscriptionOfA(s) }),
    request: (_s, _caller, target) => ({
      url: `/api/admin/subscriptions/${target.id}/cancel`,
      body: { reason: 'Matrix' },
    }),
    verify: async (_res, _s, _caller, target) => {
      expect((await subscriptionRow(Number(target.id)))?.status).toBe('canceled');
    },
  },
  'GET /api/users/:userId/orders': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 200,
      notFound: messages.userNotFound,
      missing: () => ({ url: `/api/users/${MISSING_ID}/orders` }),
    },
    request: (s) => ({ url: `/api/users/${s.a.id}/orders` }),
    verify: (res, s) => {
      const list = json<Order[]>(res);
      expect(list.map((order) => order.id)).toContain(s.order.id);
      expect(new Set(list.map((order) => order.user_id))).toEqual(new Set([s.a.id]));
    },
  },
  'GET /api/orders/:id/receipt.pdf': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 200,
      notFound: ORDER_NOT_FOUND,
      missing: () => ({ url: `/api/orders/${MISSING_ID}/receipt.pdf` }),
    },
    request: (s) => ({ url: `/api/orders/${s.order.id}/receipt.pdf` }),
    verify: (res) => {
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
  },
  'GET /api/orders/:id/refunds/:refundId/credit-note.pdf': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 200,
      notFound: ORDER_NOT_FOUND,
      missing: () => ({ url: `/api/orders/${MISSING_ID}/refunds/${MISSING_ID}/credit-note.pdf` }),
    },
    prepare: async (s) => {
      const order = await f.buy(s.a, [{ id: s.product.id, quantity: 1 }], { shipping: aShipping(s) });
      const res = await f.call('POST', `/api/orders/${order.id}/refunds`, {
        token: s.admin.token,
        body: { amount: 1, reason: 'Matrix check' },
      });
      return { orderId: order.id, refundId: json<Order>(res).refunds[0]!.id };
    },
    request: (_s, _caller, target) => ({
      url: `/api/orders/${target.orderId}/refunds/${target.refundId}/credit-note.pdf`,
    }),
    verify: (res) => {
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
  },
  'GET /api/orders/:id': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 200,
      notFound: ORDER_NOT_FOUND,
      missing: () => ({ url: `/api/orders/${MISSING_ID}` }),
    },
    request: (s) => ({ url: `/api/orders/${s.order.id}` }),
    verify: (res, s) => {
      expect(json(res)).toMatchObject({ id: s.order.id, user_id: s.a.id, email: s.order.email });
    },
  },
  'PATCH /api/orders/:id': {
    audience: 'customer',
    // Only the owner re-addresses an order, not even an admin (docs/product.md, Orders).
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 404,
      notFound: ORDER_NOT_FOUND,
      missing: (s) => ({ url: `/api/orders/${MISSING_ID}`, body: orderAddress(s) }),
    },
    request: (s) => ({ url: `/api/orders/${s.order.id}`, body: orderAddress(s) }),
    verify: async (res, s) => {
      expect(json(res)).toMatchObject({ id: s.order.id, shipping_address: `${s.aStreet} (new)` });
      const [row] = await db().select().from(orders).where(eq(orders.id, s.order.id));
      expect(row).toMatchObject({ shippingAddress: `${s.aStreet} (new)`, shippingCity: 'Vancouver' });
    },
  },
  'POST /api/orders/:id/cancel': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 404,
      notFound: ORDER_NOT_FOUND,
      missing: () => ({ url: `/api/orders/${MISSING_ID}/cancel` }),
    },
    prepare: async (s) => {
      const order = await f.buy(s.a, [{ id: s.product.id, quantity: 1 }], { shipping: aShipping(s) });
      return { orderId: order.id, intent: order.payment_intent_id! };
    },
    request: (_s, _caller, target) => ({ url: `/api/orders/${target.orderId}/cancel` }),
    verify: async (res, _s, _caller, target) => {
      expect(json(res)).toMatchObject({ id: target.orderId, status: 'Canceled' });
      expect((await intentRow(String(target.intent)))?.status).toBe('refunded');
    },
  },
  'POST /api/orders': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 201,
      admin: 404,
      notFound: PAYMENT_NOT_FOUND,
      missing: () => ({ url: '/api/orders', body: { payment_intent_id: `pi_test_${'0'.repeat(24)}` } }),
    },
    // A's intent, paid but without its order yet (as between the card and the browser's POST).
    prepare: async (s) => {
      const { intent } = await openIntentOfA(s);
      await db().update(paymentIntents).set({ status: 'succeeded' }).where(eq(paymentIntents.id, intent));
      return { intent };
    },
    request: (_s, _caller, target) => ({ url: '/api/orders', body: { payment_intent_id: target.intent } }),
    verify: async (res, s, _caller, target) => {
      expect(json(res)).toMatchObject({ user_id: s.a.id, payment_intent_id: target.intent, is_paid: true });
      expect(await f.ordersOfIntent(String(target.intent))).toHaveLength(1);
    },
  },
  'POST /api/payments/test/confirm': {
    audience: 'customer',
    ownership: {
      kind: 'owned',
      a: 200,
      admin: 404,
      notFound: PAYMENT_NOT_FOUND,
      missing: () => ({
        url: '/api/payments/test/confirm',
        body: { client_secret: `pi_test_${'0'.repeat(24)}_secret_${'0'.repeat(32)}`, card: testCard() },
      }),
    },
    prepare: openIntentOfA,
    request: (_s, _caller, target) => ({
      url: '/api/payments/test/confirm',
      body: { client_secret: target.secret, card: testCard() },
    }),
    verify: async (res, s, _caller, target) => {
      expect(json(res)).toMatchObject({ type: 'order', order: { payment_intent_id: String(target.intent) } });
      expect((await intentRow(String(target.intent)))?.status).toBe('succeeded');
      const placed = await f.ordersOfIntent(String(target.intent));
      expect(placed.map((order) => order.userId)).toEqual([s.a.id]);
    },
  },

  // --- admin ---------------------------------------------------------------------------------
  'GET /api/users': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/users' }),
    verify: (res, s) => {
      expect(json<{ id: number }[]>(res).map((user) => user.id)).toEqual(
        expect.arrayContaining([s.a.id, s.b.id]),
      );
    },
  },
  'DELETE /api/users/:id': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 204 },
    prepare: async () => ({ victim: (await f.person()).id }),
    request: (_s, _caller, target) => ({ url: `/api/users/${target.victim}` }),
    verify: async (_res, _s, _caller, target) => {
      expect(await userRow(Number(target.victim))).toBeUndefined();
    },
  },
  'GET /api/orders': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/orders' }),
    verify: (res, s) => {
      expect(json<Order[]>(res).map((order) => order.id)).toContain(s.order.id);
    },
  },
  'GET /api/orders/in-progress-count/:productId': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: (s) => ({ url: `/api/orders/in-progress-count/${s.product.id}` }),
    verify: (res) => {
      expect(json(res)).toEqual({
        count: expect.any(Number),
        quantity: expect.any(Number),
        ordered: expect.any(Number),
        reserved: expect.any(Number),
      });
    },
  },
  'PATCH /api/orders/:id/status': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    // Customers try to mark A's order delivered; the admin's call leaves it Pending and paid.
    request: (s, caller) => ({
      url: `/api/orders/${s.order.id}/status`,
      body:
        caller === 'admin' ? { status: 'Pending', is_paid: true } : { status: 'Delivered', is_paid: false },
    }),
    verify: (res, s) => {
      expect(json(res)).toMatchObject({ id: s.order.id, status: 'Pending', is_paid: true });
    },
  },
  // Product reviews (decision 0063): anyone reads the published ones; a customer writes their own
  // review of a product they received (A has a delivered order of it), votes once per review; the
  // admin moderates and sets moderation on or off.
  'GET /api/products/:slug/reviews': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 200 },
    request: (s) => ({ url: `/api/products/${s.productSlug}/reviews` }),
  },
  'GET /api/products/:slug/reviews/mine': {
    audience: 'customer',
    ownership: { kind: 'own', a: 200, b: 200, admin: 200 },
    request: (s) => ({ url: `/api/products/${s.productSlug}/reviews/mine` }),
  },
  'POST /api/products/:slug/reviews': {
    audience: 'customer',
    ownership: { kind: 'own', a: 201, b: 403, admin: 403 },
    prepare: async (s) => {
      await deliveredOrderOfA(s);
      return {};
    },
    request: (s) => ({
      url: `/api/products/${s.productSlug}/reviews`,
      body: { rating: 5, title: 'Matrix', text: 'A review from the authorization matrix.' },
    }),
    verify: async (_res, s, caller) => {
      const rows = await db()
        .select()
        .from(schema.productReviews)
        .where(eq(schema.productReviews.userId, person(s, caller).id));
      expect(rows.map((row) => row.status)).toEqual(['pending']);
    },
  },
  'POST /api/product-reviews/:id/helpful': {
    audience: 'customer',
    ownership: { kind: 'own', a: 200, b: 200, admin: 200 },
    prepare: async (s) => ({ id: await publishedReview(s) }),
    request: (_s, _caller, target) => ({ url: `/api/product-reviews/${target.id}/helpful`, body: {} }),
  },
  'GET /api/admin/product-reviews': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/product-reviews?status=pending' }),
  },
  'PATCH /api/admin/product-reviews/:id': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    prepare: async (s) => ({ id: await publishedReview(s) }),
    // Customers try to hide it; only the admin's reply lands.
    request: (_s, caller, target) => ({
      url: `/api/admin/product-reviews/${target.id}`,
      body: caller === 'admin' ? { reply: 'Thank you!' } : { status: 'hidden' },
    }),
    verify: (res) => {
      expect(json(res)).toMatchObject({ status: 'published', reply: { text: 'Thank you!' } });
    },
  },
  'GET /api/admin/review-settings': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/review-settings' }),
  },
  'PUT /api/admin/review-settings': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    // Customers try to turn moderation off; the admin keeps it on.
    request: (_s, caller) => ({
      url: '/api/admin/review-settings',
      body: { moderation: caller === 'admin' },
    }),
    verify: (res) => {
      expect(json(res)).toEqual({ moderation: true });
    },
  },
  'GET /api/admin/messages': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/messages' }),
  },
  'PATCH /api/admin/messages/:id': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    // Customers try to mark a visitor's message read; only the admin's call does.
    prepare: async () => {
      const [row] = await db()
        .insert(schema.contactMessages)
        .values({ name: 'Matrix', email: 'matrix@example.ca', message: 'Hello' })
        .returning({ id: schema.contactMessages.id });
      return { id: row!.id };
    },
    request: (_s, _caller, target) => ({ url: `/api/admin/messages/${target.id}`, body: { read: true } }),
    verify: (res) => {
      expect(json(res)).toMatchObject({ email: 'matrix@example.ca', read_at: expect.any(String) });
    },
  },
  'GET /api/admin/exports/orders.csv': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/exports/orders.csv' }),
  },
  'GET /api/admin/exports/customers.csv': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/exports/customers.csv' }),
  },
  'GET /api/admin/exports/newsletter.csv': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/exports/newsletter.csv' }),
  },
  'GET /api/admin/exports/consent-log.csv': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/exports/consent-log.csv' }),
  },
  'GET /api/admin/reports/tax': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/reports/tax?from=2026-01-01&to=2026-12-31' }),
    verify: (res) => {
      expect(json(res)).toMatchObject({ by: 'month', periods: expect.any(Array), totals: expect.any(Array) });
    },
  },
  'GET /api/admin/reports/tax.csv': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/reports/tax.csv?from=2026-01-01&to=2026-12-31' }),
  },
  'POST /api/vitals': {
    audience: 'anonymous',
    ownership: { kind: 'public', status: 400 },
    request: () => ({ url: '/api/vitals', body: {} }),
  },
  'GET /api/admin/vitals': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/vitals' }),
    verify: (res) => {
      expect(json(res)).toMatchObject({ device: 'all', pages: expect.any(Array) });
    },
  },
  'GET /api/admin/overview': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/overview' }),
    verify: (res) => {
      expect(json(res)).toMatchObject({ daily: expect.any(Array), today: expect.any(Object) });
    },
  },
  'GET /api/admin/newsletter-signups': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/newsletter-signups' }),
  },
  'GET /api/orders/:id/timeline': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: (s) => ({ url: `/api/orders/${s.order.id}/timeline` }),
    verify: (res) => {
      expect(json(res)).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'created' })]));
    },
  },
  'POST /api/orders/:id/refunds': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 201 },
    // Customers try to refund A's order to themselves; the admin's refund of $1 goes through.
    request: (s) => ({
      url: `/api/orders/${s.order.id}/refunds`,
      body: { amount: 1, reason: 'Matrix check' },
    }),
    verify: (res, s) => {
      expect(json(res)).toMatchObject({
        id: s.order.id,
        refunded: 1,
        refunds: [{ amount: 1, status: 'succeeded' }],
      });
    },
  },
  'GET /api/ingredients': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/ingredients' }),
  },
  'GET /api/recipes': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/recipes' }),
  },
  'GET /api/recipes/by-id/:id': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: (s) => ({ url: `/api/recipes/by-id/${s.recipeId}` }),
    verify: (res, s) => expect(json(res)).toMatchObject({ id: s.recipeId }),
  },
  'GET /api/recipes/:id': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: (s) => ({ url: `/api/recipes/${s.recipeId}` }),
    verify: (res, s) => expect(json(res)).toMatchObject({ id: s.recipeId }),
  },
  'GET /api/recipes/:id/ingredients': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: (s) => ({ url: `/api/recipes/${s.recipeId}/ingredients` }),
  },
  'POST /api/recipes': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 201 },
    prepare: async () => ({ productId: await scratchProduct() }),
    request: (_s, _caller, target) => ({
      url: '/api/recipes',
      body: {
        product_id: target.productId,
        instructions: 'Mix. Bake.',
        yield_quantity: 12,
        yield_unit: 'bars',
      },
    }),
    verify: async (res, _s, _caller, target) => {
      expect(json(res)).toMatchObject({ product_id: target.productId });
    },
  },
  'POST /api/recipes/:id/ingredients': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 201 },
    prepare: async () => {
      const [row] = await db()
        .insert(recipes)
        .values({ productId: await scratchProduct(), name: 'Matrix scratch' })
        .returning({ id: recipes.id });
      return { recipeId: row!.id };
    },
    request: (s, _caller, target) => ({
      url: `/api/recipes/${target.recipeId}/ingredients`,
      body: { ingredient_id: s.ingredientId, quantity: 25, unit: 'g' },
    }),
    verify: (res, s, _caller, target) => {
      expect(json(res)).toMatchObject({ recipe_id: target.recipeId, ingredient_id: s.ingredientId });
    },
  },
  'GET /api/production-plan': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/production-plan' }),
  },
  'GET /api/admin/products': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: () => ({ url: '/api/admin/products' }),
  },
  'POST /api/products': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 201 },
    request: (s) => ({
      url: '/api/products',
      form: {
        name: `Matrix bar ${randomBytes(3).toString('hex')}`,
        description: 'Made by the authorization matrix.',
        price: '9.95',
        category_id: String(s.categoryId),
      },
    }),
    verify: (res) => expect(json(res)).toMatchObject({ price: 9.95 }),
  },
  'PATCH /api/products/:id': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    prepare: async () => ({ productId: await scratchProduct() }),
    request: (_s, _caller, target) => ({ url: `/api/products/${target.productId}`, body: { price: 1.23 } }),
    verify: async (_res, _s, _caller, target) => {
      const [row] = await db()
        .select()
        .from(products)
        .where(eq(products.id, Number(target.productId)));
      expect(row?.priceCents).toBe(123);
    },
  },
  // Decision 0039: the count changes by what happened, with its history.
  'POST /api/products/:id/stock-adjustments': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 201 },
    prepare: async () => {
      const productId = await scratchProduct();
      await db().update(products).set({ stock: 5 }).where(eq(products.id, productId));
      return { productId };
    },
    request: (_s, _caller, target) => ({
      url: `/api/products/${target.productId}/stock-adjustments`,
      body: { delta: 3, reason: 'received' },
    }),
    verify: async (_res, _s, _caller, target) => {
      const [row] = await db()
        .select()
        .from(products)
        .where(eq(products.id, Number(target.productId)));
      expect(row?.stock).toBe(8);
    },
  },
  'POST /api/admin/products/:id/preview-link': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 201 },
    request: (s) => ({ url: `/api/admin/products/${s.product.id}/preview-link` }),
  },
  'GET /api/admin/products/:id/stock-history': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    request: (s) => ({ url: `/api/admin/products/${s.product.id}/stock-history` }),
  },
  // Decision 0061: the gallery.
  'POST /api/products/:id/images': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 201 },
    prepare: async () => ({ productId: await scratchProduct() }),
    request: (_s, _caller, target) => ({
      url: `/api/products/${target.productId}/images`,
      form: {},
      file: { field: 'image', bytes: MATRIX_PNG, type: 'image/png' },
    }),
    verify: async (_res, _s, _caller, target) => {
      const rows = await db()
        .select()
        .from(schema.productImages)
        .where(eq(schema.productImages.productId, Number(target.productId)));
      expect(rows).toHaveLength(1);
    },
  },
  'PATCH /api/products/:id/images': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    prepare: async () => ({ productId: await galleryProduct() }),
    request: (_s, _caller, target) => ({
      url: `/api/products/${target.productId}/images`,
      body: {
        images: [
          { url: GALLERY_URLS[1], alt: 'Second first' },
          { url: GALLERY_URLS[0], alt: 'Then' },
        ],
      },
    }),
    verify: async (_res, _s, _caller, target) => {
      const [row] = await db()
        .select()
        .from(products)
        .where(eq(products.id, Number(target.productId)));
      expect(row?.imageUrl).toBe(GALLERY_URLS[1]);
    },
  },
  'DELETE /api/products/:id/images': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    prepare: async () => ({ productId: await galleryProduct() }),
    request: (_s, _caller, target) => ({
      url: `/api/products/${target.productId}/images?url=${encodeURIComponent(GALLERY_URLS[0])}`,
    }),
    verify: async (_res, _s, _caller, target) => {
      const [row] = await db()
        .select()
        .from(products)
        .where(eq(products.id, Number(target.productId)));
      expect(row?.imageUrl).toBe(GALLERY_URLS[1]);
    },
  },
  'DELETE /api/products/:id': {
    audience: 'admin',
    ownership: { kind: 'admin', status: 200 },
    prepare: async () => ({ productId: await scratchProduct() }),
    request: (_s, _caller, target) => ({ url: `/api/products/${target.productId}` }),
    verify: async (_res, _s, _caller, target) => {
      expect(
        await db()
          .select()
          .from(products)
          .where(eq(products.id, Number(target.productId))),
      ).toEqual([]);
    },
  },
};

function captureBody(s: Scene, email: string) {
  return { email, cartItems: [{ id: s.product.id, quantity: 3 }], total: 1 };
}

// ---------------------------------------------------------------------------------------------
// The rules the table and the routes must follow

const keyOf = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

const KIND_AUDIENCE: Record<Ownership['kind'], Audience> = {
  public: 'anonymous',
  admin: 'admin',
  owned: 'customer',
  own: 'customer',
};

/** What is wrong between the registered routes and the table, each said so the developer can act. */
function matrixProblems(routes: readonly RegisteredRoute[], table: Record<string, RouteSpec>): string[] {
  const problems: string[] = [];
  const registered = new Set<string>();
  for (const route of routes) {
    const key = keyOf(route);
    registered.add(key);
    const spec = table[key];
    if (!spec) {
      problems.push(
        `${key} (audience '${route.audience}') is not in the authorization matrix: declare it in ROUTES of ` +
          `${MATRIX_FILE} with its audience and how it treats another customer's resources.`,
      );
    } else if (spec.audience !== route.audience) {
      problems.push(
        `${key} is registered as '${route.audience}' but the authorization matrix declares ` +
          `'${spec.audience}': change one of them on purpose in ${MATRIX_FILE}.`,
      );
    }
  }
  for (const key of Object.keys(table)) {
    if (!registered.has(key)) {
      problems.push(
        `${key} is in the authorization matrix but no route answers it: remove it from ${MATRIX_FILE}.`,
      );
    }
  }
  return problems;
}

function expectedStatus(spec: RouteSpec, caller: Caller): number {
  const o = spec.ownership;
  if (o.kind === 'public') return o.status;
  if (caller === 'anonymous') return 401;
  if (o.kind === 'admin') return caller === 'admin' ? o.status : 403;
  if (o.kind === 'owned') return caller === 'customerA' ? o.a : caller === 'customerB' ? 404 : o.admin;
  return caller === 'customerA' ? o.a : caller === 'customerB' ? o.b : o.admin;
}

/** Refusals first; whoever is expected to succeed last, so its success cannot hide a refusal. */
function callOrder(spec: RouteSpec): Caller[] {
  if (spec.ownership.kind === 'admin') return ['anonymous', 'customerA', 'customerB', 'admin'];
  return ['anonymous', 'customerB', 'admin', 'customerA'];
}

// ---------------------------------------------------------------------------------------------
// Sending, and what must not change

function send(method: string, req: Req, token: string | undefined) {
  const options = token ? { token } : {};
  if (req.form) {
    const boundary = `matrix${randomBytes(8).toString('hex')}`;
    const fields = Object.entries(req.form)
      .map(
        ([name, value]) =>
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('');
    if (req.file) {
      const { field, bytes, type } = req.file;
      const head = `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="a.png"\r\ncontent-type: ${type}\r\n\r\n`;
      return t.app.inject({
        method: method as Method,
        url: req.url,
        remoteAddress: freshIp(),
        payload: Buffer.concat([Buffer.from(fields + head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    }
    const raw = fields + `--${boundary}--\r\n`;
    return f.call(method as Method, req.url, {
      ...options,
      raw,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }
  return f.call(method as Method, req.url, {
    ...options,
    ...(req.body !== undefined ? { body: req.body } : {}),
  });
}

/**
 * Written by the mail and job workers in the background: only which rows exist is compared, and a
 * row the workers removed meanwhile (the farewell e-mail's clean-up, a minute after an erasure) is
 * not the refused call's doing: a refused call must add none.
 */
const BACKGROUND_TABLES = new Set(['email_outbox', 'jobs']);

const stable = (row: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(row).sort(([x], [y]) => x.localeCompare(y))));

/** Every row of every table. */
async function wholeDatabase(): Promise<Record<string, string[]>> {
  const tables = Object.values(schema).filter((table) => is(table, PgTable)) as PgTable[];
  const contents = await Promise.all(
    tables.map(async (table) => {
      const name = getTableName(table);
      const rows = (await db().select().from(table)) as Record<string, unknown>[];
      return [name, rows.map((row) => (BACKGROUND_TABLES.has(name) ? String(row.id) : stable(row))).sort()];
    }),
  );
  return Object.fromEntries(contents) as Record<string, string[]>;
}

/** Everything of A's: the account, sessions, orders and lines, payment intents, saved carts, mail. */
async function footprintOf(s: Scene) {
  const id = s.a.id;
  const own = await db().select().from(orders).where(eq(orders.userId, id)).orderBy(orders.id);
  const lines =
    own.length === 0
      ? []
      : await db()
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              own.map((order) => order.id),
            ),
          )
          .orderBy(orderItems.id);
  return {
    user: await userRow(id),
    sessions: await db().select().from(sessions).where(eq(sessions.userId, id)).orderBy(sessions.tokenHash),
    orders: own,
    lines,
    intents: await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.userId, id))
      .orderBy(paymentIntents.id),
    carts: await db()
      .select()
      .from(abandonedCarts)
      .where(eq(abandonedCarts.userId, id))
      .orderBy(abandonedCarts.id),
    mail: (
      await db()
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(inArray(emailOutbox.to, [s.a.email, s.aShipEmail]))
        .orderBy(emailOutbox.id)
    ).map((row) => row.id),
  };
}

function expectUnchanged(before: Record<string, string[]>, after: Record<string, string[]>, what: string) {
  for (const name of Object.keys(before)) {
    if (BACKGROUND_TABLES.has(name)) {
      const kept = new Set(before[name]);
      expect(
        after[name]?.filter((id) => !kept.has(id)),
        `${what} added to the table ${name}`,
      ).toEqual([]);
    } else {
      expect(after[name], `${what} changed the table ${name}`).toEqual(before[name]);
    }
  }
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  // Each row compares the tables before and after one request. The payment reconciler's periodic
  // pass (every minute by default) stamps reconciled_at on intents over a minute old, which on a slow
  // run landed between a snapshot and the next and read as the request's change: here it passes only
  // at start-up, before any intent exists.
  t = await createTestApp({ env: { RECONCILE_INTERVAL_MS: String(3_600_000) } });
  const catalogue = await f.catalogue();
  const product = catalogue[0]!;
  const register = async (first: string) => {
    const password = `${first}-Snack-Password-${randomBytes(3).toString('hex')}`;
    const res = await f.call('POST', '/api/users/register', {
      body: {
        firstName: first,
        lastName: 'Matrix',
        email: uniqueEmail(first.toLowerCase()),
        phoneNumber: first === 'Alice' ? '604 555 0199' : '604 555 0188',
        password,
        isSubscribedEmail: true,
        isSubscribedPhone: false,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { token, user } = json<{ token: string; user: { id: number; email: string; phoneNumber: string } }>(
      res,
    );
    return { id: user.id, email: user.email, token, isAdmin: false, password, phoneNumber: user.phoneNumber };
  };
  const a = await register('Alice');
  const aShipEmail = uniqueEmail('alice.ships');
  const aStreet = `${randomBytes(4).toString('hex')} Alice Lane`;
  const b = await register('Bob');
  const [productRow] = await db().select().from(products).where(eq(products.id, product.id));
  const [category] = await db().select().from(categories).limit(1);
  const [recipe] = await db().select().from(recipes).orderBy(recipes.id).limit(1);
  const [ingredient] = await db().select().from(ingredients).orderBy(ingredients.id).limit(1);
  scene = {
    a,
    b,
    admin: await f.person({ isAdmin: true }),
    order: undefined as unknown as Order,
    product,
    productSlug: productRow!.slug,
    categoryId: category!.id,
    categorySlug: category!.slug,
    recipeId: recipe!.id,
    ingredientId: ingredient!.id,
    aShipEmail,
    aStreet,
    markers: [a.email, aShipEmail, aStreet, a.phoneNumber],
  };
  scene.order = await f.buy(a, [{ id: product.id, quantity: 1 }], { shipping: aShipping(scene) });
  expect(scene.order).toMatchObject({ user_id: a.id, status: 'Pending', is_paid: true });
}, 120_000);
afterAll(() => t?.close());

describe('the authorization matrix', () => {
  it('lists every registered /api route, each with the audience it is registered with', () => {
    const problems = matrixProblems(t.app.apiRoutes, ROUTES);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(Object.keys(ROUTES)).toHaveLength(t.app.apiRoutes.length);
  });

  it('tells the developer about a route added without an entry, one removed, and one moved', async () => {
    // The real app with one more route, as a developer would add it.
    const grown = await buildApp({ config: t.config, database: t.database });
    grown.get('/api/orders/:id/invoice', { config: { audience: 'customer' } }, async () => ({}));
    await grown.ready();
    try {
      expect(matrixProblems(grown.apiRoutes, ROUTES)).toEqual([
        expect.stringMatching(
          /^GET \/api\/orders\/:id\/invoice \(audience 'customer'\) is not in the authorization matrix: declare it in ROUTES of src\/server\/http\/authorization-matrix\.test\.ts/,
        ),
      ]);
    } finally {
      await grown.close();
    }
    const routes = t.app.apiRoutes.filter((route) => keyOf(route) !== 'GET /api/users/:id');
    expect(matrixProblems(routes, ROUTES)).toEqual([
      expect.stringMatching(/^GET \/api\/users\/:id is in the authorization matrix but no route answers it/),
    ]);
    const opened = t.app.apiRoutes.map((route) =>
      keyOf(route) === 'GET /api/orders' ? { ...route, audience: 'customer' as const } : route,
    );
    expect(matrixProblems(opened, ROUTES)).toEqual([
      expect.stringMatching(
        /^GET \/api\/orders is registered as 'customer' but the authorization matrix declares 'admin'/,
      ),
    ]);
  });

  it('declares an ownership that fits each audience, and a 404 for B wherever A owns the resource', () => {
    for (const [key, spec] of Object.entries(ROUTES)) {
      expect(KIND_AUDIENCE[spec.ownership.kind], key).toBe(spec.audience);
      const [anonymous, a, b, admin] = CALLERS.map((caller) => expectedStatus(spec, caller));
      if (spec.audience === 'admin') {
        expect([anonymous, a, b], key).toEqual([401, 403, 403]);
        expect(admin, `${key} must let the admin past`).toBeLessThan(400);
      }
      if (spec.audience === 'customer') expect(anonymous, key).toBe(401);
      if (spec.ownership.kind === 'owned') {
        expect(b, key).toBe(404);
        expect(a, `${key} must work for its owner`).toBeLessThan(300);
      }
    }
    // What is a customer's own (docs/product.md, Who uses it): their record, password, orders and
    // payments.
    for (const key of [
      'GET /api/users/:id',
      'PATCH /api/users/:id',
      'POST /api/users/:id/password',
      'GET /api/users/:userId/orders',
      'GET /api/orders/:id',
      'GET /api/orders/:id/receipt.pdf',
      'GET /api/orders/:id/refunds/:refundId/credit-note.pdf',
      'PATCH /api/orders/:id',
      'POST /api/orders/:id/cancel',
      'POST /api/orders',
      'POST /api/payments/test/confirm',
      'POST /api/payments/test/authenticate',
      'POST /api/subscriptions/:id/card',
    ]) {
      expect(ROUTES[key]?.ownership.kind, key).toBe('owned');
    }
  });

  it.each(Object.keys(ROUTES))('%s answers each of the four callers as declared', async (key) => {
    const spec = ROUTES[key]!;
    const route = t.app.apiRoutes.find((r) => keyOf(r) === key);
    expect(route, `${key} is not registered`).toBeDefined();
    const method = route!.method;
    const s = scene;
    const target = spec.prepare ? await spec.prepare(s) : {};
    const answers: Partial<Record<Caller, { status: number; body: string }>> = {};

    for (const caller of callOrder(spec)) {
      const what = `${caller}: ${key}`;
      const who = caller === 'anonymous' ? undefined : person(s, caller);
      const req = await spec.request(s, caller, target);
      const expected = expectedStatus(spec, caller);
      const stranger = caller === 'anonymous' || caller === 'customerB';
      const databaseBefore = expected >= 400 ? await wholeDatabase() : undefined;
      const aBefore = stranger ? await footprintOf(s) : undefined;

      const res = await send(method, req, req.token ?? who?.token);
      answers[caller] = { status: res.statusCode, body: res.body };
      expect(res.statusCode, `${what} -> ${res.body}`).toBe(expected);

      if (res.statusCode >= 400) {
        expect(Object.keys(json(res)), `${what}: a refusal is { message }`).toEqual(['message']);
      }
      if (spec.audience !== 'anonymous' && caller === 'anonymous') {
        expect(json(res), what).toEqual({ message: messages.signInRequired });
      }
      if (spec.audience === 'admin' && (caller === 'customerA' || caller === 'customerB')) {
        expect(json(res), what).toEqual({ message: messages.forbidden });
      }
      if (spec.ownership.kind === 'owned' && caller === 'customerB') {
        expect(json(res), what).toEqual({ message: spec.ownership.notFound });
      }
      if (spec.ownership.kind === 'own' && spec.ownership.refusal && caller === 'customerB') {
        expect(json(res), what).toEqual({ message: spec.ownership.refusal });
      }

      // A refused call changes nothing at all; nothing a stranger does touches anything of A's.
      if (databaseBefore) expectUnchanged(databaseBefore, await wholeDatabase(), what);
      if (aBefore) expect(await footprintOf(s), `${what} changed something of A's`).toEqual(aBefore);

      // A stranger never sees A's data (unless they sent it themselves).
      if (stranger) {
        const sent = JSON.stringify(req);
        for (const marker of s.markers) {
          if (!sent.includes(marker)) expect(res.body, `${what} shows A's ${marker}`).not.toContain(marker);
        }
      }

      if (res.statusCode < 300 && caller !== 'anonymous' && spec.verify) {
        await spec.verify(res, s, caller, target);
      }
    }

    // B's refusal says nothing about A: it is word for word the answer for something that does not exist.
    const missing =
      spec.ownership.kind === 'owned' || spec.ownership.kind === 'own' ? spec.ownership.missing : undefined;
    if (missing) {
      const res = await send(method, missing(s, target), s.b.token);
      expect({ status: res.statusCode, body: res.body }, `customerB: ${key}, for something missing`).toEqual(
        answers.customerB,
      );
    }
    if (spec.ownership.kind === 'public') {
      expect(new Set(Object.values(answers).map((answer) => answer.status)).size, key).toBe(1);
    }
  });

  it('ran every route as all four callers', () => {
    expect(CALLERS).toHaveLength(4);
    for (const spec of Object.values(ROUTES)) expect(new Set(callOrder(spec))).toEqual(new Set(CALLERS));
  });
});
