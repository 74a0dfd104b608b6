/**
 * The catalogue as the API and the pages see it. Prices here are dollars (API shape);
 * everything that computes with them converts to cents first (money.ts).
 */
import type { Product } from './catalog-schemas.js';

export type { Category, CategoryConfig, Competitor, Nutrition, Product } from './catalog-schemas.js';

/** Slug of the one product the variety-pack page shows. */
export const VARIETY_PACK_SLUG = 'chunky-variety-pack';
/** The products the variety pack holds one of each, in the pack's order (docs/product.md, Variety pack). */
export const VARIETY_PACK_FLAVOUR_SLUGS = [
  'classic-chocolate-chunk-protein-cookies',
  'double-chocolate-chunk-protein-cookies',
  'peanut-butter-crunch-protein-cookies',
  'white-chocolate-macadamia-protein-cookies',
] as const;
export const COOKIES_CATEGORY_NAME = 'Chunky Protein Cookies';
/** Category pages (docs/product.md, Screens), in menu order. */
export const CATEGORY_PAGE_SLUGS = ['chunky-protein-cookies', 'energybites', 'granola'] as const;

/** The size line of a product card: cookies 'Pack of 8 (680 g)', variety pack 'Pack of 4', else '240 g'. */
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
