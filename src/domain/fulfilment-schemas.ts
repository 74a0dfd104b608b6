/**
 * The order timeline's API shape (decision 0023) as a zod schema. Kept apart from fulfilment.ts,
 * which the order pages import without zod.
 */
import { ORDER_EVENT_KINDS, type OrderEvent } from './fulfilment.js';
import { z } from './zod.js';

/** One entry of GET /api/orders/:id/timeline. */
export const orderEventSchema = z.object({
  id: z.number().int(),
  /** ISO time */
  at: z.string(),
  kind: z.enum(ORDER_EVENT_KINDS),
  /** One line, as the order dialog shows it. */
  summary: z.string(),
  actor: z.object({
    kind: z.enum(['customer', 'admin', 'system']),
    name: z.string().nullable(),
  }),
}) satisfies z.ZodType<OrderEvent>;

/** GET /api/orders/:id/timeline: the events, oldest first. */
export const orderTimelineSchema = z.array(orderEventSchema);
