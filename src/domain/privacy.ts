/**
 * A customer's control of their own data under PIPEDA and BC PIPA (decision 0043): the copy of
 * everything the shop holds about them, and the deletion of their account. The payloads, the words
 * shown, and how an order's personal fields are anonymised.
 */
import { reauthenticationFields } from './accounts.js';
import { savedAddressSchema } from './addresses.js';
import { orderEventSchema } from './fulfilment-schemas.js';
import { orderSchema } from './orders.js';
import { z } from './zod.js';

export const privacyMessages = {
  ownDataOnly: 'You can only download your own data.',
  ownAccountOnly: 'You can only delete your own account.',
  adminCannotDeleteSelf:
    'An admin account cannot be deleted from the profile. Ask another admin to remove your admin rights first.',
  currentPasswordForDeletion: 'Enter your current password to delete your account.',
  googleAgainForDeletion: 'Sign in with Google again to delete your account.',
  exportFailed: 'Failed to download your data. Please try again.',
  deleteFailed: 'Failed to delete your account. Please try again.',
} as const;

/** What stands in for a personal field of an anonymised order (names, street, phone, e-mail). */
export const ERASED = '[erased]';

/**
 * The part of a postal code an anonymised order keeps: the forward sortation area (its first three
 * characters, a district of thousands of households), so sales by region still add up.
 */
export function erasedPostalCode(postalCode: string): string {
  return postalCode.replace(/\s+/g, '').slice(0, 3).toUpperCase();
}

/** POST /api/users/{id}/erasure: the proof that the owner is asking (decision 0040's fields). */
export const erasureRequestSchema = z.object({ ...reauthenticationFields });
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

const when = z.string().describe('ISO 8601 time');

/** GET /api/users/{id}/data-export: everything the shop holds about the caller. */
export const dataExportSchema = z.object({
  format: z.literal('northbite-data-export/1'),
  exportedAt: when,
  account: z.object({
    id: z.number().int(),
    email: z.string(),
    emailVerifiedAt: when.nullable(),
    pendingEmail: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().nullable(),
    address: z.string().nullable(),
    hasPassword: z.boolean(),
    signsInWithGoogle: z.boolean(),
    isAdmin: z.boolean(),
    isSubscribedEmail: z.boolean(),
    isSubscribedPhone: z.boolean(),
    createdAt: when,
    updatedAt: when,
  }),
  /** The account's address and every address its orders shipped to, once each. */
  addresses: z.array(z.object({ source: z.enum(['account', 'order']), address: z.string() })),
  /** The address book (decision 0049), every field, the default first. */
  savedAddresses: z.array(savedAddressSchema),
  /** Subscriptions (decision 0056): each with its items, saved card (brand, last 4) and history. */
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      intervalWeeks: z.number().int(),
      nextOrderAt: when,
      pausedUntil: when.nullable(),
      shippingInfo: z.record(z.string(), z.unknown()),
      items: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() })),
      card: z
        .object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })
        .nullable(),
      cancelReason: z.string().nullable(),
      canceledAt: when.nullable(),
      createdAt: when,
      history: z.array(z.object({ kind: z.string(), summary: z.string(), createdAt: when })),
    }),
  ),
  orders: z.array(orderSchema.extend({ timeline: z.array(orderEventSchema) })),
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      /** What the checkout was priced for: the lines and the shipping details typed. */
      checkout: z.record(z.string(), z.unknown()),
      clientAddress: z.string().nullable(),
      createdAt: when,
    }),
  ),
  marketingConsents: z.array(
    z.object({
      channel: z.string(),
      granted: z.boolean(),
      email: z.string(),
      phoneNumber: z.string().nullable(),
      updatedAt: when,
    }),
  ),
  consentEvents: z.array(
    z.object({
      channel: z.string(),
      granted: z.boolean(),
      source: z.string(),
      wording: z.string(),
      preTicked: z.boolean().nullable(),
      phoneNumber: z.string().nullable(),
      clientAddress: z.string().nullable(),
      createdAt: when,
    }),
  ),
  newsletter: z.array(
    z.object({
      email: z.string(),
      status: z.string(),
      source: z.string(),
      confirmedAt: when.nullable(),
      createdAt: when,
    }),
  ),
  contactMessages: z.array(
    z.object({ name: z.string(), email: z.string(), message: z.string(), createdAt: when }),
  ),
  savedCarts: z.array(
    z.object({
      email: z.string(),
      items: z.array(z.unknown()),
      totalCents: z.number().int(),
      status: z.string(),
      reminderSentAt: when.nullable(),
      createdAt: when,
    }),
  ),
  /** Their product reviews (decision 0063), whatever their status, with the owner's reply. */
  productReviews: z.array(
    z.object({
      product: z.string(),
      rating: z.number().int(),
      title: z.string(),
      text: z.string(),
      showName: z.boolean(),
      status: z.string(),
      reply: z.string().nullable(),
      createdAt: when,
      updatedAt: when,
    }),
  ),
  /** Where and when the account is signed in; never a token. */
  sessions: z.array(
    z.object({
      createdAt: when,
      lastSeenAt: when,
      expiresAt: when,
      userAgent: z.string().nullable(),
      kind: z.string(),
      current: z.boolean(),
    }),
  ),
  /** The e-mails sent to the account's addresses: what and when, not their text (links in them). */
  emails: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: when,
      sentAt: when.nullable(),
    }),
  ),
});
export type DataExport = z.infer<typeof dataExportSchema>;
