/**
 * The API shapes of product reviews (decision 0063) as zod schemas; the rules are in
 * product-reviews.ts.
 */
import {
  productReviewMessages,
  REVIEW_PAGE_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
  type ReviewSettings,
} from './product-reviews.js';
import { containsNul, NUL_MESSAGE, wellFormed } from './text.js';
import { z } from './zod.js';

/** Trimmed text with a length range; NUL refused, lone surrogates replaced (domain/text.ts). */
const reviewText = (what: string, min: number, max: number) =>
  z
    .string({ message: `${what} must be text.` })
    .trim()
    .min(min, { message: min <= 1 ? `${what} is required.` : `${what} needs at least ${min} characters.` })
    .max(max, { message: `${what} must be at most ${max} characters.` })
    .refine((value) => !containsNul(value), { message: NUL_MESSAGE })
    .transform(wellFormed);

/** POST /api/products/{slug}/reviews: creates the caller's review of the product, or edits it. */
export const productReviewInputSchema = z.object({
  rating: z
    .number({ message: 'rating must be a whole number from 1 to 5.' })
    .int({ message: 'rating must be a whole number from 1 to 5.' })
    .min(1, { message: 'rating must be a whole number from 1 to 5.' })
    .max(5, { message: 'rating must be a whole number from 1 to 5.' }),
  title: reviewText('The title', 1, REVIEW_TITLE_MAX),
  text: reviewText('The review', REVIEW_TEXT_MIN, REVIEW_TEXT_MAX),
  /** Show "Jane D." (from the account) with the review; otherwise it reads "Verified buyer". */
  showName: z.boolean({ message: 'showName must be true or false.' }).optional().default(false),
});
export type ProductReviewInput = z.input<typeof productReviewInputSchema>;
export type ProductReviewFields = z.output<typeof productReviewInputSchema>;

const pageField = z.coerce
  .number({ message: 'page must be a whole number from 1.' })
  .int({ message: 'page must be a whole number from 1.' })
  .min(1, { message: 'page must be a whole number from 1.' })
  .max(REVIEW_PAGE_MAX, { message: `page must be at most ${REVIEW_PAGE_MAX}.` })
  .default(1);

/** GET /api/products/{slug}/reviews?sort=&page= */
export const productReviewsQuerySchema = z.object({
  sort: z
    .enum(REVIEW_SORTS, { message: `sort must be one of: ${REVIEW_SORTS.join(', ')}.` })
    .default('newest'),
  page: pageField,
});
export type ProductReviewsQuery = z.output<typeof productReviewsQuerySchema>;

/** GET /api/admin/product-reviews?status=&page= */
export const adminProductReviewsQuerySchema = z.object({
  status: z
    .enum(REVIEW_STATUSES, { message: `status must be one of: ${REVIEW_STATUSES.join(', ')}.` })
    .optional(),
  page: pageField,
});
export type AdminProductReviewsQuery = z.output<typeof adminProductReviewsQuerySchema>;

/**
 * PATCH /api/admin/product-reviews/{id}: publish or hide, and/or reply (an empty reply or null
 * removes it).
 */
export const productReviewModerationSchema = z
  .object({
    status: z.enum(['published', 'hidden'], { message: 'status must be published or hidden.' }).optional(),
    reply: z
      .union([
        z.null(),
        z
          .string({ message: 'The reply must be text.' })
          .trim()
          .max(REVIEW_REPLY_MAX, { message: `The reply must be at most ${REVIEW_REPLY_MAX} characters.` })
          .refine((value) => !containsNul(value), { message: NUL_MESSAGE })
          .transform(wellFormed),
      ])
      .optional()
      .transform((value) => (value === '' ? null : value)),
  })
  .refine((body) => body.status !== undefined || body.reply !== undefined, {
    message: productReviewMessages.nothingToChange,
  });
export type ProductReviewModeration = z.output<typeof productReviewModerationSchema>;
export type ProductReviewModerationInput = z.input<typeof productReviewModerationSchema>;

/** GET and PUT /api/admin/review-settings. */
export const reviewSettingsSchema = z.object({
  moderation: z.boolean({ message: 'moderation must be true or false.' }),
}) satisfies z.ZodType<ReviewSettings>;

export const reviewReplySchema = z.object({ text: z.string(), date: z.string() });

/** A published review as shoppers see it. */
export const publicProductReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** "Jane D." when the customer chose to show it, else "Verified buyer". */
  author: z.string(),
  /** ISO 8601: when it was first written. */
  created_at: z.string(),
  helpful_count: z.number().int(),
  reply: reviewReplySchema.nullable(),
});
export type PublicProductReview = z.infer<typeof publicProductReviewSchema>;

export const ratingDistributionSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});

export const ratingSummarySchema = z.object({
  /** One decimal; 0 when there is no published review. */
  average: z.number(),
  count: z.number().int(),
  distribution: ratingDistributionSchema,
});

export const productReviewPageSchema = z.object({
  summary: ratingSummarySchema,
  sort: z.enum(REVIEW_SORTS),
  page: z.number().int(),
  page_size: z.number().int(),
  /** How many pages of published reviews there are (0 when none). */
  pages: z.number().int(),
  reviews: z.array(publicProductReviewSchema),
});
export type ProductReviewPage = z.infer<typeof productReviewPageSchema>;

/** The caller's own review of a product, as the form edits it. */
export const ownProductReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  showName: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
});
export type OwnProductReview = z.infer<typeof ownProductReviewSchema>;

/** GET /api/products/{slug}/reviews/mine, and what POST answers. */
export const myProductReviewSchema = z.object({
  eligible: z.boolean(),
  /** Why not, when not eligible. */
  reason: z.string().nullable(),
  /** The name a review can show: "Jane D.", or null when the account has no usable name. */
  displayName: z.string().nullable(),
  review: ownProductReviewSchema.nullable(),
});
export type MyProductReview = z.infer<typeof myProductReviewSchema>;

/** A review in the admin's Reviews tab. */
export const adminProductReviewSchema = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  author: z.string(),
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  helpful_count: z.number().int(),
  reply: reviewReplySchema.nullable(),
});
export type AdminProductReview = z.infer<typeof adminProductReviewSchema>;

export const adminProductReviewPageSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  reviews: z.array(adminProductReviewSchema),
});
export type AdminProductReviewPage = z.infer<typeof adminProductReviewPageSchema>;

export const helpfulVoteSchema = z.object({ helpful_count: z.number().int() });
