/**
 * What an admin sends to create or change a product (SPEC §7: multipart create, PATCH with the changed
 * fields). Multipart sends every value as text, so numbers are read from strings and the lists may
 * arrive as JSON text; JSON bodies send them as they are.
 */
import { productSchema } from './catalog-schemas.js';
import { MAX_RECORD_ID } from './ids.js';
import { MAX_STOCK } from './stock.js';
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
} as const;

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
});
export type ProductCreate = z.output<typeof productCreateSchema>;

/** PATCH: only the fields sent change; `is_active` hides or shows the product in the shop. */
export const productUpdateSchema = z
  .object({
    ...fields,
    is_active: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
      message: 'is_active must be true or false.',
    }),
  })
  .partial();
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/** A product as the admin's create and PATCH answer it: the catalogue shape, and whether the shop shows it. */
export const savedProductSchema = productSchema.extend({ is_active: z.boolean() });

/**
 * A product as GET /api/admin/products answers: the saved shape plus the units checkouts being paid
 * hold (they come back if not paid, issue 16).
 */
export const adminProductSchema = savedProductSchema.extend({ reserved: z.number().int().nonnegative() });

/** DELETE /api/products/:id: destroyed, or hidden because past orders name it. */
export const productDeleteReplySchema = z.union([
  z.object({ deleted: z.literal(true) }),
  z.object({ hidden: z.literal(true) }),
]);
