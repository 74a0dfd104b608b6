/**
 * The catalogue's API shapes as zod schemas, and the types inferred from them. The server
 * and the tests use the schemas; pages import the types only (through catalog.ts), so the browser
 * never loads zod for a catalogue page.
 */
import { nutritionFactsFields } from './stored/nutrition-facts.js';
import { TAX_CLASSES } from './tax.js';
import { z } from './zod.js';

const nutritionFields = {
  calories: z.number().nullable(),
  protein: z.number().nullable(),
  fat: z.number().nullable(),
  carbs: z.number().nullable(),
  fiber: z.number().nullable(),
  gluten_free: z.boolean().nullable(),
  grain_free: z.boolean().nullable(),
};

export const nutritionSchema = z.object(nutritionFields);
export const competitorSchema = z.object({ competitor_name: z.string(), ...nutritionFields });
export const highlightSchema = z.object({ heading: z.string(), subheading: z.string() });
export const faqSchema = z.object({ question: z.string(), answer: z.string() });
/** One photo of a product's gallery (decision 0061). */
export const productImageSchema = z.object({ url: z.string(), alt: z.string() });

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.string(),
  category_id: z.number().int(),
  category_slug: z.string(),
  /** grams */
  size: z.number().nullable(),
  /** dollars, two decimals */
  price: z.number(),
  image_url: z.string().nullable(),
  /** The gallery, in order; its first image is `image_url` (decision 0061). */
  images: z.array(productImageSchema),
  sku: z.string().nullable(),
  features: z.array(z.string()),
  ideal_time_of_day: z.string().nullable(),
  nutrition_label: z.string().nullable(),
  nutrition_info: z.string().nullable(),
  highlights: z.array(highlightSchema),
  ingredients: z.array(z.string()),
  allergens: z.array(z.string()),
  nutrition: nutritionSchema,
  /**
   * The Canadian Nutrition Facts table's serving and amounts per serving, unrounded (decision
   * 0062); null when the product has none. `nutrition`'s numbers are this table's, as rounded.
   */
  nutrition_facts: z.object(nutritionFactsFields).nullable(),
  competitors: z.array(competitorSchema),
  faqs: z.array(faqSchema),
  /**
   * Units the shop can still sell, or null for made to order with no limit (domain/stock.ts,
   * decision 0022).
   */
  stock: z.number().int().nullable(),
  /** Subscribe and save (decision 0056): percent off each unit of a subscription; 0 for none. */
  subscribe_save_percent: z.number().int(),
  /**
   * How sales tax treats it (decision 0066): 'standard' (GST/HST applies) or 'zero_rated' (basic
   * groceries), the owner's call. Public too: the cart estimates its tax with it.
   */
  tax_class: z.enum(TAX_CLASSES),
  /**
   * Its published reviews from verified buyers (decision 0063): the average to one decimal (0 when
   * there is none) and how many.
   */
  rating: z.object({ average: z.number(), count: z.number().int() }),
});

export const categoryConfigSchema = z.object({
  features: z.array(z.object({ icon: z.string(), label: z.string() })),
  qualityPromise: z.object({ text: z.string(), imageUrl: z.string() }),
  ingredientHighlight: z.object({
    imageUrl: z.string(),
    altText: z.string(),
    tag: z.string(),
    title: z.string(),
    description: z.string(),
    points: z.array(z.string()),
  }),
});

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  config: categoryConfigSchema.nullable(),
  products: z.array(productSchema),
});

export type Nutrition = z.infer<typeof nutritionSchema>;
export type Competitor = z.infer<typeof competitorSchema>;
export type Product = z.infer<typeof productSchema>;
export type CategoryConfig = z.infer<typeof categoryConfigSchema>;
export type Category = z.infer<typeof categorySchema>;
