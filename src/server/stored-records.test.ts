/**
 * Records that outlive a deploy (decision 0047), as today's code writes them: the code paths run
 * against the real app (a customer's order and refund, their consent and account deletion with
 * Klaviyo on, an abandoned cart and its reminder e-mail, the daily jobs), then every job payload,
 * checkout snapshot, outbox header map and saved cart is read back from the database and parsed
 * with its schema. Fixed samples of the same rows, as JSON, are kept below: they keep parsing after
 * the code that wrote them changes, which is what a later build reading an older build's rows needs.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { abandonedCartItemsSchema } from '../domain/stored/abandoned-cart-items.js';
import { parseCheckoutSnapshot, type CheckoutSnapshotInput } from '../domain/stored/checkout-snapshot.js';
import { outboxHeadersColumnSchema } from '../domain/stored/outbox-headers.js';
import { abandonedCarts, emailOutbox, jobs, marketingConsents, paymentIntents } from './db/schema.js';
import { reminderJob } from './modules/abandoned-carts/service.js';
import { klaviyoConsentJob } from './modules/consent/klaviyo-consent.js';
import { imageCollectionJob } from './modules/images/garbage.js';
import type { JobDefinition } from './modules/jobs/queue.js';
import { refundJob } from './modules/jobs/refund-job.js';
import { housekeepingJob } from './modules/maintenance/housekeeping.js';
import { klaviyoSubscribeJob } from './modules/marketing/klaviyo.js';
import { REFUND_JOB } from './modules/orders/service.js';
import type { IntentCheckout } from './modules/checkout/snapshot.js';
import { farewellCleanupJob } from './modules/privacy/erasure.js';
import { klaviyoDeleteJob } from './modules/privacy/klaviyo-deletion.js';
import { privacyFixtures, type Footprint } from './modules/privacy/privacy-test-kit.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

/** Every job type of the jobs table: a row of a type missing here fails the first test. */
const definitions: JobDefinition[] = [
  reminderJob,
  refundJob,
  klaviyoSubscribeJob,
  klaviyoConsentJob,
  klaviyoDeleteJob,
  farewellCleanupJob,
  housekeepingJob,
  imageCollectionJob,
];
const definitionOf = new Map(definitions.map((definition) => [definition.type, definition]));

/** Klaviyo, answering 202 to every call (consent, deletion) as it does. */
const klaviyoCalls: string[] = [];
const klaviyoFetch = (async (input: string | URL | Request) => {
  klaviyoCalls.push(String(input));
  return new Response(null, { status: 202 });
}) as typeof fetch;
let t: TestApp;
const f = privacyFixtures(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { KLAVIYO_PRIVATE_KEY: 'pk_stored_test', KLAVIYO_LIST_ID: 'LIST1', JOBS_POLL_MS: '600000' },
    app: { klaviyoFetch },
  });
}, 60_000);
afterAll(() => t?.close());

/** Makes every unfinished job due and runs what is due. */
async function runEverything() {
  await db()
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 60_000) })
    .where(isNull(jobs.completedAt));
  await t.app.jobs.runDue();
}

describe('records written by today’s code', () => {
  it('parse with their schemas, and the jobs among them run without any parked', async () => {
    const admin = await f.person({ isAdmin: true });
    // An order (its payment intent's snapshot), a refund (its job), consent (Klaviyo jobs).
    const customer: Footprint = await f.footprint({ admin });
    // A second customer deletes their account: the farewell job, Klaviyo's deletion job, and their
    // payment intent's snapshot anonymised (decision 0043).
    const leaving = await f.footprint();
    const erased = await f.call('POST', `/api/users/${leaving.id}/erasure`, {
      token: leaving.token,
      body: { currentPassword: leaving.password },
    });
    expect(erased.statusCode, erased.body).toBe(204);
    // A shopper who accepts marketing e-mail leaves a cart at checkout: the saved cart, its reminder
    // job, then the reminder with its List-Unsubscribe headers.
    const shopper = await f.person();
    await db()
      .insert(marketingConsents)
      .values({ email: shopper.email.toLowerCase(), channel: 'email', granted: true, userId: shopper.id });
    const [product] = await f.catalogue();
    const captured = await f.call('POST', '/api/abandoned-cart', {
      token: shopper.token,
      body: { email: shopper.email, cartItems: [{ id: product!.id, quantity: 2 }], total: 20 },
    });
    expect(captured.statusCode, captured.body).toBe(200);
    // Klaviyo's deletion job forgets the address once Klaviyo has the request: `{ erased: true }`.
    await runEverything();

    const jobRows = await db().select().from(jobs).orderBy(jobs.id);
    const types = new Set(jobRows.map((row) => row.type));
    for (const type of [
      reminderJob.type,
      refundJob.type,
      klaviyoConsentJob.type,
      klaviyoDeleteJob.type,
      farewellCleanupJob.type,
      housekeepingJob.type,
      imageCollectionJob.type,
    ]) {
      expect(types, type).toContain(type);
    }
    for (const row of jobRows) {
      const definition = definitionOf.get(row.type);
      expect(definition, `a definition for ${row.type}`).toBeDefined();
      const parsed = definition!.schema.safeParse(row.payload);
      expect(parsed.error?.issues, `${row.type} ${JSON.stringify(row.payload)}`).toBeUndefined();
      expect(row.lastError ?? '').not.toMatch(/does not parse|cannot read/);
    }
    expect(jobRows.find((row) => row.type === klaviyoDeleteJob.type)?.payload).toEqual({ erased: true });
    expect(klaviyoCalls).toContain('https://a.klaviyo.com/api/data-privacy-deletion-jobs');
    // The refund job too, through its typed registration in app.ts: the refund went out at once, so
    // sending it again by its key changes nothing.
    expect(jobRows.find((row) => row.type === refundJob.type)?.completedAt).toBeInstanceOf(Date);

    const intents = await db().select({ checkout: paymentIntents.checkout }).from(paymentIntents);
    expect(intents.length).toBeGreaterThanOrEqual(2);
    const snapshots = intents.map((row) => parseCheckoutSnapshot(row.checkout));
    expect(snapshots.map((snapshot) => snapshot.shippingInfo.email)).toContain(customer.email);
    expect(snapshots.map((snapshot) => snapshot.shippingInfo.email)).toContain('[erased]');

    const outbox = await db().select({ headers: emailOutbox.headers }).from(emailOutbox);
    const headers = outbox.map((row) => outboxHeadersColumnSchema.parse(row.headers));
    expect(headers).toContain(null);
    expect(headers.some((each) => each?.['List-Unsubscribe'])).toBe(true);

    const carts = await db().select().from(abandonedCarts);
    expect(carts.length).toBeGreaterThanOrEqual(2);
    for (const cart of carts)
      expect(abandonedCartItemsSchema.parse(cart.cartItems).length).toBeGreaterThan(0);
    const [saved] = await db().select().from(abandonedCarts).where(eq(abandonedCarts.userId, shopper.id));
    expect(saved!.reminderSentAt).toBeInstanceOf(Date);
  });

  it('the checkout writes what parseCheckoutSnapshot reads (types)', () => {
    expectTypeOf<IntentCheckout>().toExtend<CheckoutSnapshotInput>();
    expect(refundJob.type).toBe(REFUND_JOB);
  });
});

/**
 * Rows as the code wrote them on 2026-11-28, read back from a test database (jsonb's text, addresses
 * replaced), with the payload newsletter sign-ups gave `klaviyo.subscribe` before decision 0042 and
 * the headers outbox.ts writes for an https unsubscribe link (the test app's is http).
 */
const SAMPLES = {
  jobs: [
    ['abandoned-cart.reminder', '{"cartId": 3}'],
    ['orders.refund', '{"idempotencyKey": "refund-order-1-1"}'],
    ['klaviyo.subscribe', '{"email": "ada@example.ca", "source": "Newsletter sign-up"}'],
    ['klaviyo.consent', '{"email": "ada@example.ca"}'],
    ['klaviyo.delete-profile', '{"email": "ada@example.ca"}'],
    ['klaviyo.delete-profile', '{"erased": true}'],
    ['privacy.forget-farewell', '{"emailId": 12}'],
    ['maintenance.housekeeping', '{"runAt": "2026-11-29T08:00:00.000Z"}'],
    ['images.collect-garbage', '{"runAt": "2026-11-29T08:00:00.000Z"}'],
  ],
  checkout: [
    '{"lines": [{"sku": "NB-GR-MAL-360", "name": "Maple Almond Granola", "quantity": 2, "productId": 9, "priceCents": 1195}], "totals": {"taxCents": 120, "totalCents": 3010, "shippingCents": 500, "subtotalCents": 2390}, "shippingInfo": {"city": "Vancouver", "email": "ada@example.ca", "state": "British Columbia", "country": "Canada", "address1": "Maple House, 12 Cedar Road", "lastName": "Maple", "firstName": "Ada", "postalCode": "V5K 0A1", "phoneNumber": "+16045550101"}}',
    '{"lines": [{"sku": "NB-GR-MAL-360", "name": "Maple Almond Granola", "quantity": 2, "productId": 9, "priceCents": 1195}], "totals": {"taxCents": 120, "totalCents": 3010, "shippingCents": 500, "subtotalCents": 2390}, "shippingInfo": {"city": "Vancouver", "email": "[erased]", "state": "British Columbia", "country": "Canada", "address1": "[erased]", "lastName": "[erased]", "firstName": "[erased]", "postalCode": "V5K", "phoneNumber": "[erased]"}}',
  ],
  headers: [
    'null',
    '{"List-Unsubscribe": "<http://localhost:3000/unsubscribe?token=eyJlIjoic2hvcHBlci4yLjQyMjhkZUBleGFtcGxlLmNhIiwiaSI6MTc5NTg5MjYzMywibiI6ImU3ZkFFNU5qbVlOa2MyOXgifQ.5-eYuS-l1upvOiewweLKRMbl8-IZzfqHgVOVrrHBrEI>"}',
    '{"List-Unsubscribe": "<https://northbite.example/unsubscribe?token=abc.def>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}',
  ],
  cartItems: ['[{"id": 9, "quantity": 2}]', '[{"id": 9, "quantity": 3}, {"id": 4, "quantity": 1}]'],
};

describe('fixed samples of today’s rows', () => {
  it.each(SAMPLES.jobs)('job %s %s parses', (type, json) => {
    expect(definitionOf.get(type)!.schema.safeParse(JSON.parse(json)).error?.issues).toBeUndefined();
  });

  it.each(SAMPLES.checkout)('checkout snapshot %s parses', (json) => {
    expect(() => parseCheckoutSnapshot(JSON.parse(json))).not.toThrow();
  });

  it.each(SAMPLES.headers)('outbox headers %s parse', (json) => {
    expect(outboxHeadersColumnSchema.safeParse(JSON.parse(json)).error?.issues).toBeUndefined();
  });

  it.each(SAMPLES.cartItems)('cart items %s parse', (json) => {
    expect(abandonedCartItemsSchema.safeParse(JSON.parse(json)).error?.issues).toBeUndefined();
  });

  it('every job type has a sample', () => {
    expect(new Set(SAMPLES.jobs.map(([type]) => type))).toEqual(new Set(definitionOf.keys()));
  });
});
