/**
 * A product's stock changes as the admin API takes and answers them (decision 0039): an adjustment
 * (units received or gone, and why), the history's entries and its pages. The rules are stock.ts's.
 */
import { adjustmentProblem, MAX_STOCK, STOCK_NOTE_MAX, STOCK_REASONS } from './stock.js';
import { z } from './zod.js';

const noteField = z
  .string({ message: 'The note must be text.' })
  .trim()
  .max(STOCK_NOTE_MAX, { message: `The note must be at most ${STOCK_NOTE_MAX} characters.` });

const ADJUST_MESSAGE = `delta must be a whole number of units from -${MAX_STOCK.toLocaleString('en-CA')} to +${MAX_STOCK.toLocaleString('en-CA')}, not 0.`;

/** POST /api/products/:id/stock-adjustments: units received (+) or gone (-), and why (decision 0039). */
export const stockAdjustmentSchema = z
  .object({
    delta: z
      .number({ message: ADJUST_MESSAGE })
      .int({ message: ADJUST_MESSAGE })
      .min(-MAX_STOCK, { message: ADJUST_MESSAGE })
      .max(MAX_STOCK, { message: ADJUST_MESSAGE })
      .refine((delta) => delta !== 0, { message: ADJUST_MESSAGE }),
    reason: z.enum(STOCK_REASONS, { message: `reason must be one of: ${STOCK_REASONS.join(', ')}.` }),
    note: noteField.nullish().transform((value) => value || null),
  })
  .superRefine((adjustment, ctx) => {
    const problem = adjustmentProblem(adjustment.delta, adjustment.reason, adjustment.note);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>;

/** One change of a product's count, as its stock history lists it, newest first. */
export const stockMovementSchema = z.object({
  id: z.number().int(),
  /** adjustment: '+24 received'; set: the count on hand written in the product form */
  kind: z.enum(['adjustment', 'set']),
  /** the change of the count on hand; null when the product went to or from made to order */
  delta: z.number().int().nullable(),
  reason: z.enum(STOCK_REASONS).nullable(),
  note: z.string().nullable(),
  /** who: the admin's name as it was then (null once unknown) */
  by: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  at: z.string(),
  /** what could be sold right after (products.stock; null: made to order) */
  stock_after: z.number().int().nullable(),
  /** on hand right after: what could be sold plus what checkouts held */
  on_hand_after: z.number().int().nullable(),
  /** units held by checkouts that the change took: they do not come back if the checkout expires */
  held_written_off: z.number().int().nonnegative(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** The answer of an adjustment: the entry written, and the product's counts after it. */
export const stockAdjustmentReplySchema = z.object({
  movement: stockMovementSchema,
  stock: z.number().int().nullable(),
  reserved: z.number().int().nonnegative(),
  on_hand: z.number().int().nonnegative().nullable(),
});

const PAGE_MESSAGE = 'page must be a whole number from 1.';
const PAGE_SIZE_MESSAGE = 'pageSize must be a whole number from 1 to 100.';

/** ?page=&pageSize= of a product's stock history. */
export const stockHistoryQuerySchema = z.object({
  page: z.coerce
    .number({ message: PAGE_MESSAGE })
    .int({ message: PAGE_MESSAGE })
    .min(1, { message: PAGE_MESSAGE })
    .max(100_000, { message: PAGE_MESSAGE })
    .default(1),
  pageSize: z.coerce
    .number({ message: PAGE_SIZE_MESSAGE })
    .int({ message: PAGE_SIZE_MESSAGE })
    .min(1, { message: PAGE_SIZE_MESSAGE })
    .max(100, { message: PAGE_SIZE_MESSAGE })
    .default(20),
});
export type StockHistoryQuery = z.output<typeof stockHistoryQuerySchema>;
