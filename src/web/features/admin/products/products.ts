/**
 * Product Management (decision 0015): the admin list's product shape, the create and edit form, and
 * what each sends: the whole product as multipart on create, only the changed fields on edit.
 */
import { type Product } from '../../../../domain/catalog-schemas';
import { formatAmount, formatPrice, dollarsToCents } from '../../../../domain/money';
import {
  MAX_PRODUCT_IMAGE_BYTES as MAX_IMAGE_BYTES,
  PRODUCT_IMAGE_TYPES as IMAGE_TYPES,
  PRODUCT_LIMITS,
  PRODUCT_STATUSES,
  adminProductSchema,
  productDeleteReplySchema,
} from '../../../../domain/product-admin';
import {
  MAX_STOCK,
  adjustmentProblem,
  signedUnits,
  STOCK_NOTE_MAX,
  STOCK_REASON_LABELS,
  STOCK_REASONS,
  type StockReason,
} from '../../../../domain/stock';
import { MAX_SUBSCRIBE_SAVE_PERCENT } from '../../../../domain/subscriptions';
import { DEFAULT_TAX_CLASS, TAX_CLASSES } from '../../../../domain/tax';
import type { StockMovement } from '../../../../domain/stock-schemas';
import { z } from '../../../../domain/zod';
import { nutritionFactsFormSchema, nutritionFactsFormValues } from './nutrition-facts-form';

export type AdminProduct = z.infer<typeof adminProductSchema>;

export const categoryOptionSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type CategoryOption = z.infer<typeof categoryOptionSchema>;

export { adminProductSchema, productDeleteReplySchema as deleteReplySchema };

export { IMAGE_TYPES, MAX_IMAGE_BYTES };

/** Why an image cannot be uploaded, checked before sending (the server checks the bytes again). */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Please choose a JPEG, PNG or WebP image.';
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return `The image is too large: please keep it under ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
  }
  return null;
}

const PRICE = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;
export const STOCK_MESSAGE = `Enter a whole number from 0 to ${MAX_STOCK.toLocaleString('en-CA')}, or leave it empty for made to order.`;
/** 'under 5,000 characters': the limits are the server's (src/domain/product-admin.ts). */
const under = (max: number) => `under ${max.toLocaleString('en-CA')} characters`;

const nullIfEmpty = (value: string) => (value === '' ? null : value);
const lines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const trimmed = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `Please keep ${what} ${under(max)}.` });

/** A comparison value as typed: empty for unknown ('N/A' on the page), else grams or calories. */
const comparisonValue = z
  .string()
  .trim()
  .refine(
    (value) =>
      value === '' || (/^\d+(\.\d+)?$/.test(value) && Number(value) <= PRODUCT_LIMITS.nutritionValue),
    { message: 'A number, or empty.' },
  )
  .transform((value) => (value === '' ? null : Number(value)));
const dietChoice = z.enum(['', 'yes', 'no']).transform((value) => (value === '' ? null : value === 'yes'));

/**
 * A list of rows typed in the form. Blank rows are dropped; a row with something in it needs its
 * `required` fields (the server checks the same, src/domain/product-admin.ts).
 */
function rows<T extends z.ZodRawShape>(
  shape: T,
  required: (keyof T & string)[],
  message: string,
  max: number,
) {
  return z
    .array(z.object(shape))
    .superRefine((list, ctx) => {
      list.forEach((row, index) => {
        const values = Object.values(row as Record<string, unknown>);
        if (values.every((value) => value === null || value === '')) return;
        for (const key of required) {
          if (!(row as Record<string, unknown>)[key])
            ctx.addIssue({ code: 'custom', path: [index, key], message });
        }
      });
    })
    .transform((list) =>
      list.filter((row) =>
        Object.values(row as Record<string, unknown>).some((value) => value !== null && value !== ''),
      ),
    )
    .refine((list) => list.length <= max, { message: `Up to ${max} entries.` });
}

/** The form as typed (all text) and, after parsing, the product fields the API takes. */
export const productFormSchema = z.object({
  /** Whether shoppers see it (decision 0065): a draft is for admins only. */
  status: z.enum(PRODUCT_STATUSES),
  name: z
    .string()
    .trim()
    .min(1, { message: 'Please enter the product name.' })
    .max(PRODUCT_LIMITS.name, { message: `Please keep the name ${under(PRODUCT_LIMITS.name)}.` }),
  description: z
    .string()
    .trim()
    .min(1, { message: 'Please enter a description.' })
    .max(PRODUCT_LIMITS.description, {
      message: `Please keep the description ${under(PRODUCT_LIMITS.description)}.`,
    }),
  price: z
    .string()
    .trim()
    .regex(PRICE, { message: 'Enter the price in dollars with up to two decimals, e.g. 12.95.' })
    .refine((value) => Number(value) > 0, { message: 'The price must be more than $0.00.' })
    .refine((value) => Number(value) <= PRODUCT_LIMITS.price, {
      message: `The price must be at most ${formatPrice(dollarsToCents(PRODUCT_LIMITS.price))}.`,
    })
    .transform((value) => dollarsToCents(Number(value)) / 100),
  category_id: z
    .string()
    .regex(/^\d+$/, { message: 'Please choose a category.' })
    .transform((value) => Number(value)),
  ideal_time_of_day: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.idealTimeOfDay, {
      message: `Please keep this ${under(PRODUCT_LIMITS.idealTimeOfDay)}.`,
    })
    .transform(nullIfEmpty),
  nutrition_info: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.nutritionInfo, {
      message: `Please keep this ${under(PRODUCT_LIMITS.nutritionInfo)}.`,
    })
    .transform(nullIfEmpty),
  size: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' || (WHOLE.test(value) && Number(value) > 0 && Number(value) <= PRODUCT_LIMITS.size),
      {
        message: 'Enter the size in whole grams, e.g. 680.',
      },
    )
    .transform((value) => (value === '' ? null : Number(value))),
  sku: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.sku, { message: `Please keep the SKU ${under(PRODUCT_LIMITS.sku)}.` })
    .transform(nullIfEmpty),
  features: z.string().transform(lines),
  ingredients: z.string().transform(lines),
  allergens: z.string().transform(lines),
  /**
   * Units on hand (what can be sold plus what checkouts being paid hold; decision 0039); empty for
   * made to order (no limit), 0 for sold out.
   */
  stock: z
    .string()
    .trim()
    .refine((value) => value === '' || (WHOLE.test(value) && Number(value) <= MAX_STOCK), {
      message: STOCK_MESSAGE,
    })
    .transform((value) => (value === '' ? null : Number(value))),
  /** Subscribe and save (decision 0056): percent off each subscription unit, 0 to 50. */
  subscribe_save_percent: z
    .string()
    .trim()
    .refine((value) => value === '' || (WHOLE.test(value) && Number(value) <= MAX_SUBSCRIBE_SAVE_PERCENT), {
      message: `Enter a whole percentage from 0 to ${MAX_SUBSCRIBE_SAVE_PERCENT}.`,
    })
    .transform((value) => (value === '' ? 0 : Number(value))),
  /** How sales tax treats it (decision 0066): standard (taxable) or zero-rated (basic groceries). */
  tax_class: z.enum(TAX_CLASSES),
  highlights: rows(
    {
      heading: trimmed(PRODUCT_LIMITS.highlightHeading, 'the heading'),
      subheading: trimmed(PRODUCT_LIMITS.highlightSubheading, 'the text'),
    },
    ['heading'],
    'Please enter a heading, or clear the row.',
    PRODUCT_LIMITS.highlights,
  ),
  competitors: rows(
    {
      competitor_name: trimmed(PRODUCT_LIMITS.competitorName, 'the name'),
      calories: comparisonValue,
      protein: comparisonValue,
      fat: comparisonValue,
      carbs: comparisonValue,
      fiber: comparisonValue,
      gluten_free: dietChoice,
      grain_free: dietChoice,
    },
    ['competitor_name'],
    'Please name the snack compared, or clear the row.',
    PRODUCT_LIMITS.competitors,
  ),
  faqs: rows(
    {
      question: trimmed(PRODUCT_LIMITS.faqQuestion, 'the question'),
      answer: trimmed(PRODUCT_LIMITS.faqAnswer, 'the answer'),
    },
    ['question', 'answer'],
    'Please fill in both the question and the answer, or clear the row.',
    PRODUCT_LIMITS.faqs,
  ),
  /** The Nutrition Facts table, or null when every box is empty (decision 0062). */
  nutrition_facts: nutritionFactsFormSchema,
});
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFields = z.output<typeof productFormSchema>;
export type ProductFieldName = keyof ProductFields;

/** What the form shows for a product (or empty, for a new one): the stock is the count on hand. */
export function productFormValues(
  product?: Product & { on_hand?: number | null; status?: 'draft' | 'active' },
): ProductFormInput {
  const stock = product?.on_hand !== undefined ? product.on_hand : product?.stock;
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? formatAmount(dollarsToCents(product.price)) : '',
    category_id: product ? String(product.category_id) : '',
    ideal_time_of_day: product?.ideal_time_of_day ?? '',
    nutrition_info: product?.nutrition_info ?? '',
    size: product?.size == null ? '' : String(product.size),
    sku: product?.sku ?? '',
    features: product?.features.join('\n') ?? '',
    ingredients: product?.ingredients.join('\n') ?? '',
    allergens: product?.allergens.join('\n') ?? '',
    stock: stock == null ? '' : String(stock),
    subscribe_save_percent: String(product?.subscribe_save_percent ?? 0),
    tax_class: product?.tax_class ?? DEFAULT_TAX_CLASS,
    status: product && 'status' in product && product.status === 'active' ? 'active' : 'draft',
    highlights: (product?.highlights ?? []).map((h) => ({ heading: h.heading, subheading: h.subheading })),
    competitors: (product?.competitors ?? []).map((c) => ({
      competitor_name: c.competitor_name,
      calories: numberText(c.calories),
      protein: numberText(c.protein),
      fat: numberText(c.fat),
      carbs: numberText(c.carbs),
      fiber: numberText(c.fiber),
      gluten_free: dietText(c.gluten_free),
      grain_free: dietText(c.grain_free),
    })),
    faqs: (product?.faqs ?? []).map((f) => ({ question: f.question, answer: f.answer })),
    nutrition_facts: nutritionFactsFormValues(product?.nutrition_facts),
  };
}

const numberText = (value: number | null) => (value === null ? '' : String(value));
const dietText = (value: boolean | null): 'yes' | 'no' | '' => (value === null ? '' : value ? 'yes' : 'no');

/** An empty row of each list, for the form's Add buttons. */
export const EMPTY_ROWS = {
  highlights: { heading: '', subheading: '' },
  competitors: {
    competitor_name: '',
    calories: '',
    protein: '',
    fat: '',
    carbs: '',
    fiber: '',
    gluten_free: '',
    grain_free: '',
  },
  faqs: { question: '', answer: '' },
} as const satisfies { [K in 'highlights' | 'competitors' | 'faqs']: ProductFormInput[K][number] };

/** The fields of a product as the form would produce them, to compare with what was submitted. */
export function productFields(
  product: Product & { on_hand?: number | null; status?: 'draft' | 'active' },
): ProductFields {
  return productFormSchema.parse(productFormValues(product));
}

/** Only the fields that differ (PATCH sends nothing else). */
export function changedFields(before: ProductFields, after: ProductFields): Partial<ProductFields> {
  const changes: Partial<Record<ProductFieldName, unknown>> = {};
  for (const key of Object.keys(after) as ProductFieldName[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  }
  return changes as Partial<ProductFields>;
}

/** Multipart fields: text as is, the price with two decimals, lists as JSON arrays, empty for none. */
export function productFormData(fields: Partial<ProductFields>, image: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields) as [
    ProductFieldName,
    ProductFields[ProductFieldName],
  ][]) {
    if (key === 'price' && typeof value === 'number') form.append(key, formatAmount(dollarsToCents(value)));
    // Lists and the Nutrition Facts table as JSON text.
    else if (typeof value === 'object' && value !== null) form.append(key, JSON.stringify(value));
    else if (value === null) form.append(key, '');
    else if (value !== undefined) form.append(key, String(value));
  }
  if (image) form.append('image', image);
  return form;
}

/** The fields a new product sends: the optional ones only when filled in. */
export function createFields(fields: ProductFields): Partial<ProductFields> {
  const { size, sku, ideal_time_of_day, nutrition_info, stock, ...rest } = fields;
  return {
    ...rest,
    ...(stock === null ? {} : { stock }),
    ...(size === null ? {} : { size }),
    ...(sku === null ? {} : { sku }),
    ...(ideal_time_of_day === null ? {} : { ideal_time_of_day }),
    ...(nutrition_info === null ? {} : { nutrition_info }),
  };
}

/** Products whose name, SKU or slug contains the search, in the chosen category ('' for all). */
export function filterProducts(
  products: AdminProduct[],
  search: string,
  categoryId: string,
  visibility: 'all' | 'visible' | 'hidden',
): AdminProduct[] {
  const needle = search.trim().toLowerCase();
  return products.filter(
    (product) =>
      (categoryId === '' || String(product.category_id) === categoryId) &&
      (visibility === 'all' || product.is_active === (visibility === 'visible')) &&
      (needle === '' ||
        product.name.toLowerCase().includes(needle) ||
        product.slug.includes(needle) ||
        (product.sku ?? '').toLowerCase().includes(needle)),
  );
}

/** The stock as the list shows it: 'Made to order', 'Sold out' or '12 left'. */
export function stockText(stock: number | null): string {
  if (stock === null) return 'Made to order';
  if (stock === 0) return 'Sold out';
  return `${stock.toLocaleString('en-CA')} left`;
}

/** '2 held in checkouts', or null when none are. */
export function heldText(reserved: number): string | null {
  if (reserved <= 0) return null;
  return `${reserved.toLocaleString('en-CA')} held in checkouts`;
}

/**
 * An edit's fields as sent: a new count goes with the count on hand the form was opened with, so the
 * server refuses it if the stock moved since (decision 0039).
 */
export function editFields(
  changes: Partial<ProductFields>,
  product: Pick<AdminProduct, 'on_hand'>,
): Partial<ProductFields> & { expected_stock?: number | null } {
  return changes.stock === undefined ? changes : { ...changes, expected_stock: product.on_hand };
}

/** Whether a 409 of a product save is about the stock having moved since the form was opened. */
export const isStaleStock = (message: string) => message.startsWith('The stock has changed');

export { STOCK_REASONS, STOCK_REASON_LABELS, STOCK_NOTE_MAX, type StockReason };

/** The 'Adjust stock' form as typed. */
export interface AdjustmentInput {
  delta: string;
  reason: StockReason | '';
  note: string;
}

/** The adjustment to send, or what is wrong with each field (the server checks the same rules). */
export function parseAdjustment(
  input: AdjustmentInput,
):
  | { ok: true; value: { delta: number; reason: StockReason; note: string | null } }
  | { ok: false; errors: Partial<Record<keyof AdjustmentInput, string>> } {
  const errors: Partial<Record<keyof AdjustmentInput, string>> = {};
  const text = input.delta.trim().replace(/^\+/, '').replace('−', '-');
  const delta = /^-?\d{1,7}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(delta) || delta === 0 || Math.abs(delta) > MAX_STOCK) {
    errors.delta = 'Enter the units received (e.g. 24) or gone (e.g. -6).';
  }
  if (!input.reason) errors.reason = 'Please choose a reason.';
  const note = input.note.trim();
  if (note.length > STOCK_NOTE_MAX) {
    errors.note = `Please keep the note under ${STOCK_NOTE_MAX.toLocaleString('en-CA')} characters.`;
  }
  if (Object.keys(errors).length === 0 && input.reason) {
    const problem = adjustmentProblem(delta, input.reason, note || null);
    if (problem) errors[problem.startsWith('Please say') ? 'note' : 'delta'] = problem;
  }
  if (Object.keys(errors).length > 0 || !input.reason) return { ok: false, errors };
  return { ok: true, value: { delta, reason: input.reason, note: note || null } };
}

/** A line of the stock history: '+24 Received', 'Count set to 20 (+2)', 'Made to order'. */
export function movementText(movement: StockMovement): string {
  if (movement.kind === 'adjustment') {
    const why = movement.reason ? STOCK_REASON_LABELS[movement.reason] : '';
    return `${signedUnits(movement.delta ?? 0)} ${why}`.trim();
  }
  if (movement.on_hand_after === null) return 'Set to made to order';
  const count = `Count set to ${movement.on_hand_after.toLocaleString('en-CA')}`;
  return movement.delta === null ? count : `${count} (${signedUnits(movement.delta)})`;
}

/** What the history says followed: '18 on hand, 14 available', and the holds written off. */
export function movementAfter(movement: StockMovement): string {
  if (movement.on_hand_after === null || movement.stock_after === null) return 'No count';
  const onHand = `${movement.on_hand_after.toLocaleString('en-CA')} on hand`;
  const available =
    movement.stock_after === movement.on_hand_after
      ? ''
      : `, ${movement.stock_after.toLocaleString('en-CA')} available`;
  const writtenOff =
    movement.held_written_off > 0
      ? `; ${movement.held_written_off.toLocaleString('en-CA')} held in checkouts will not come back`
      : '';
  return `${onHand}${available}${writtenOff}`;
}
