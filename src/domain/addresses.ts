/**
 * A customer's saved addresses (docs/product.md, Accounts; decision 0049): the shipping form's
 * fields without the e-mail, at most MAX_SAVED_ADDRESSES per account, one of them the default. The
 * account's `address` is the default's one-line summary (`addressSummary`).
 */
import { ADDRESS_MAX_LENGTH } from './account-details.js';
import { COUNTRY, PROVINCES, shippingInfoSchema, type ShippingInfo } from './checkout.js';
import { z } from './zod.js';

/** How many addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 10;

export const addressMessages = {
  notFound: 'Address not found.',
  limitReached: `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Delete one before adding another.`,
  defaultOnlyTrue:
    'isDefault can only be set to true: to change the default, make another address the default.',
  nothingToChange: 'Send at least one field to change.',
  loadFailed: 'Failed to load your addresses. Please try again.',
  saveFailed: 'Failed to save the address. Please try again.',
  deleteFailed: 'Failed to delete the address. Please try again.',
} as const;

const shape = shippingInfoSchema.shape;

/** The second line; empty or null clears it, and it is stored as null. */
const address2Field = z
  .string({ message: 'The second address line must be text.' })
  .trim()
  .max(200, { message: 'Please keep the second address line under 200 characters.' })
  .nullable()
  .transform((value) => value || null);

/** An address as the address book keeps it: the shipping form's fields (checkout.ts), no e-mail. */
export const savedAddressFieldsSchema = z.object({
  firstName: shape.firstName,
  lastName: shape.lastName,
  address1: shape.address1,
  address2: address2Field.optional().transform((value) => value ?? null),
  city: shape.city,
  state: shape.state,
  postalCode: shape.postalCode,
  country: shape.country,
  phoneNumber: shape.phoneNumber,
});
export type SavedAddressFieldsInput = z.input<typeof savedAddressFieldsSchema>;
export type SavedAddressFields = z.output<typeof savedAddressFieldsSchema>;

/** POST /api/users/me/addresses. The first address of an account is its default whatever is sent. */
export const addressCreateSchema = savedAddressFieldsSchema.extend({
  isDefault: z.boolean({ message: 'isDefault must be true or false.' }).optional(),
});
export type AddressCreate = z.output<typeof addressCreateSchema>;

/**
 * PATCH /api/users/me/addresses/{id}: the fields sent are changed, the others stay (address2: null
 * or '' clears it). `isDefault: true` makes it the default; the default moves, it is never unset.
 */
export const addressUpdateSchema = z
  .object({
    firstName: shape.firstName.optional(),
    lastName: shape.lastName.optional(),
    address1: shape.address1.optional(),
    address2: address2Field.optional(),
    city: shape.city.optional(),
    state: shape.state.optional(),
    postalCode: shape.postalCode.optional(),
    country: z.literal(COUNTRY, { message: 'We ship within Canada only.' }).optional(),
    phoneNumber: shape.phoneNumber.optional(),
    isDefault: z.literal(true, { message: addressMessages.defaultOnlyTrue }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: addressMessages.nothingToChange,
  });
export type AddressUpdate = z.output<typeof addressUpdateSchema>;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.enum(PROVINCES),
  postalCode: z.string(),
  country: z.literal(COUNTRY),
  phoneNumber: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string().describe('ISO 8601 time'),
  updatedAt: z.string().describe('ISO 8601 time'),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** What every address book call answers: the addresses, default first, and the account's summary. */
export const addressBookSchema = z.object({
  addresses: z.array(savedAddressSchema),
  /** The account's `address`: the default's summary, or what the owner typed when they have none. */
  accountAddress: z.string().nullable(),
});
export type AddressBook = z.infer<typeof addressBookSchema>;

/** POST's answer: the book, and the id of the address saved (or the identical one already kept). */
export const addressCreatedSchema = addressBookSchema.extend({ id: z.number().int() });
export type AddressCreated = z.infer<typeof addressCreatedSchema>;

type SummaryFields = Pick<SavedAddressFields, 'address1' | 'address2' | 'city' | 'state' | 'postalCode'>;

/** The one-line form the account's `address` keeps: "1 Main St, Unit 4, Vancouver, British Columbia V5K 0A1". */
export function addressSummary(address: SummaryFields): string {
  const line = [address.address1, address.address2, address.city, `${address.state} ${address.postalCode}`]
    .filter(Boolean)
    .join(', ');
  return line.slice(0, ADDRESS_MAX_LENGTH);
}

/** Whether two addresses are the same place for the same person (case and spacing aside). */
export function sameAddress(a: SavedAddressFields, b: SavedAddressFields): boolean {
  const norm = (value: string | null) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  const keys = [
    'firstName',
    'lastName',
    'address1',
    'address2',
    'city',
    'state',
    'postalCode',
    'phoneNumber',
  ] as const;
  return keys.every((key) => norm(a[key]) === norm(b[key]));
}

/** The address book entry for what the shipping form holds (the e-mail is the order's, not kept). */
export function savedFieldsOf(info: ShippingInfo): SavedAddressFields {
  return {
    firstName: info.firstName,
    lastName: info.lastName,
    address1: info.address1,
    address2: info.address2 ?? null,
    city: info.city,
    state: info.state,
    postalCode: info.postalCode,
    country: info.country,
    phoneNumber: info.phoneNumber ?? '',
  };
}
