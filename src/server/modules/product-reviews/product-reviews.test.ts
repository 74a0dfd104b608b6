/**
 * Product reviews through the real app (decision 0063), on PGlite and PostgreSQL: who may write one,
 * one per customer and product (a second POST edits), moderation, the public list and summary, the
 * product's `rating` in the catalogue, helpful votes, and what an erased account leaves.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '../../../domain/catalog-schemas.js';
import {
  adminProductReviewPageSchema,
  myProductReviewSchema,
  productReviewPageSchema,
} from '../../../domain/product-review-schemas.js';
import { productReviewMessages } from '../../../domain/product-reviews.js';
import { orders, productReviews, products, users } from '../../db/schema.js';
import {
  checkoutFixtures,
  expectMessage,
  type CatalogueProduct,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;
let admin: Person;
let product: CatalogueProduct;
let slug: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLL_MS: '600000' } });
  admin = await f.person({ isAdmin: true, emailVerified: true });
  product = (await f.catalogue())[0]!;
  [{ slug }] = (await db()
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.id, product.id))) as [{ slug: string }];
});
afterAll(() => t?.close());

const review = (overrides: Record<string, unknown> = {}) => ({
  rating: 5,
  title: 'Chewy and rich',
  text: 'The best protein cookie I have had, not chalky at all.',
  ...overrides,
});

/** A customer with a paid order of the product, paid `paidDaysAgo` days ago, in `status`. */
async function buyer(
  { paidDaysAgo = 0, status }: { paidDaysAgo?: number; status?: 'Delivered' } = {},
  name: { firstName: string; lastName: string } = { firstName: 'Jane', lastName: 'Doe' },
): Promise<Person & { orderId: number }> {
  const who = await f.person({ emailVerified: true });
  await db().update(users).set(name).where(eq(users.id, who.id));
  const order = await f.buy(who, [{ id: product.id, quantity: 1 }]);
  if (paidDaysAgo) {
    await db()
      .update(orders)
      .set({ paidAt: new Date(Date.now() - paidDaysAgo * DAY) })
      .where(eq(orders.id, order.id));
  }
  if (status) {
    const res = await f.call('PATCH', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...who, orderId: order.id };
}

const post = (who: Person, body: unknown, to = slug) =>
  f.call('POST', `/api/products/${to}/reviews`, { token: who.token, body });
const list = async (query = '') => {
  const res = await f.call('GET', `/api/products/${slug}/reviews${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return productReviewPageSchema.parse(res.json());
};
const ratingOf = async () => {
  const res = await f.call('GET', `/api/products/${slug}`);
  return productSchema.parse(res.json()).rating;
};
const moderate = (id: number, body: unknown, token = admin.token) =>
  f.call('PATCH', `/api/admin/product-reviews/${id}`, { token, body });
const setModeration = async (moderation: boolean) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/review-settings',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { moderation },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('who may review', () => {
  it('refuses a customer whose order is not delivered and was paid 3 days ago (403)', async () => {
    const who = await buyer({ paidDaysAgo: 3 });
    expectMessage(await post(who, review()), 403, productReviewMessages.notEligible);
    const mine = myProductReviewSchema.parse(
      (await f.call('GET', `/api/products/${slug}/reviews/mine`, { token: who.token })).json(),
    );
    expect(mine).toMatchObject({ eligible: false, review: null, displayName: 'Jane D.' });
  });

  it('refuses anonymous callers (401) and customers without an order of it (403)', async () => {
    expectMessage(await f.call('POST', `/api/products/${slug}/reviews`, { body: review() }), 401);
    expectMessage(await post(await f.person(), review()), 403, productReviewMessages.notEligible);
  });

  it('takes a customer whose order reached Delivered (201)', async () => {
    const who = await buyer({ status: 'Delivered' });
    const res = await post(who, review());
    expect(res.statusCode, res.body).toBe(201);
    expect(myProductReviewSchema.parse(res.json())).toMatchObject({
      eligible: true,
      review: { rating: 5, status: 'pending', showName: false },
    });
  });

  it('takes a customer whose order was paid 15 days ago, and a second POST edits the review', async () => {
    const who = await buyer({ paidDaysAgo: 15 });
    expect((await post(who, review())).statusCode).toBe(201);
    const res = await post(who, review({ rating: 3, title: 'Edited' }));
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db().select().from(productReviews).where(eq(productReviews.userId, who.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 3, title: 'Edited', status: 'pending' });
  });

  it('answers 404 for an unknown product and 400 for a bad payload', async () => {
    const who = await buyer({ status: 'Delivered' });
    expectMessage(await post(who, review(), 'no-such-product'), 404);
    expectMessage(await post(who, review({ rating: 6 })), 400);
    expectMessage(await post(who, review({ text: 'x'.repeat(2001) })), 400);
    expectMessage(await post(who, review({ title: '' })), 400);
  });
});

describe('moderation, the list and the average', () => {
  it('shows nothing pending; publishing shows it with the rating on the product; hiding takes it out', async () => {
    const before = await list();
    const ratingBefore = await ratingOf();
    const who = await buyer({ status: 'Delivered' }, { firstName: 'Marie', lastName: 'tremblay' });
    await post(who, review({ rating: 4, showName: true }));
    const [row] = await db().select().from(productReviews).where(eq(productReviews.userId, who.id));
    expect((await list()).summary.count).toBe(before.summary.count);

    const published = await moderate(row!.id, { status: 'published', reply: 'Thank you, Marie!' });
    expect(published.statusCode, published.body).toBe(200);
    const after = await list();
    expect(after.summary.count).toBe(before.summary.count + 1);
    expect(after.summary.distribution[4]).toBe(before.summary.distribution[4] + 1);
    expect(after.reviews[0]).toMatchObject({
      id: row!.id,
      author: 'Marie T.',
      rating: 4,
      reply: { text: 'Thank you, Marie!' },
    });
    expect((await ratingOf()).count).toBe(ratingBefore.count + 1);

    // An edit goes back to moderation: gone from the list until published again.
    await post(who, review({ rating: 2, showName: true }));
    expect((await list()).summary.count).toBe(before.summary.count);
    expect((await moderate(row!.id, { status: 'published' })).statusCode).toBe(200);

    expect((await moderate(row!.id, { status: 'hidden' })).statusCode).toBe(200);
    const hidden = await list();
    expect(hidden.summary).toEqual(before.summary);
    expect(hidden.reviews.map((r) => r.id)).not.toContain(row!.id);
    expect(await ratingOf()).toEqual(ratingBefore);
  });

  it('publishes at once with moderation off, and the admin filters by status', async () => {
    await setModeration(false);
    try {
      const who = await buyer({ status: 'Delivered' });
      const res = await post(who, review({ rating: 1, title: 'Not for me' }));
      expect(myProductReviewSchema.parse(res.json()).review?.status).toBe('published');
      const page = await list();
      expect(page.reviews[0]?.title).toBe('Not for me');
      expect(page.reviews[0]?.author).toBe('Verified buyer');
      const admins = await f.call('GET', '/api/admin/product-reviews?status=published', {
        token: admin.token,
      });
      const parsed = adminProductReviewPageSchema.parse(admins.json());
      expect(parsed.reviews.every((r) => r.status === 'published')).toBe(true);
      expect(parsed.reviews.map((r) => r.title)).toContain('Not for me');
    } finally {
      await setModeration(true);
    }
    const settings = await f.call('GET', '/api/admin/review-settings', { token: admin.token });
    expect(settings.json()).toEqual({ moderation: true });
  });

  it('sorts by helpful votes, one per shopper, none for one’s own', async () => {
    await setModeration(false);
    let first: Person & { orderId: number };
    let second: Person & { orderId: number };
    try {
      first = await buyer({ status: 'Delivered' });
      second = await buyer({ status: 'Delivered' });
      await post(first, review({ title: 'Older one' }));
      await post(second, review({ title: 'Newer one' }));
    } finally {
      await setModeration(true);
    }
    const [older] = await db().select().from(productReviews).where(eq(productReviews.userId, first.id));
    const voter = await f.person();
    const vote = (who: Person) =>
      f.call('POST', `/api/product-reviews/${older!.id}/helpful`, { token: who.token });
    expect((await vote(voter)).json()).toEqual({ helpful_count: 1 });
    expect((await vote(voter)).json()).toEqual({ helpful_count: 1 });
    expectMessage(await vote(first), 403, productReviewMessages.ownVote);
    expectMessage(
      await f.call('POST', '/api/product-reviews/2000000000/helpful', { token: voter.token }),
      404,
    );
    const helpful = await list('?sort=helpful');
    expect(helpful.reviews[0]?.id).toBe(older!.id);
    const newest = await list('?sort=newest');
    expect(newest.reviews[0]?.title).toBe('Newer one');
    expectMessage(await f.call('GET', `/api/products/${slug}/reviews?sort=stars`), 400);
    expectMessage(await f.call('GET', `/api/products/${slug}/reviews?page=0`), 400);
  });
});

describe('an erased account', () => {
  it('takes its reviews with it, and the export lists them before', async () => {
    await setModeration(false);
    let who: Person & { orderId: number };
    try {
      who = await buyer({ status: 'Delivered' });
      await post(who, review({ title: 'Mine to take back' }));
    } finally {
      await setModeration(true);
    }
    const exported = await f.call('GET', `/api/users/${who.id}/data-export`, { token: who.token });
    expect(exported.statusCode, exported.body).toBe(200);
    expect((exported.json() as { productReviews: { title: string }[] }).productReviews).toMatchObject([
      { title: 'Mine to take back', status: 'published' },
    ]);
    const countBefore = (await ratingOf()).count;
    const res = await f.call('DELETE', `/api/users/${who.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await db().select().from(productReviews).where(eq(productReviews.userId, who.id))).toEqual([]);
    expect((await list()).reviews.map((r) => r.title)).not.toContain('Mine to take back');
    expect((await ratingOf()).count).toBe(countBefore - 1);
  });
});
