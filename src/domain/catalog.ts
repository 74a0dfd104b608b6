/**
 * The catalogue as the API and the pages see it (SPEC §3). Prices here are dollars (API shape);
 * everything that computes with them converts to cents first (money.ts).
 */
import { z } from 'zod';

/** Slug of the one product the variety-pack page shows (SPEC §2). */
export const VARIETY_PACK_SLUG = 'chunky-variety-pack';
export const COOKIES_CATEGORY_NAME = 'Chunky Protein Cookies';
/** Category pages of SPEC §2, in menu order. */
export const CATEGORY_PAGE_SLUGS = ['chunky-protein-cookies', 'energybites', 'granola'] as const;

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
  sku: z.string().nullable(),
  features: z.array(z.string()),
  ideal_time_of_day: z.string().nullable(),
  nutrition_label: z.string().nullable(),
  nutrition_info: z.string().nullable(),
  highlights: z.array(highlightSchema),
  ingredients: z.array(z.string()),
  allergens: z.array(z.string()),
  nutrition: nutritionSchema,
  competitors: z.array(competitorSchema),
  faqs: z.array(faqSchema),
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

/** The size line of a product card (SPEC §9): cookies 'Pack of 8 (680 g)', variety pack 'Pack of 4', else '240 g'. */
export function sizeLabel(product: Pick<Product, 'slug' | 'category' | 'size'>): string {
  if (product.slug === VARIETY_PACK_SLUG) return 'Pack of 4';
  if (product.category === COOKIES_CATEGORY_NAME) return `Pack of 8 (${product.size ?? 0} g)`;
  return product.size == null ? '' : `${product.size} g`;
}

/** Best time to eat, with the spec's default. */
export function idealTimeOfDay(product: Pick<Product, 'ideal_time_of_day'>): string {
  return product.ideal_time_of_day?.trim() || 'Anytime';
}

/** What a product card, the starter pack or a cart line needs: pages send only this to the browser. */
export type ProductSummary = Pick<
  Product,
  'id' | 'name' | 'slug' | 'description' | 'category' | 'size' | 'price' | 'image_url' | 'sku'
>;

export function productSummary(p: ProductSummary): ProductSummary {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    category: p.category,
    size: p.size,
    price: p.price,
    image_url: p.image_url,
    sku: p.sku,
  };
}
