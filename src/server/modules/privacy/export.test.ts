/**
 * "Download my data" (decision 0043): the owner's every record and nobody else's, as an attachment
 * never cached, with no secret in it; refused to anyone but the owner and to a restore session;
 * limited to a few an hour.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import { dataExportSchema, privacyMessages, type DataExport } from '../../../domain/privacy.js';
import {
  paymentMethods,
  products,
  sessions,
  subscriptionEvents,
  subscriptionItems,
  subscriptions,
  users,
} from '../../db/schema.js';
import { expectMessage, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { privacyFixtures, type Footprint } from './privacy-test-kit.js';

let t: TestApp;
let admin: Person;
let alice: Footprint;
let bob: Footprint;
const f = privacyFixtures(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await f.person({ isAdmin: true });
  alice = await f.footprint({ admin });
  bob = await f.footprint({ admin });
}, 60_000);
afterAll(() => t?.close());

const download = (who: Person, userId = who.id, ip?: string) =>
  f.call('GET', `/api/users/${userId}/data-export`, { token: who.token, ...(ip ? { ip } : {}) });

describe('GET /api/users/{id}/data-export', () => {
  it("holds every record of the owner's and none of another person's", async () => {
    const res = await download(alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="northbite-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = dataExportSchema.parse(res.json()) as DataExport;

    expect(data.account).toMatchObject({
      id: alice.id,
      email: alice.email,
      firstName: alice.firstName,
      lastName: alice.lastName,
      phoneNumber: alice.phoneNumber,
      hasPassword: true,
    });
    expect(data.addresses.map((a) => a.source)).toEqual(['account', 'order']);
    expect(data.orders.map((o) => o.id)).toEqual([alice.order.id]);
    const [order] = data.orders;
    expect(order!.items.length).toBeGreaterThan(0);
    expect(order!.refunds).toHaveLength(1);
    expect(order!.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'paid', 'refund']));
    // The admin who refunded is named by role only.
    expect(order!.timeline.every((e) => e.actor.kind !== 'admin' || e.actor.name === null)).toBe(true);
    expect(data.payments.map((p) => p.id)).toContain(alice.order.payment_intent_id);
    expect(data.marketingConsents.map((c) => c.channel).sort()).toEqual(['email', 'sms']);
    expect(data.consentEvents).toHaveLength(2);
    expect(data.newsletter).toEqual([expect.objectContaining({ email: alice.email })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ email: alice.email })]);
    expect(data.savedCarts).toHaveLength(1);
    expect(data.savedAddresses).toEqual([
      expect.objectContaining({
        firstName: alice.firstName,
        address1: `${alice.lastName} Cottage, 7 Alder Lane`,
        postalCode: 'V6B 1A1',
        isDefault: true,
      }),
    ]);
    // The account's address is the default's summary.
    expect(data.account.address).toBe(
      `${alice.lastName} Cottage, 7 Alder Lane, Vancouver, British Columbia V6B 1A1`,
    );
    expect(data.sessions.some((s) => s.current)).toBe(true);
    expect(data.emails.length).toBeGreaterThan(0);

    // Nothing of Bob's, and no secret.
    const text = res.body;
    for (const marker of [
      bob.email,
      bob.firstName,
      bob.lastName,
      bob.phoneNumber,
      bob.order.payment_intent_id!,
    ]) {
      expect(text).not.toContain(marker);
    }
    const [row] = await db().select().from(users).where(eq(users.id, alice.id));
    expect(text).not.toContain(row!.passwordHash!);
    for (const session of await db().select().from(sessions).where(eq(sessions.userId, alice.id))) {
      expect(text).not.toContain(session.tokenHash);
    }
    expect(text).not.toContain(createHash('sha256').update(alice.token).digest('hex'));
    expect(text).not.toMatch(/tokenHash|token_hash|password_hash|passwordHash|client_secret/i);
  });

  it("holds the owner's subscriptions with their items, card and history, and none of another's", async () => {
    const [card] = await db()
      .insert(paymentMethods)
      .values({
        userId: alice.id,
        provider: 'test',
        methodRef: 'pm_test_renews_export',
        brand: 'Visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2031,
      })
      .returning();
    const [product] = await db().select().from(products).limit(1);
    const [row] = await db()
      .insert(subscriptions)
      .values({
        userId: alice.id,
        intervalWeeks: 4,
        nextOrderAt: new Date('2031-01-09T17:00:00Z'),
        lastOrderAt: new Date(),
        paymentMethodId: card!.id,
        shippingInfo: { address1: '1055 Canada Place', city: 'Vancouver' },
      })
      .returning();
    await db()
      .insert(subscriptionItems)
      .values({ subscriptionId: row!.id, productId: product!.id, quantity: 2 });
    await db()
      .insert(subscriptionEvents)
      .values({ subscriptionId: row!.id, kind: 'created', summary: 'Subscribed', actorKind: 'customer' });

    const data = dataExportSchema.parse((await download(alice)).json()) as DataExport;
    expect(data.subscriptions).toEqual([
      expect.objectContaining({
        id: row!.id,
        status: 'active',
        intervalWeeks: 4,
        nextOrderAt: '2031-01-09T17:00:00.000Z',
        items: [{ productId: product!.id, name: product!.name, quantity: 2 }],
        card: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2031 },
        history: [expect.objectContaining({ kind: 'created', summary: 'Subscribed' })],
      }),
    ]);
    const other = dataExportSchema.parse((await download(bob)).json()) as DataExport;
    expect(other.subscriptions).toEqual([]);
  });

  it('leaves out records kept by an address the account has not proved is its own', async () => {
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, bob.id));
    const res = await download(bob);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as DataExport;
    expect(data.newsletter).toEqual([]);
    expect(data.contactMessages).toEqual([]);
    // Consents tied to the account itself still show.
    expect(data.marketingConsents).toHaveLength(2);
    expect(data.orders.map((o) => o.id)).toEqual([bob.order.id]);
  });

  it('is the owner’s alone: anonymous 401, another customer and an admin 403, a restore session 403', async () => {
    expectMessage(await f.call('GET', `/api/users/${alice.id}/data-export`), 401, messages.signInRequired);
    expectMessage(await download(bob, alice.id), 403, privacyMessages.ownDataOnly);
    expectMessage(await download(admin, alice.id), 403, privacyMessages.ownDataOnly);
    // The same answer for an account that does not exist: nothing is told about who has one.
    expectMessage(await download(bob, 2_000_000_000), 403, privacyMessages.ownDataOnly);
    const restore = await f.person();
    await db().update(sessions).set({ kind: 'restore' }).where(eq(sessions.userId, restore.id));
    expectMessage(await download(restore), 403, messages.fullSessionRequired);
  });

  it('allows a few an hour per account, from any client address', async () => {
    const someone = await f.person();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await download(someone)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expectMessage(await download(someone), 429, messages.tooManyRequests);
    // Another account is not held back by it.
    expect((await download(await f.person())).statusCode).toBe(200);
  });
});
