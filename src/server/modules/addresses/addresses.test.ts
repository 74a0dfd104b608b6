/**
 * The address book through the real app (decision 0049): add, edit, delete, choose the default; the
 * account's `address` follows the default; the owner's alone (another account's address is 404);
 * the cap; and the British Columbia rule of decision 0050 with its messages.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressMessages,
  MAX_SAVED_ADDRESSES,
  type AddressBook,
  type AddressCreated,
} from '../../../domain/addresses.js';
import { INVALID_POSTAL_CODE, OUTSIDE_SHIPPING_AREA } from '../../../domain/checkout.js';
import { messages } from '../../../domain/messages.js';
import { savedAddresses, users } from '../../db/schema.js';
import { checkoutFixtures, expectMessage, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const URL = '/api/users/me/addresses';

const home = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Maple',
  address1: '1055 Canada Place',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'v6c0c3',
  phoneNumber: '604 555 0123',
  ...overrides,
});

const add = (who: Person, body: unknown) => f.call('POST', URL, { token: who.token, body });
const list = async (who: Person) => {
  const res = await f.call('GET', URL, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AddressBook>();
};
const accountAddress = async (who: Person) =>
  (await db().select({ address: users.address }).from(users).where(eq(users.id, who.id)))[0]!.address;

describe('the address book', () => {
  it('saves the first address as the default and writes its summary as the account address', async () => {
    const who = await f.person();
    expect(await list(who)).toEqual({ addresses: [], accountAddress: null });

    const res = await add(who, home({ address2: 'Suite 200' }));
    expect(res.statusCode, res.body).toBe(201);
    const book = res.json<AddressCreated>();
    expect(book.addresses).toEqual([
      expect.objectContaining({
        id: book.id,
        address1: '1055 Canada Place',
        address2: 'Suite 200',
        postalCode: 'V6C 0C3',
        phoneNumber: '+16045550123',
        country: 'Canada',
        isDefault: true,
      }),
    ]);
    const summary = '1055 Canada Place, Suite 200, Vancouver, British Columbia V6C 0C3';
    expect(book.accountAddress).toBe(summary);
    expect(await accountAddress(who)).toBe(summary);
    // The profile reads it as the account's address.
    const profile = await f.call('GET', `/api/users/${who.id}`, { token: who.token });
    expect(profile.json<{ user: { address: string } }>().user.address).toBe(summary);
  });

  it('moves the default, keeps the summary in step, and promotes the oldest when the default goes', async () => {
    const who = await f.person();
    const first = (await add(who, home())).json<AddressCreated>().id;
    const secondRes = await add(
      who,
      home({ address1: '4700 Kingsway', city: 'Burnaby', postalCode: 'V5H 4M1' }),
    );
    expect(secondRes.statusCode, secondRes.body).toBe(201);
    const second = secondRes.json<AddressCreated>();
    // A second address is not the default unless asked.
    expect(second.addresses.map((a) => [a.id, a.isDefault])).toEqual([
      [first, true],
      [second.id, false],
    ]);

    const moved = await f.call('PATCH', `${URL}/${second.id}`, {
      token: who.token,
      body: { isDefault: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AddressBook>().addresses.map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first, false],
    ]);
    expect(await accountAddress(who)).toBe('4700 Kingsway, Burnaby, British Columbia V5H 4M1');

    // Editing the default rewrites the summary; editing another does not.
    const edited = await f.call('PATCH', `${URL}/${second.id}`, {
      token: who.token,
      body: { address2: 'Unit 5' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await accountAddress(who)).toBe('4700 Kingsway, Unit 5, Burnaby, British Columbia V5H 4M1');
    await f.call('PATCH', `${URL}/${first}`, { token: who.token, body: { city: 'Vancouver BC' } });
    expect(await accountAddress(who)).toBe('4700 Kingsway, Unit 5, Burnaby, British Columbia V5H 4M1');

    const removed = await f.call('DELETE', `${URL}/${second.id}`, { token: who.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<AddressBook>()).toMatchObject({
      addresses: [{ id: first, isDefault: true }],
      accountAddress: '1055 Canada Place, Vancouver BC, British Columbia V6C 0C3',
    });
    const last = await f.call('DELETE', `${URL}/${first}`, { token: who.token });
    expect(last.json<AddressBook>()).toEqual({ addresses: [], accountAddress: null });
    expect(await accountAddress(who)).toBeNull();
  });

  it('does not keep the same address twice, and can make the one kept the default', async () => {
    const who = await f.person();
    const first = (await add(who, home())).json<AddressCreated>().id;
    const other = (await add(who, home({ address1: '2 Oak St' }))).json<AddressCreated>().id;
    const again = await add(who, home({ address1: ' 2  OAK st ', isDefault: true }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<AddressCreated>()).toMatchObject({ id: other });
    expect((await list(who)).addresses.map((a) => [a.id, a.isDefault])).toEqual([
      [other, true],
      [first, false],
    ]);
  });

  it('keeps working with the profile: a typed address stays until the default changes', async () => {
    const who = await f.person();
    const typed = await f.call('PATCH', `/api/users/${who.id}`, {
      token: who.token,
      body: { address: 'PO Box 12, Tofino' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await list(who)).accountAddress).toBe('PO Box 12, Tofino');
    await add(who, home());
    expect(await accountAddress(who)).toBe('1055 Canada Place, Vancouver, British Columbia V6C 0C3');
  });

  it(`refuses an address past ${MAX_SAVED_ADDRESSES} with 409 naming the cap`, async () => {
    const who = await f.person();
    for (let i = 1; i <= MAX_SAVED_ADDRESSES; i++) {
      const res = await add(who, home({ address1: `${i} Cedar Road` }));
      expect(res.statusCode, res.body).toBe(201);
    }
    expectMessage(await add(who, home({ address1: '99 Cedar Road' })), 409, addressMessages.limitReached);
    expect(addressMessages.limitReached).toContain(String(MAX_SAVED_ADDRESSES));
    const rows = await db().select().from(savedAddresses).where(eq(savedAddresses.userId, who.id));
    expect(rows).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a Toronto postal code', { postalCode: 'M5H 2N2' }, OUTSIDE_SHIPPING_AREA],
    ['a Nunavut postal code', { postalCode: 'X0A 0H0' }, OUTSIDE_SHIPPING_AREA],
    ['a postal code with a letter Canada Post never uses', { postalCode: 'V5K 0O1' }, INVALID_POSTAL_CODE],
    ['a US zip code', { postalCode: '90210' }, INVALID_POSTAL_CODE],
    ['another province', { state: 'Ontario' }, 'We do not ship to Ontario yet.'],
    ['no phone', { phoneNumber: '' }, 'Please enter your phone number.'],
    ['no street', { address1: ' ' }, 'Please enter your address.'],
  ])('refuses %s with 400 { message }, saving nothing', async (_what, change, message) => {
    const who = await f.person();
    expectMessage(await add(who, home(change)), 400, message);
    const saved = (await add(who, home())).json<AddressCreated>().id;
    expectMessage(await f.call('PATCH', `${URL}/${saved}`, { token: who.token, body: change }), 400, message);
    expect((await list(who)).addresses).toEqual([expect.objectContaining({ postalCode: 'V6C 0C3' })]);
  });

  it('refuses a PATCH that changes nothing, or tries to unset the default', async () => {
    const who = await f.person();
    const id = (await add(who, home())).json<AddressCreated>().id;
    expectMessage(
      await f.call('PATCH', `${URL}/${id}`, { token: who.token, body: {} }),
      400,
      addressMessages.nothingToChange,
    );
    expectMessage(
      await f.call('PATCH', `${URL}/${id}`, { token: who.token, body: { isDefault: false } }),
      400,
      addressMessages.defaultOnlyTrue,
    );
  });

  it("answers another account's address exactly like a missing one, and changes nothing", async () => {
    const owner = await f.person();
    const stranger = await f.person();
    const admin = await f.person({ isAdmin: true });
    const id = (await add(owner, home())).json<AddressCreated>().id;
    for (const who of [stranger, admin]) {
      for (const [method, body] of [
        ['PATCH', { isDefault: true }],
        ['PATCH', { address1: 'Stolen' }],
        ['DELETE', undefined],
      ] as const) {
        const theirs = await f.call(method, `${URL}/${id}`, { token: who.token, body });
        const missing = await f.call(method, `${URL}/2000000000`, { token: who.token, body });
        expectMessage(theirs, 404, addressMessages.notFound);
        expect(theirs.body).toBe(missing.body);
      }
      expect((await list(who)).addresses).toEqual([]);
    }
    expect((await list(owner)).addresses).toEqual([
      expect.objectContaining({ id, address1: '1055 Canada Place', isDefault: true }),
    ]);
    expectMessage(await f.call('GET', URL), 401, messages.signInRequired);
    expectMessage(await f.call('POST', URL, { body: home() }), 401, messages.signInRequired);
  });
});
