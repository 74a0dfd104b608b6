/**
 * What an admin sends to create or change a product (multipart create, PATCH with the changed
 * fields). Multipart sends every value as text, so numbers are read from strings and the lists may
 * arrive as JSON text; JSON bodies send them as they are.
 */
import { MAX_SUBSCRIBE_SAVE_PERCENT } from './subscriptions.js';
import { productSchema } from './catalog-schemas.js';
import { MAX_RECORD_ID } from './ids.js';
import { nutritionFactsField } from './nutrition-facts-input.js';
import { MAX_STOCK } from './stock.js';
import { DEFAULT_TAX_CLASS, TAX_CLASSES } from './tax.js';
import { containsNul, NUL_MESSAGE, wellFormed } from './text.js';
import { z } from './zod.js';

const INVALID_PRICE = 'Price must be a number greater than 0 with at most two decimals.';

/** The limits of a product's fields, which the dashboard's product form checks before sending. */
export const PRODUCT_LIMITS = {
  /** characters */
  name: 120,
  description: 5000,
  idealTimeOfDay: 100,
  nutritionInfo: 5000,
  sku: 60,
  /** dollars */
  price: 100_000,
  /** grams */
  size: 100_000,
  /** entries of a list (features, ingredients, allergens), and the characters of each */
  listItems: 50,
  listItemLength: 300,
  /** the page's content lists (docs/product.md, Product management): entries and characters */
  highlights: 12,
  highlightHeading: 120,
  highlightSubheading: 500,
  competitors: 6,
  competitorName: 80,
  faqs: 30,
  faqQuestion: 300,
  faqAnswer: 3000,
  /** a nutrition value of the comparison (grams or calories) */
  nutritionValue: 10_000,
} as const;

/**
 * Whether shoppers see a product (decision 0065): a draft is invisible to them (404, not listed, not
 * in the sitemap or search) and visible to admins; active is on sale.
 */
export const PRODUCT_STATUSES = ['draft', 'active'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const ACTIVATION_NEEDS_IMAGE = 'A product needs an image before it can be active in the shop.';

/** Why a product cannot go active yet, or null: shoppers never see a product without a photo or a price. */
export function activationProblem(product: {
  image_url: string | null;
  price: number | null;
}): string | null {
  if (!product.image_url) return ACTIVATION_NEEDS_IMAGE;
  if (!(product.price !== null && product.price > 0))
    return 'A product needs a price before it can be active in the shop.';
  return null;
}

/** The product photos an admin may upload (the server checks the bytes themselves again). */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;

/** Dollars, > 0, at most two decimals; answered in cents. */
export const priceField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, { message: INVALID_PRICE })
        .transform(Number),
    ],
    {
      message: INVALID_PRICE,
    },
  )
  .refine((dollars) => Number.isFinite(dollars) && dollars > 0 && dollars <= PRODUCT_LIMITS.price, {
    message: INVALID_PRICE,
  })
  .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, { message: INVALID_PRICE })
  .transform((dollars) => Math.round(dollars * 100))
  // A price so small it rounds to 0 cents (1e-9 passes the checks above) is still not a price.
  .refine((cents) => cents > 0, { message: INVALID_PRICE });

const text = (what: string, max: number) =>
  z
    .string({ message: `${what} must be text.` })
    .trim()
    .max(max, { message: `${what} must be at most ${max} characters.` });

const optionalText = (what: string, max: number) =>
  text(what, max)
    .nullable()
    .transform((value) => value || null);

/** A list of short texts, as an array or as JSON text of one (multipart), or one item per line. */
const textList = (what: string) =>
  z
    .union([
      z.array(z.string()),
      z.string().transform((value, ctx) => {
        const trimmed = value.trim();
        if (trimmed === '') return [];
        if (trimmed.startsWith('[')) {
          try {
            const parsed: unknown = JSON.parse(trimmed);
            if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) {
              // The JSON text can spell out what the request's own checks refused: "\u0000", "\ud800".
              if (parsed.some(containsNul)) {
                ctx.addIssue({ code: 'custom', message: NUL_MESSAGE });
                return z.NEVER;
              }
              return parsed.map(wellFormed);
            }
          } catch {
            // reported below
          }
          ctx.addIssue({ code: 'custom', message: `${what} must be a list of texts.` });
          return z.NEVER;
        }
        return trimmed.split('\n');
      }),
    ])
    .transform((items) => items.map((item) => item.trim()).filter(Boolean))
    .refine(
      (items) =>
        items.length <= PRODUCT_LIMITS.listItems &&
        items.every((item) => item.length <= PRODUCT_LIMITS.listItemLength),
      {
        message: `${what} may hold up to ${PRODUCT_LIMITS.listItems} items of up to ${PRODUCT_LIMITS.listItemLength} characters.`,
      },
    );

/**
 * A list of entries of `entry`, as an array (JSON bodies) or as JSON text of one (multipart forms,
 * where every value is text). The whole list is replaced on write.
 */
const entryList = <T extends z.ZodType>(what: string, entry: T, max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      if (trimmed === '') return [];
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return value; // not a list: refused below with the list's message
      }
    },
    z
      .array(entry, { message: `${what} must be a list.` })
      .max(max, { message: `${what} may hold up to ${max} entries.` }),
  );

const requiredText = (what: string, max: number) =>
  text(what, max)
    .refine((value) => !containsNul(value), { message: NUL_MESSAGE })
    .transform(wellFormed)
    .pipe(z.string().min(1, { message: `${what} cannot be empty.` }));

const nutritionValue = (what: string) =>
  z
    .number({ message: `${what} must be a number from 0 to ${PRODUCT_LIMITS.nutritionValue}, or empty.` })
    .min(0, { message: `${what} must be a number from 0 to ${PRODUCT_LIMITS.nutritionValue}, or empty.` })
    .max(PRODUCT_LIMITS.nutritionValue, {
      message: `${what} must be a number from 0 to ${PRODUCT_LIMITS.nutritionValue}, or empty.`,
    })
    .nullable()
    .default(null);

const dietFlag = (what: string) =>
  z
    .boolean({ message: `${what} must be true, false or empty.` })
    .nullable()
    .default(null);

/** One highlight of the product page: a heading and the line under it. */
export const highlightInputSchema = z.object(
  {
    heading: requiredText('A highlight heading', PRODUCT_LIMITS.highlightHeading),
    subheading: text('A highlight text', PRODUCT_LIMITS.highlightSubheading)
      .refine((value) => !containsNul(value), { message: NUL_MESSAGE })
      .transform(wellFormed)
      .default(''),
  },
  { message: 'Each highlight needs a heading and a text.' },
);

/** One column of the nutrition comparison: another snack, per serving as its package says. */
export const competitorInputSchema = z.object(
  {
    competitor_name: requiredText('A comparison name', PRODUCT_LIMITS.competitorName),
    calories: nutritionValue('Calories'),
    protein: nutritionValue('Protein'),
    fat: nutritionValue('Fat'),
    carbs: nutritionValue('Carbohydrates'),
    fiber: nutritionValue('Fibre'),
    gluten_free: dietFlag('Gluten-free'),
    grain_free: dietFlag('Grain-free'),
  },
  { message: 'Each comparison needs a name and its values.' },
);

/** One question of the product's FAQ. */
export const faqInputSchema = z.object(
  {
    question: requiredText('A question', PRODUCT_LIMITS.faqQuestion),
    answer: requiredText('An answer', PRODUCT_LIMITS.faqAnswer),
  },
  { message: 'Each FAQ needs a question and an answer.' },
);
export type HighlightInput = z.output<typeof highlightInputSchema>;
export type CompetitorInput = z.output<typeof competitorInputSchema>;
export type FaqInput = z.output<typeof faqInputSchema>;

const statusField = z.enum(PRODUCT_STATUSES, {
  message: `status must be one of: ${PRODUCT_STATUSES.join(', ')}.`,
});

/** How sales tax treats the product (decision 0066): the owner's call, per product. */
const taxClassField = z
  .enum(TAX_CLASSES, { message: `tax_class must be one of: ${TAX_CLASSES.join(', ')}.` })
  .describe('standard: GST/HST applies; zero_rated: basic groceries, taxed at 0%.');

const idText = (what: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, { message: `${what} must be a whole number.` })
          .transform(Number),
      ],
      {
        message: `${what} must be a whole number.`,
      },
    )
    .pipe(
      z
        .number()
        .int({ message: `${what} must be a whole number.` })
        .positive({ message: `${what} must be a whole number.` })
        .max(MAX_RECORD_ID, { message: `${what} must be a whole number.` }),
    );

const sizeField = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .transform((value) => (value === '' ? null : Number(value))),
    z.null(),
  ])
  .pipe(
    z
      .number({ message: 'Size must be a whole number of grams.' })
      .int({ message: 'Size must be a whole number of grams.' })
      .positive({ message: 'Size must be a whole number of grams.' })
      .max(PRODUCT_LIMITS.size, { message: 'Size must be a whole number of grams.' })
      .nullable(),
  );

const STOCK_MESSAGE = `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-CA')}, or empty for made to order.`;

/** Units left to sell; empty or null for made to order (domain/stock.ts). 0 marks it sold out. */
const stockField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .transform((value) => (value === '' ? null : /^\d{1,9}$/.test(value) ? Number(value) : NaN)),
      z.null(),
    ],
    { message: STOCK_MESSAGE },
  )
  .pipe(
    z
      .number({ message: STOCK_MESSAGE })
      .int({ message: STOCK_MESSAGE })
      .min(0, { message: STOCK_MESSAGE })
      .max(MAX_STOCK, { message: STOCK_MESSAGE })
      .nullable(),
  );

const SUBSCRIBE_SAVE_MESSAGE = `Subscribe & save must be a whole percentage from 0 to ${MAX_SUBSCRIBE_SAVE_PERCENT}.`;
/** Percent off each subscription unit (decision 0056); a number, or text from the form. */
const subscribeSaveField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .transform((value) => (/^\d{1,3}$/.test(value) ? Number(value) : NaN)),
    ],
    {
      message: SUBSCRIBE_SAVE_MESSAGE,
    },
  )
  .pipe(
    z
      .number({ message: SUBSCRIBE_SAVE_MESSAGE })
      .int({ message: SUBSCRIBE_SAVE_MESSAGE })
      .min(0, { message: SUBSCRIBE_SAVE_MESSAGE })
      .max(MAX_SUBSCRIBE_SAVE_PERCENT, { message: SUBSCRIBE_SAVE_MESSAGE }),
  );

const fields = {
  name: text('Name', PRODUCT_LIMITS.name).min(1, { message: 'Please enter the product name.' }),
  description: text('Description', PRODUCT_LIMITS.description),
  price: priceField,
  category_id: idText('category_id'),
  ideal_time_of_day: optionalText('Ideal time of day', PRODUCT_LIMITS.idealTimeOfDay),
  nutrition_info: optionalText('Nutrition info', PRODUCT_LIMITS.nutritionInfo),
  size: sizeField,
  sku: optionalText('SKU', PRODUCT_LIMITS.sku),
  features: textList('Features'),
  ingredients: textList('Ingredients'),
  allergens: textList('Allergens'),
  stock: stockField,
  subscribe_save_percent: subscribeSaveField,
  highlights: entryList('Highlights', highlightInputSchema, PRODUCT_LIMITS.highlights),
  competitors: entryList('The comparison', competitorInputSchema, PRODUCT_LIMITS.competitors),
  faqs: entryList('FAQs', faqInputSchema, PRODUCT_LIMITS.faqs),
  status: statusField,
  tax_class: taxClassField,
  /** The Nutrition Facts table (decision 0062): the whole table, or null / empty for none. */
  nutrition_facts: nutritionFactsField,
};

export const productCreateSchema = z.object({
  ...fields,
  description: fields.description.default(''),
  ideal_time_of_day: fields.ideal_time_of_day.optional().transform((v) => v ?? null),
  nutrition_info: fields.nutrition_info.optional().transform((v) => v ?? null),
  size: fields.size.optional().transform((v) => v ?? null),
  sku: fields.sku.optional().transform((v) => v ?? null),
  features: fields.features.optional().transform((v) => v ?? []),
  ingredients: fields.ingredients.optional().transform((v) => v ?? []),
  allergens: fields.allergens.optional().transform((v) => v ?? []),
  stock: fields.stock.optional().transform((v) => v ?? null),
  subscribe_save_percent: fields.subscribe_save_percent.optional().transform((v) => v ?? 0),
  highlights: fields.highlights.optional().transform((v) => v ?? []),
  competitors: fields.competitors.optional().transform((v) => v ?? []),
  faqs: fields.faqs.optional().transform((v) => v ?? []),
  // A new product is a draft until the owner makes it active (decision 0065).
  status: fields.status.optional().transform((v) => v ?? 'draft'),
  // Taxable unless the owner says the product is a basic grocery (decision 0066).
  tax_class: fields.tax_class.optional().transform((v) => v ?? DEFAULT_TAX_CLASS),
  nutrition_facts: fields.nutrition_facts.optional().transform((v) => v ?? null),
});
export type ProductCreate = z.output<typeof productCreateSchema>;

export const EXPECTED_STOCK_MISSING =
  'expected_stock: send the stock on hand the form showed (on_hand of GET /api/admin/products, empty for made to order), so that a change made since is not overwritten.';

/**
 * PATCH: only the fields sent change; `status` (or the older `is_active`) hides or shows the product
 * in the shop. Lists (highlights, competitors, faqs) are replaced whole. `stock` is
 * the count on hand (what can be sold plus what checkouts being paid hold), and goes with
 * `expected_stock`, the count on hand the form was opened with: a PATCH whose `expected_stock` is
 * no longer true is refused, so a stale form never overwrites sales or adjustments (decision 0039).
 */
export const productUpdateSchema = z
  .object({
    ...fields,
    expected_stock: stockField,
    is_active: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
      message: 'is_active must be true or false.',
    }),
  })
  .partial()
  .refine((update) => update.stock === undefined || update.expected_stock !== undefined, {
    message: EXPECTED_STOCK_MISSING,
  })
  .refine(
    (update) =>
      update.status === undefined ||
      update.is_active === undefined ||
      update.is_active === (update.status === 'active'),
    { message: 'status and is_active disagree: send one of them.' },
  );
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/** A product as the admin's create and PATCH answer it: the catalogue shape, and whether the shop shows it. */
export const savedProductSchema = productSchema.extend({
  is_active: z.boolean(),
  /** active: on sale; draft: shoppers cannot see it (decision 0065). Always agrees with is_active. */
  status: z.enum(PRODUCT_STATUSES),
});

/**
 * A product as GET /api/admin/products answers: the saved shape plus the units checkouts being paid
 * hold (they come back if not paid, decision 0022).
 */
export const adminProductSchema = savedProductSchema.extend({
  reserved: z.number().int().nonnegative(),
  /**
   * The count on hand: `stock` plus the units checkouts being paid hold out of it (null for made to
   * order). What the product form shows and writes, and what `expected_stock` must repeat.
   */
  on_hand: z.number().int().nonnegative().nullable(),
});

/** POST /api/admin/products/:id/preview-link: the page's address with its token, and its expiry. */
export const previewLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** DELETE /api/products/:id: destroyed, or hidden because past orders name it. */
export const productDeleteReplySchema = z.union([
  z.object({ deleted: z.literal(true) }),
  z.object({ hidden: z.literal(true) }),
]);
