/**
 * The address book (decision 0049). Every call acts on the caller's own account: an address of
 * another account is not found, exactly like a missing one. Each change runs in one transaction that
 * locks the account row, so the cap and the single default hold however many tabs save at once, and
 * the account's `address` is written in the same transaction as the default it summarises.
 */
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import {
  addressMessages,
  addressSummary,
  MAX_SAVED_ADDRESSES,
  sameAddress,
  type AddressBook,
  type AddressCreate,
  type AddressCreated,
  type AddressUpdate,
  type SavedAddress,
  type SavedAddressFields,
} from '../../../domain/addresses.js';
import {
  assertShipsTo,
  COUNTRY,
  DEFAULT_SHIPPING_AREA,
  PROVINCES,
  type ShippingArea,
} from '../../../domain/checkout.js';
import { ConflictError, NotFoundError } from '../../../domain/errors.js';
import { messages } from '../../../domain/messages.js';
import type { Database, Transaction } from '../../db/client.js';
import { savedAddresses, users } from '../../db/schema.js';

type Row = typeof savedAddresses.$inferSelect;
type Executor = Pick<Transaction, 'select' | 'update' | 'insert' | 'delete'>;

const toAddress = (row: Row): SavedAddress => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  address1: row.address1,
  address2: row.address2,
  city: row.city,
  state: (PROVINCES as readonly string[]).includes(row.province)
    ? (row.province as (typeof PROVINCES)[number])
    : PROVINCES[0],
  postalCode: row.postalCode,
  country: COUNTRY,
  phoneNumber: row.phoneNumber,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const fieldsOf = (row: Row): SavedAddressFields => ({ ...toAddress(row) });

const columnsOf = (fields: Partial<SavedAddressFields>) => ({
  ...(fields.firstName !== undefined ? { firstName: fields.firstName } : {}),
  ...(fields.lastName !== undefined ? { lastName: fields.lastName } : {}),
  ...(fields.address1 !== undefined ? { address1: fields.address1 } : {}),
  ...(fields.address2 !== undefined ? { address2: fields.address2 } : {}),
  ...(fields.city !== undefined ? { city: fields.city } : {}),
  ...(fields.state !== undefined ? { province: fields.state } : {}),
  ...(fields.postalCode !== undefined ? { postalCode: fields.postalCode } : {}),
  ...(fields.country !== undefined ? { country: fields.country } : {}),
  ...(fields.phoneNumber !== undefined && fields.phoneNumber !== null
    ? { phoneNumber: fields.phoneNumber }
    : {}),
});

/** The account's row, locked for the rest of the transaction; a deleted account is not found. */
async function lockAccount(tx: Executor & Pick<Transaction, 'select'>, userId: number) {
  const [account] = await tx
    .select({ id: users.id, address: users.address })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!account) throw new NotFoundError(messages.userNotFound);
  return account;
}

async function rowsOf(tx: Pick<Transaction, 'select'>, userId: number): Promise<Row[]> {
  return tx
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.isDefault), asc(savedAddresses.id));
}

async function ownRow(tx: Pick<Transaction, 'select'>, userId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)));
  if (!row) throw new NotFoundError(addressMessages.notFound);
  return row;
}

/** Makes `id` the account's only default and writes its summary as the account's `address`. */
async function makeDefault(tx: Executor, userId: number, row: Row): Promise<void> {
  await tx
    .update(savedAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(savedAddresses.userId, userId),
        eq(savedAddresses.isDefault, true),
        ne(savedAddresses.id, row.id),
      ),
    );
  if (!row.isDefault) {
    await tx
      .update(savedAddresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(savedAddresses.id, row.id));
  }
  await writeSummary(tx, userId, addressSummary(fieldsOf(row)));
}

async function writeSummary(tx: Executor, userId: number, address: string | null): Promise<void> {
  await tx.update(users).set({ address, updatedAt: new Date() }).where(eq(users.id, userId));
}

async function bookOf(tx: Pick<Transaction, 'select'>, userId: number): Promise<AddressBook> {
  const [account] = await tx.select({ address: users.address }).from(users).where(eq(users.id, userId));
  if (!account) throw new NotFoundError(messages.userNotFound);
  return { addresses: (await rowsOf(tx, userId)).map(toAddress), accountAddress: account.address };
}

/** `area`: where the shop ships (decision 0068); an address book keeps only addresses it ships to. */
export function createAddressesService(db: Database, area: ShippingArea = DEFAULT_SHIPPING_AREA) {
  return {
    /** The caller's addresses, the default first, then in the order they were added. */
    async list(userId: number): Promise<AddressBook> {
      return bookOf(db, userId);
    },

    /**
     * Adds an address, the default when asked or when it is the account's first. An address the
     * book has already (same fields, case and spacing aside) is not added twice: that one is
     * answered, made the default when asked. Past the cap: ConflictError naming it.
     */
    async create(userId: number, input: AddressCreate): Promise<{ created: boolean; book: AddressCreated }> {
      return db.transaction(async (tx) => {
        const { isDefault, ...fields } = input;
        assertShipsTo(area, fields.state, fields.postalCode);
        await lockAccount(tx, userId);
        const existing = await rowsOf(tx, userId);
        const same = existing.find((row) => sameAddress(fieldsOf(row), fields));
        if (same) {
          if (isDefault) await makeDefault(tx, userId, same);
          return { created: false, book: { ...(await bookOf(tx, userId)), id: same.id } };
        }
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(savedAddresses)
          .where(eq(savedAddresses.userId, userId));
        if (n >= MAX_SAVED_ADDRESSES) throw new ConflictError(addressMessages.limitReached);
        const [row] = await tx
          .insert(savedAddresses)
          .values({
            userId,
            firstName: fields.firstName,
            lastName: fields.lastName,
            address1: fields.address1,
            address2: fields.address2,
            city: fields.city,
            province: fields.state,
            postalCode: fields.postalCode,
            country: fields.country,
            phoneNumber: fields.phoneNumber ?? '',
          })
          .returning();
        if (isDefault || n === 0) await makeDefault(tx, userId, row!);
        return { created: true, book: { ...(await bookOf(tx, userId)), id: row!.id } };
      });
    },

    /** Changes the fields sent; `isDefault: true` moves the default here. The default's summary follows. */
    async update(userId: number, id: number, input: AddressUpdate): Promise<AddressBook> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const current = await ownRow(tx, userId, id);
        const { isDefault, ...fields } = input;
        // A province or a postal code may come alone: the two together must still be shipped to.
        if (fields.state !== undefined || fields.postalCode !== undefined) {
          assertShipsTo(area, fields.state ?? current.province, fields.postalCode ?? current.postalCode);
        }
        const columns = columnsOf(fields);
        if (Object.keys(columns).length > 0) {
          await tx
            .update(savedAddresses)
            .set({ ...columns, updatedAt: new Date() })
            .where(eq(savedAddresses.id, id));
        }
        const row = await ownRow(tx, userId, id);
        if (isDefault || row.isDefault) await makeDefault(tx, userId, row);
        return bookOf(tx, userId);
      });
    },

    /**
     * Deletes an address. When it was the default, the oldest address left becomes the default;
     * with none left, the account's `address` is cleared.
     */
    async remove(userId: number, id: number): Promise<AddressBook> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const row = await ownRow(tx, userId, id);
        await tx.delete(savedAddresses).where(eq(savedAddresses.id, id));
        if (row.isDefault) {
          const [next] = await rowsOf(tx, userId);
          if (next) await makeDefault(tx, userId, next);
          else await writeSummary(tx, userId, null);
        }
        return bookOf(tx, userId);
      });
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
