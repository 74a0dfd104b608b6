/**
 * CSV exports (issue 17) through the real app: the columns, one row per order line, consent flags,
 * formula escaping, admins only, and a table larger than one page read in pages.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { messages } from '../../../domain/messages.js';
import { newsletterSubscribers, users } from '../../db/schema.js';
import { checkoutFixtures, expectMessage, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { ORDER_COLUMNS } from './service.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;
let shopper: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await f.person({ isAdmin: true });
  shopper = await f.person();
  // A shopper whose name is a formula: the spreadsheet must show it, not run it.
  await t.database.db
    .update(users)
    .set({ firstName: '=HYPERLINK("http://evil.example","x")', lastName: '+1', isSubscribedEmail: false })
    .where(eq(users.id, shopper.id));
});
afterAll(() => t?.close());

const download = async (file: string, token = admin.token) =>
  f.call('GET', `/api/admin/exports/${file}`, { token });
const rowsOf = (body: string) =>
  parse(body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

describe('GET /api/admin/exports/*.csv', () => {
  it('orders.csv: one row per item with the order figures, formula-like cells escaped', async () => {
    const catalogue = await f.catalogue();
    const order = await f.buy(
      shopper,
      [
        { id: catalogue[0]!.id, quantity: 2 },
        { id: catalogue[1]!.id, quantity: 1 },
      ],
      { shipping: { firstName: '@SUM(A1)', address1: '-1 Main St' } },
    );
    const res = await download('orders.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="northbite-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = rowsOf(res.body);
    expect(Object.keys(rows[0]!)).toEqual(ORDER_COLUMNS);
    const mine = rows.filter((r) => r.order_id === String(order.id));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      status: 'Pending',
      paid: 'yes',
      quantity: '2',
      unit_price: (catalogue[0]!.priceCents / 100).toFixed(2),
      line_total: ((catalogue[0]!.priceCents * 2) / 100).toFixed(2),
      order_total: order.total.toFixed(2),
      order_refunded: '0.00',
      // Escaped with a leading ' so that no spreadsheet runs them.
      first_name: "'@SUM(A1)",
      address: "'-1 Main St",
    });
  });

  it('customers.csv: every account with its consent flags, formulas escaped', async () => {
    const rows = rowsOf((await download('customers.csv')).body);
    const row = rows.find((r) => r.id === String(shopper.id))!;
    expect(row).toMatchObject({
      email: shopper.email,
      first_name: `'=HYPERLINK("http://evil.example","x")`,
      last_name: "'+1",
      email_confirmed: 'no',
      email_marketing: 'no',
      sms_marketing: 'yes',
      admin: 'no',
    });
  });

  it('newsletter.csv: every sign-up, read a page at a time (2,500 rows)', async () => {
    await t.database.db
      .insert(newsletterSubscribers)
      .values(Array.from({ length: 2500 }, (_, i) => ({ email: `reader${i}@example.ca`, source: 'import' })));
    const res = await download('newsletter.csv');
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(2500);
    expect(rows[0]).toMatchObject({ email: 'reader0@example.ca', source: 'import' });
    expect(rows.at(-1)).toMatchObject({ email: 'reader2499@example.ca' });
    expect(new Set(rows.map((r) => r.id)).size).toBe(2500);
  });

  it.each(['orders.csv', 'customers.csv', 'newsletter.csv'])('%s is for admins only', async (file) => {
    expectMessage(await f.call('GET', `/api/admin/exports/${file}`), 401, messages.signInRequired);
    expectMessage(await download(file, shopper.token), 403, messages.forbidden);
  });
});
