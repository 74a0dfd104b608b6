/**
 * Orders (docs/product.md, Orders): the API shape (totals in dollars, item prices in cents), the
 * statuses, what a customer may do in each, the status colours, and the payloads that change an
 * order.
 */
import { TAX_CLASSES, TAX_CODES } from './tax.js';
import { COUNTRY, postalCodeField, provinceField } from './checkout.js';
import { CARRIERS, TRACKING_NUMBER_MESSAGE, TRACKING_NUMBER_PATTERN } from './fulfilment.js';
import { z } from './zod.js';

export const ORDER_STATUSES = [
  'Pending',
  'In Progress',
  'Shipped',
  'Delivered',
  'Canceled',
  'Refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Orders still to be made and shipped: Pending or In Progress. What the Overview lists as waiting to
 * ship, and what the production plan and the recipes count as packs to make (decisions 0022, 0023).
 */
export const OPEN_ORDER_STATUSES = ['Pending', 'In Progress'] as const satisfies readonly OrderStatus[];

/**
 * Who may move an order from one status to another (decision 0022): the one table the customer's
 * cancel and the admin's status change both follow. Canceled and Refunded are final: nothing leads
 * out of them. Refunded is reached only through a refund that moved the money (POST
 * /api/orders/{id}/refunds), never set by hand. An admin may correct the open statuses among
 * themselves, and cancel an order that has not been delivered (a paid one is refunded by that
 * cancellation). A customer may cancel a Pending order.
 */
export const ORDER_TRANSITIONS: Record<
  OrderStatus,
  { admin: readonly OrderStatus[]; customer: readonly OrderStatus[] }
> = {
  Pending: { admin: ['In Progress', 'Shipped', 'Delivered', 'Canceled'], customer: ['Canceled'] },
  'In Progress': { admin: ['Pending', 'Shipped', 'Delivered', 'Canceled'], customer: [] },
  Shipped: { admin: ['Pending', 'In Progress', 'Delivered', 'Canceled'], customer: [] },
  Delivered: { admin: ['Pending', 'In Progress', 'Shipped'], customer: [] },
  Canceled: { admin: [], customer: [] },
  Refunded: { admin: [], customer: [] },
};

/** Whether `actor` may move an order from `from` to `to` (staying put is not a move). */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: 'admin' | 'customer'): boolean {
  return ORDER_TRANSITIONS[from][actor].includes(to);
}

/** Whether nothing leads out of the status, for anyone (Canceled, Refunded): the order is over. */
export function isFinalStatus(status: OrderStatus): boolean {
  const { admin, customer } = ORDER_TRANSITIONS[status];
  return admin.length === 0 && customer.length === 0;
}

/** Why an admin cannot set that status, as the 409 says it (null when they can). */
export function transitionBlockedReason(from: OrderStatus, to: OrderStatus): string | null {
  if (from === to || canTransition(from, to, 'admin')) return null;
  if (isFinalStatus(from)) {
    return `This order is ${from.toLowerCase()}, which is final. Place a new order instead.`;
  }
  if (to === 'Refunded')
    return 'An order becomes Refunded when its payment is refunded in full. Use Refund instead.';
  return `An order that is ${from} cannot be set to ${to}.`;
}

/** The customer may change the shipping address while the order is Pending or In Progress. */
export function canEditAddress(status: OrderStatus): boolean {
  return status === 'Pending' || status === 'In Progress';
}

/** The customer may cancel unless the order is Shipped, In Progress, Delivered, or already over. */
export function canCancel(status: OrderStatus): boolean {
  return canTransition(status, 'Canceled', 'customer');
}

/** Why the order cannot be cancelled, as the order page says it (null when it can be). */
export function cancelBlockedReason(status: OrderStatus): string | null {
  if (canCancel(status)) return null;
  switch (status) {
    case 'Shipped':
      return 'This order has shipped and cannot be canceled.';
    case 'In Progress':
      return 'This order is being prepared and cannot be canceled.';
    case 'Delivered':
      return 'This order has been delivered and cannot be canceled.';
    case 'Canceled':
      return 'This order has been canceled.';
    case 'Refunded':
      return 'This order has been refunded.';
    default:
      return 'This order cannot be canceled.';
  }
}

/** Status colours: Canceled red, Shipped blue, In Progress dark green, Delivered green, others purple. */
export const STATUS_COLOURS: Record<OrderStatus, 'red' | 'blue' | 'dark-green' | 'green' | 'purple'> = {
  Pending: 'purple',
  'In Progress': 'dark-green',
  Shipped: 'blue',
  Delivered: 'green',
  Canceled: 'red',
  Refunded: 'purple',
};

const addressLine = z
  .string({ message: 'Please enter the address.' })
  .trim()
  .min(1, { message: 'Please enter the address.' })
  .max(200, { message: 'Please keep the address under 200 characters.' });

/** PATCH /api/orders/:id: the shipping address, by the owner while it may be edited. */
export const orderAddressUpdateSchema = z.object({
  shipping_address: addressLine,
  /** Optional second line; empty clears it. Left out, it stays as it was. */
  shipping_address2: z
    .string({ message: 'The second address line must be text.' })
    .trim()
    .max(200, { message: 'Please keep the second address line under 200 characters.' })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  shipping_city: z
    .string({ message: 'Please enter the city.' })
    .trim()
    .min(1, { message: 'Please enter the city.' })
    .max(100, { message: 'Please keep the city under 100 characters.' }),
  shipping_state: provinceField,
  shipping_country: z.literal(COUNTRY, { message: 'We ship within Canada only.' }).default(COUNTRY),
  shipping_postal_code: postalCodeField,
});
export type OrderAddressUpdate = z.output<typeof orderAddressUpdateSchema>;

/** PATCH /api/orders/:id/status (admin): status, the paid flag, and the parcel's carrier and tracking number. */
export const orderStatusUpdateSchema = z
  .object({
    status: z
      .enum(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}.` })
      .optional(),
    is_paid: z.boolean({ message: 'is_paid must be true or false.' }).optional(),
    /** null clears it */
    carrier: z
      .enum(CARRIERS, { message: `carrier must be one of: ${CARRIERS.join(', ')}.` })
      .nullable()
      .optional(),
    /** null or '' clears it */
    tracking_number: z
      .string({ message: TRACKING_NUMBER_MESSAGE })
      .trim()
      .refine((value) => value === '' || TRACKING_NUMBER_PATTERN.test(value), {
        message: TRACKING_NUMBER_MESSAGE,
      })
      .transform((value) => value.replace(/\s+/g, ' ') || null)
      .nullable()
      .optional(),
  })
  .refine(
    (update) =>
      update.status !== undefined ||
      update.is_paid !== undefined ||
      update.carrier !== undefined ||
      update.tracking_number !== undefined,
    { message: 'Send a status, is_paid, or both.' },
  );
export type OrderStatusUpdate = z.output<typeof orderStatusUpdateSchema>;

/** The most one refund's reason may say. */
export const REASON_MAX = 500;

const AMOUNT_OR_LINES = 'Send an amount, or the lines and shipping to refund, not both.';
const LINE_QUANTITY = 'Each line needs an item_id and a quantity of at least 1.';

/**
 * POST /api/orders/:id/refunds (admin), and why: an amount in dollars (split in proportion), or
 * chosen lines and the shipping (decision 0071), whose amount the server works out.
 */
export const refundRequestSchema = z
  .object({
    amount: z
      .number({ message: 'amount must be a number of dollars.' })
      .finite({ message: 'amount must be a number of dollars.' })
      .positive({ message: 'The refund must be more than $0.00.' })
      .max(50_000, { message: 'The refund is more than what is left to refund on this order.' })
      .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, {
        message: 'amount must have at most two decimals.',
      })
      .transform((dollars) => Math.round(dollars * 100))
      // A positive amount too small to be a cent (5e-324) rounds to 0: still not a refund.
      .refine((cents) => cents > 0, { message: 'The refund must be more than $0.00.' })
      .optional(),
    /** Units of the order's lines (`item_id` is the order item's id). */
    lines: z
      .array(
        z.object(
          {
            item_id: z.number({ message: LINE_QUANTITY }).int({ message: LINE_QUANTITY }).positive(),
            quantity: z
              .number({ message: LINE_QUANTITY })
              .int({ message: LINE_QUANTITY })
              .min(1, { message: LINE_QUANTITY })
              .max(10_000, { message: LINE_QUANTITY }),
          },
          { message: LINE_QUANTITY },
        ),
        { message: 'lines must be a list of { item_id, quantity }.' },
      )
      .max(100, { message: 'lines must be a list of { item_id, quantity }.' })
      .refine((lines) => new Set(lines.map((line) => line.item_id)).size === lines.length, {
        message: 'Each line may appear once.',
      })
      .optional(),
    /** With `lines`: give back what is left of the shipping too. */
    shipping: z.boolean({ message: 'shipping must be true or false.' }).optional(),
    reason: z
      .string({ message: 'Please give a reason for the refund.' })
      .trim()
      .min(1, { message: 'Please give a reason for the refund.' })
      .max(REASON_MAX, { message: `Please keep the reason under ${REASON_MAX} characters.` }),
  })
  .superRefine((request, context) => {
    const byLines = request.lines !== undefined || request.shipping !== undefined;
    if (request.amount !== undefined && byLines) {
      context.addIssue({ code: 'custom', message: AMOUNT_OR_LINES, path: ['amount'] });
    } else if (request.amount === undefined && !byLines) {
      context.addIssue({ code: 'custom', message: 'amount must be a number of dollars.', path: ['amount'] });
    } else if (byLines && (request.lines ?? []).length === 0 && request.shipping !== true) {
      context.addIssue({
        code: 'custom',
        message: 'Choose the lines or the shipping to refund.',
        path: ['lines'],
      });
    }
  });
export type RefundRequest = z.output<typeof refundRequestSchema>;

export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;

/** A refund of the order's payment: pending until the provider has taken it. */
export const orderRefundSchema = z.object({
  id: z.number().int(),
  /** dollars */
  amount: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATES),
  created_at: z.string(),
  /**
   * What it gives back of the goods and the shipping, in dollars, and of each tax (decision 0070);
   * together they make `amount`. The defaults read a refund a browser tab kept from before.
   */
  goods: z.number().default(0),
  shipping: z.number().default(0),
  taxes: z.array(z.object({ code: z.enum(TAX_CODES), province: z.string(), amount: z.number() })).default([]),
  /** A refund by line: the units of each line it gave back (`item_id` is the order item's id). */
  lines: z.array(z.object({ item_id: z.number().int(), quantity: z.number().int() })).default([]),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  quantity: z.number().int(),
  /** unit price at the time of the order, in cents */
  price: z.number().int(),
  /** The product's tax class when ordered (decision 0066). */
  tax_class: z.enum(TAX_CLASSES).default('standard'),
  /**
   * The line's share of each tax, in cents like its price; they add up to the order's `taxes`. Empty
   * on orders placed before taxes were kept per line.
   */
  taxes: z.array(z.object({ code: z.enum(TAX_CODES), amount: z.number().int() })).default([]),
});

/**
 * One tax an order was charged (decision 0066), in dollars like the order's totals: its code, its
 * rate as a fraction (0.05), the province it was charged for, and its amount.
 */
export const orderTaxSchema = z.object({
  code: z.enum(TAX_CODES),
  rate: z.number(),
  province: z.string(),
  amount: z.number(),
});
export type OrderTax = z.infer<typeof orderTaxSchema>;

/** A time per status (ISO), for the statuses the order has moved into. */
export const statusDatesSchema = z.partialRecord(z.enum(ORDER_STATUSES), z.string());
export type StatusDates = z.infer<typeof statusDatesSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  subtotal: z.number(),
  shipping_cost: z.number(),
  tax_amount: z.number(),
  /** Each tax charged, their sum `tax_amount` (decision 0066). */
  taxes: z.array(orderTaxSchema).default([]),
  is_paid: z.boolean(),
  payment_intent_id: z.string().nullable(),
  shipping_address: z.string(),
  shipping_address2: z.string().nullable(),
  shipping_city: z.string(),
  shipping_state: z.string(),
  shipping_country: z.string(),
  shipping_postal_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  items: z.array(orderItemSchema),
  /**
   * The parcel (decision 0023): carrier, tracking number, and the carrier's tracking page for it.
   */
  // The defaults read an order a browser tab kept from before these fields existed.
  carrier: z.enum(CARRIERS).nullable().default(null),
  tracking_number: z.string().nullable().default(null),
  tracking_url: z.string().nullable().default(null),
  /** Refunds of the payment, oldest first. */
  refunds: z.array(orderRefundSchema).default([]),
  /** dollars refunded so far (succeeded refunds) */
  refunded: z.number().default(0),
  /**
   * When the order last moved into each status it has been in, from its timeline (ISO times; the
   * order page's progress tracker). A status it never moved into has none: Pending from the start
   * is `created_at`.
   */
  status_dates: statusDatesSchema.default({}),
});
export type OrderItem = z.infer<typeof orderItemSchema>;
export type Order = z.infer<typeof orderSchema>;
