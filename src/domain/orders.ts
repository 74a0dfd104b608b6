/**
 * Orders (SPEC §3, §4): the API shape (totals in dollars, item prices in cents), the statuses, what a
 * customer may do in each, the status colours, and the payloads that change an order.
 */
import { COUNTRY, postalCodeField, provinceField } from './checkout.js';
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

/** The customer may change the shipping address while the order is Pending or In Progress. */
export function canEditAddress(status: OrderStatus): boolean {
  return status === 'Pending' || status === 'In Progress';
}

/** The customer may cancel unless the order is Shipped, In Progress, Delivered, or already over. */
export function canCancel(status: OrderStatus): boolean {
  return !(['Shipped', 'In Progress', 'Delivered', 'Canceled', 'Refunded'] as OrderStatus[]).includes(status);
}

/** Why the order cannot be cancelled, as the order page says it (null when it can be). */
export function cancelBlockedReason(status: OrderStatus): string | null {
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
      return null;
  }
}

/** Status colours (SPEC §4): Canceled red, Shipped blue, In Progress dark green, Delivered green, others purple. */
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

/** PATCH /api/orders/:id: the shipping address (SPEC §7), by the owner while it may be edited. */
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

/** PATCH /api/orders/:id/status (admin): status and/or the paid flag. */
export const orderStatusUpdateSchema = z
  .object({
    status: z
      .enum(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}.` })
      .optional(),
    is_paid: z.boolean({ message: 'is_paid must be true or false.' }).optional(),
  })
  .refine((update) => update.status !== undefined || update.is_paid !== undefined, {
    message: 'Send a status, is_paid, or both.',
  });
export type OrderStatusUpdate = z.output<typeof orderStatusUpdateSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  quantity: z.number().int(),
  /** unit price at the time of the order, in cents */
  price: z.number().int(),
});

export const orderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  subtotal: z.number(),
  shipping_cost: z.number(),
  tax_amount: z.number(),
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
});
export type OrderItem = z.infer<typeof orderItemSchema>;
export type Order = z.infer<typeof orderSchema>;
