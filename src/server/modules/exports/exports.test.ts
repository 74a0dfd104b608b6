/**
 * CSV exports (decision 0023) through the real app: the columns, one row per order line, consent
 * flags, formula escaping (also where a spreadsheet splitting on `;` or `,` would start a field),
 * admins only, and a table larger than one page read in pages.
 */
import { eq } from 'drizzle-orm';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { messages } from '../../../domain/messages.js';
import { newsletterSubscribers, users } from '../../db/schema.js';
import { checkoutFixtures, expectMessage, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { csv, Figure, ORDER_COLUMNS } from './service.js';

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
const withoutBom = (body: string) => body.replace(/^\uFEFF/, '');
const rowsOf = (body: string) => parse(withoutBom(body), { columns: true }) as Record<string, string>[];

/** What a spreadsheet runs as a formula: a field starting with one of these (OWASP, CSV Injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every field of the file as a spreadsheet would read it: split on `,` honouring the quotes (as
 * written), and split on `;` ignoring them (Excel in fr-CA), each field past its spaces and quotes.
 */
function fieldsOf(body: string): string[] {
  const csvFields = (parse(withoutBom(body)) as string[][]).flat();
  const semicolonFields = (
    parse(withoutBom(body), { delimiter: ';', quote: false, relax_column_count: true }) as string[][]
  ).flat();
  return [...csvFields, ...semicolonFields].map((field) => field.replace(/^[ "]+/, ''));
}

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

  it('a name with a formula after a ; or , inside it starts no field in any split (fr-CA Excel)', async () => {
    // Registered and ordered through the API, the way an attacker would.
    const registered = await f.call('POST', '/api/users/register', {
      body: {
        firstName: 'Jo;=1+1;',
        lastName: 'Smith,@SUM(1+1)',
        email: 'jo.semicolon@example.ca',
        password: 'Rolled-Oats-Maple-77',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const jo = registered.json() as { token: string; user: { id: number; email: string } };
    const catalogue = await f.catalogue();
    const order = await f.buy(
      { id: jo.user.id, email: jo.user.email, token: jo.token, isAdmin: false },
      [{ id: catalogue[0]!.id, quantity: 1 }],
      {
        shipping: {
          firstName: 'Jo;=1+1;',
          lastName: 'Smith, -2+3',
          address1: "1 Main St;=cmd|' /C calc'!A0",
          address2: 'Apt 4;\t=1',
        },
      },
    );

    for (const file of ['customers.csv', 'orders.csv']) {
      const body = (await download(file)).body;
      // Every cell is quoted.
      for (const line of withoutBom(body).trimEnd().split('\n')) {
        expect(line, file).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
      }
      const starts = fieldsOf(body).filter((field) => FORMULA_START.test(field));
      expect(starts, file).toEqual([]);
    }

    const customer = rowsOf((await download('customers.csv')).body).find((r) => r.id === String(jo.user.id));
    // Still readable: the text as typed, with a ' where a field could start.
    expect(customer).toMatchObject({ first_name: "Jo;'=1+1;", last_name: "Smith,'@SUM(1+1)" });
    const line = rowsOf((await download('orders.csv')).body).find((r) => r.order_id === String(order.id));
    expect(line).toMatchObject({
      first_name: "Jo;'=1+1;",
      last_name: "Smith, '-2+3",
      address: "1 Main St;'=cmd|' /C calc'!A0",
      address2: "Apt 4;'\t'=1",
      // The shop's own figures stay numbers.
      order_total: order.total.toFixed(2),
    });
  });

  it("writes the shop's own figures as they are, a negative one too, and neutralises text", async () => {
    const out = await text(
      csv(
        ['amount', 'note', 'count'],
        [
          [new Figure('-12.50'), '-12.50', -3],
          [new Figure('4.00'), 'Jo;=1', 7],
        ],
      ),
    );
    expect(withoutBom(out)).toBe('"amount","note","count"\n"-12.50","\'-12.50","-3"\n"4.00","Jo;\'=1","7"\n');
  });

  it.each(['orders.csv', 'customers.csv', 'newsletter.csv', 'consent-log.csv'])(
    '%s is for admins only',
    async (file) => {
      expectMessage(await f.call('GET', `/api/admin/exports/${file}`), 401, messages.signInRequired);
      expectMessage(await download(file, shopper.token), 403, messages.forbidden);
    },
  );
});
