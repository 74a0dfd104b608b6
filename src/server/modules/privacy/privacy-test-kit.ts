/**
 * What the privacy tests share: people with a full footprint in the shop (an account registered with
 * a password, an order shipped to their own name, a refund on it, a newsletter sign-up, a contact
 * message, consent rows, a saved cart, a saved address), made through the API wherever the API makes them, and a
 * search of every text and jsonb column of every table for what identifies them.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Order } from '../../../domain/orders.js';
import { abandonedCarts, marketingConsents, users } from '../../db/schema.js';
import { checkoutFixtures, type Person } from '../../testing/checkout-fixtures.js';
import type { TestApp } from '../../testing/test-app.js';

export const PASSWORD = 'Maple-Privacy-Password-7';

export interface Footprint extends Person {
  password: string;
  firstName: string;
  lastName: string;
  /** As the shop stored it. */
  phoneNumber: string;
  order: Order;
}

/** A name nobody else in the database has, so finding it anywhere means it is theirs. */
const uniqueName = (prefix: string) =>
  `${prefix}${randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

let phoneSeq = 100;

export function privacyFixtures(getApp: () => TestApp) {
  const f = checkoutFixtures(getApp);
  const db = () => getApp().database.db;

  /** A customer with something in every place the shop keeps personal data. */
  async function footprint(options: { admin?: Person } = {}): Promise<Footprint> {
    const firstName = uniqueName('Zeph');
    const lastName = uniqueName('Quill');
    const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.ca`;
    const registered = await f.call('POST', '/api/users/register', {
      body: {
        firstName,
        lastName,
        email,
        password: PASSWORD,
        phoneNumber: `604 555 0${++phoneSeq}`,
        isSubscribedEmail: true,
        isSubscribedPhone: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { token, user } = registered.json() as { token: string; user: { id: number } };
    // The address proven theirs, as a followed confirmation link would (records kept by address
    // are exported only then).
    const [row] = await db()
      .update(users)
      .set({ emailVerifiedAt: new Date(), address: `${lastName} House, 12 Cedar Road, Vancouver` })
      .where(eq(users.id, user.id))
      .returning();
    const person: Person = { id: user.id, email, token, isAdmin: false };
    const [product] = await f.catalogue();
    const order = await f.buy(person, [{ id: product!.id, quantity: 2 }], {
      shipping: {
        firstName,
        lastName,
        email,
        phoneNumber: row!.phoneNumber,
        address1: `${lastName} House, 12 Cedar Road`,
      },
    });
    if (options.admin) {
      const refund = await f.call('POST', `/api/orders/${order.id}/refunds`, {
        token: options.admin.token,
        body: { amount: 1, reason: 'A broken cookie' },
      });
      expect(refund.statusCode, refund.body).toBeLessThan(300);
    }
    // An address book entry (decision 0049): it becomes the default, and the account's address its summary.
    const saved = await f.call('POST', '/api/users/me/addresses', {
      token,
      body: {
        firstName,
        lastName,
        address1: `${lastName} Cottage, 7 Alder Lane`,
        city: 'Vancouver',
        state: 'British Columbia',
        postalCode: 'V6B 1A1',
        phoneNumber: row!.phoneNumber,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const signup = await f.call('POST', '/api/signup', { body: { email } });
    expect(signup.statusCode, signup.body).toBe(200);
    const contact = await f.call('POST', '/api/contact', {
      body: {
        name: `${firstName} ${lastName}`,
        email,
        message: `Hello from ${firstName}, call ${row!.phoneNumber}`,
      },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    // A cart saved at checkout after the order (the API saves none within 15 minutes of an order,
    // and the order removed the one saved before it).
    await db()
      .insert(abandonedCarts)
      .values({ userId: user.id, email, cartItems: [{ id: product!.id, quantity: 3 }], totalCents: 3000 });
    // The registration recorded the consent rows of decision 0042 (e-mail, and texts to the phone).
    const consents = await db()
      .select({ channel: marketingConsents.channel })
      .from(marketingConsents)
      .where(eq(marketingConsents.userId, user.id));
    expect(consents.map((c) => c.channel).sort()).toEqual(['email', 'sms']);
    return {
      ...person,
      password: PASSWORD,
      firstName,
      lastName,
      phoneNumber: row!.phoneNumber!,
      order,
    };
  }

  /**
   * Every text, varchar and jsonb column of every table in the database's schema, from
   * information_schema: a table added later is searched without anyone listing it here.
   */
  async function textColumns(): Promise<{ table: string; column: string }[]> {
    const result = (await db().execute(sql`
      select c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json')
      order by c.table_name, c.column_name`)) as { rows: unknown[] };
    return (result.rows as { table: string; column: string }[]).map(({ table, column }) => ({
      table,
      column,
    }));
  }

  /** Where each of `needles` appears (case-insensitive): `table.column: needle` per table row found. */
  async function findAnywhere(needles: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const { table, column } of await textColumns()) {
      for (const needle of needles) {
        const result = (await db().execute(
          sql`select count(*)::int as n from ${sql.identifier(table)}
              where strpos(lower(${sql.identifier(column)}::text), ${needle.toLowerCase()}) > 0`,
        )) as { rows: unknown[] };
        const n = (result.rows[0] as { n: number }).n;
        if (n > 0) found.push(`${table}.${column}: ${needle} (${n})`);
      }
    }
    return found;
  }

  return { ...f, footprint, textColumns, findAnywhere };
}
