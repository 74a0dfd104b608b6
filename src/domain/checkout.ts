/**
 * Checkout payloads (docs/product.md, Checkout and payment): the shipping form, the payment-intent
 * request, order creation and the test processor's card confirmation. Forms and routes share them.
 */
import { phoneNumberField } from './account-details.js';
import { MAX_RECORD_ID } from './ids.js';
import { InvalidError } from './errors.js';
import { emailField } from './marketing.js';
import { ALL_PROVINCE_NAMES } from './shipping-provinces.js';
import type { ShippingArea } from './shipping-areas.js';
import { shippingAreaProblem } from './shipping-provinces.js';
import { subscriptionChoiceSchema } from './subscription-choice.js';
import { subscriptionMessages } from './subscription-messages.js';
import { z } from './zod.js';

/**
 * Letter, digit, letter, optional space or hyphen, digit, letter, digit (docs/product.md, Prices,
 * shipping and tax).
 */
export const POSTAL_CODE_PATTERN = /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/;
export const INVALID_POSTAL_CODE = 'Please enter a valid Canadian postal code (e.g., A1A 1A1).';
/** Where the shop ships and the messages of an address outside it (decision 0068). */
export { DEFAULT_SHIPPING_AREA, type ShippingArea } from './shipping-areas.js';
export { OUTSIDE_SHIPPING_AREA, shippingAreaNote, shippingAreaProblem } from './shipping-provinces.js';
/** Every province and territory: an address names one; where the shop ships is ShippingArea's. */
export const PROVINCES = ALL_PROVINCE_NAMES;
export const COUNTRY = 'Canada';
export const GROUND_SHIPPING = 'Ground Shipping (2 to 5 business days)';

const required = (what: string, max = 100) =>
  z
    .string({ message: `Please enter your ${what}.` })
    .trim()
    .min(1, { message: `Please enter your ${what}.` })
    .max(max, { message: `Please keep your ${what} under ${max} characters.` });

/**
 * Letters Canada Post never puts in a postal code (D, F, I, O, Q, U anywhere; W and Z never first),
 * decision 0050.
 */
const NEVER_IN_POSTAL_CODES = /[DFIOQU]/;
const NEVER_FIRST_IN_POSTAL_CODES = /^[WZ]/;
/**
 * A Canadian postal code as "A1A 1A1", or null when `input` cannot be one: not the spec's
 * letter-digit pattern, or a letter Canada Post never uses (decision 0050).
 */
export function canadianPostalCode(input: string): string | null {
  const trimmed = input.trim();
  if (!POSTAL_CODE_PATTERN.test(trimmed)) return null;
  const letters = trimmed.replace(/[ -]/, '').toUpperCase();
  if (NEVER_IN_POSTAL_CODES.test(letters) || NEVER_FIRST_IN_POSTAL_CODES.test(letters)) return null;
  return `${letters.slice(0, 3)} ${letters.slice(3)}`;
}

/**
 * The postal code of every address (docs/product.md, Prices, shipping and tax; decision 0050): not
 * a Canadian postal code at all is INVALID_POSTAL_CODE. Answered as "A1A 1A1". Whether the shop
 * ships there is `withShippingArea`'s, since it depends on the settings.
 */
export const postalCodeField = z.string({ message: INVALID_POSTAL_CODE }).transform((input, ctx) => {
  const code = canadianPostalCode(input);
  if (!code) {
    ctx.addIssue({ code: 'custom', message: INVALID_POSTAL_CODE });
    return z.NEVER;
  }
  return code;
});

export const provinceField = z.enum(PROVINCES, { message: 'Please choose your province.' });

export const shippingInfoSchema = z.object({
  firstName: required('first name'),
  lastName: required('last name'),
  address1: required('address', 200),
  address2: z
    .string()
    .trim()
    .max(200, { message: 'Please keep the second address line under 200 characters.' })
    .optional()
    .transform((value) => value || undefined),
  city: required('city'),
  state: provinceField,
  postalCode: postalCodeField,
  country: z.literal(COUNTRY, { message: 'We ship within Canada only.' }).default(COUNTRY),
  phoneNumber: phoneNumberField.refine((value) => value !== null, {
    message: 'Please enter your phone number.',
  }),
  email: emailField,
});
export type ShippingInfoInput = z.input<typeof shippingInfoSchema>;
export type ShippingInfo = z.output<typeof shippingInfoSchema>;

/** The cart as the server prices it: product ids and quantities only, never prices. */
export const cartItemsField = z
  .array(
    z.object({
      id: z
        .number({ message: 'Each item needs a product id.' })
        .int()
        .positive()
        .max(MAX_RECORD_ID, { message: 'No product has that id.' }),
      quantity: z
        .number({ message: 'Each item needs a quantity.' })
        .int({ message: 'Quantities are whole numbers.' })
        .min(1, { message: 'Quantities start at 1.' })
        .max(99, { message: 'Quantities go up to 99.' }),
      /** A subscription line (decision 0056): renews every `interval_weeks`; absent or null, one-time. */
      subscription: subscriptionChoiceSchema.nullable().optional(),
    }),
    { message: 'items must be a list of { id, quantity }.' },
  )
  .min(1, { message: 'Your cart is empty' })
  .max(50, { message: 'Too many different items in one order.' })
  .refine(
    (items) =>
      new Set(items.map((item) => `${item.id}:${item.subscription?.interval_weeks ?? 0}`)).size ===
      items.length,
    {
      message: 'Each product may appear only once in items.',
    },
  );
export type CartItemsInput = z.infer<typeof cartItemsField>;

/** POST /api/payments/create-payment-intent (with the cart). `amount` is the total in cents. */
export const createPaymentIntentSchema = z
  .object({
    amount: z
      .number({ message: 'amount must be the total in cents.' })
      .int({ message: 'amount must be the total in cents.' })
      .positive({ message: 'amount must be the total in cents.' }),
    shippingInfo: shippingInfoSchema,
    items: cartItemsField,
    /** The shopper ticked that a subscription renews until cancelled; needed when a line subscribes. */
    subscription_terms_accepted: z
      .boolean({ message: 'subscription_terms_accepted must be true or false.' })
      .optional(),
    // Sent by the spec's client; the server uses the signed-in user instead.
    metadata: z.object({ user_id: z.unknown(), email: z.unknown() }).partial().optional(),
  })
  .refine(
    (body) => body.subscription_terms_accepted === true || body.items.every((item) => !item.subscription),
    {
      message: subscriptionMessages.termsRequired,
      path: ['subscription_terms_accepted'],
    },
  );
export type CreatePaymentIntent = z.output<typeof createPaymentIntentSchema>;

/**
 * POST /api/orders. Only the payment intent decides: the order is built from what was priced
 * and paid for it. The other fields of the spec's body are accepted and never trusted.
 */
export const createOrderSchema = z.object({
  payment_intent_id: z
    .string({ message: 'payment_intent_id is required.' })
    .trim()
    .min(1, { message: 'payment_intent_id is required.' })
    .max(255, { message: 'payment_intent_id is not valid.' }),
});

/** The test processor's confirmation (Stripe's test cards; decision 0013). */
export const testCardConfirmSchema = z.object({
  client_secret: z.string({ message: 'client_secret is required.' }).min(1).max(255),
  card: z.object(
    {
      number: z
        .string({ message: 'Your card number is incomplete.' })
        .transform((value) => value.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{12,19}$/, { message: 'Your card number is incomplete.' })),
      exp_month: z.coerce
        .number({ message: "Your card's expiration date is incomplete." })
        .int()
        .min(1, { message: "Your card's expiration month is invalid." })
        .max(12, { message: "Your card's expiration month is invalid." }),
      exp_year: z.coerce
        .number({ message: "Your card's expiration date is incomplete." })
        .int()
        .min(0, { message: "Your card's expiration year is invalid." })
        .max(2200, { message: "Your card's expiration year is invalid." })
        .transform((year) => (year < 100 ? 2000 + year : year)),
      cvc: z
        .string({ message: "Your card's security code is incomplete." })
        .trim()
        .regex(/^\d{3,4}$/, { message: "Your card's security code is incomplete." }),
    },
    { message: 'card is required.' },
  ),
});
export type TestCardConfirm = z.output<typeof testCardConfirmSchema>;

/**
 * The test bank's confirmation of a renewal the customer's bank wanted them to confirm (decision
 * 0059): the client secret "Order now" answered, nothing else (the saved card pays).
 */
export const testAuthenticateSchema = testCardConfirmSchema.pick({ client_secret: true });

/**
 * An address schema with where the shop ships checked too (decision 0068): the province is one it
 * ships to and the postal code is in it. The browser's forms check with it; the server checks the
 * same rule with `assertShipsTo` where an address is taken. `keys` names the two fields when the
 * payload calls them otherwise (an order's `shipping_state` and `shipping_postal_code`).
 */
export function withShippingArea<T extends z.ZodType<Record<string, unknown>>>(
  schema: T,
  area: ShippingArea,
  keys: { state: string; postalCode: string } = { state: 'state', postalCode: 'postalCode' },
) {
  return schema.superRefine((value, ctx) => {
    const state = value[keys.state];
    const postalCode = value[keys.postalCode];
    if (typeof state !== 'string' || typeof postalCode !== 'string') return;
    const problem = shippingAreaProblem(area, state, postalCode);
    if (problem) ctx.addIssue({ code: 'custom', path: [keys[problem.field]], message: problem.message });
  });
}

/** Refuses (400, naming the problem) an address where the shop does not ship (decision 0068). */
export function assertShipsTo(area: ShippingArea, state: string, postalCode: string): void {
  const problem = shippingAreaProblem(area, state, postalCode);
  if (problem) throw new InvalidError(problem.message);
}
