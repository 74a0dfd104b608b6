/**
 * Reads the catalogue: products with their nutrition, highlights, competitors, FAQs, gallery and
 * rating, and categories.
 */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '../../../domain/money.js';
import type { Category, Nutrition, Product } from '../../../domain/catalog.js';
import type { ProductStatus } from '../../../domain/product-admin.js';
import { productGallery } from '../../../domain/product-gallery.js';
import { summaryNutrition, type NutritionFacts } from '../../../domain/nutrition-facts.js';
import { parseNutritionFacts } from '../../../domain/stored/nutrition-facts.js';
import type { Database } from '../../db/client.js';
import { galleryRows } from './gallery.js';
import { createPreviewLinks } from './preview-links.js';
import {
  categories,
  productCompetitors,
  productFaqs,
  productHighlights,
  productReviews,
  products,
} from '../../db/schema.js';

type NutritionRow = Pick<
  typeof products.$inferSelect,
  'calories' | 'protein' | 'fat' | 'carbs' | 'fiber' | 'glutenFree' | 'grainFree'
>;

/**
 * A product's or competitor's nutrition in the API shape. A product with a Nutrition Facts table
 * takes its five numbers from it, as the table shows them (decision 0062); the columns answer for
 * the others and for the competitors.
 */
function nutritionOf(row: NutritionRow, facts: NutritionFacts | null = null): Nutrition {
  return {
    ...(facts
      ? summaryNutrition(facts)
      : { calories: row.calories, protein: row.protein, fat: row.fat, carbs: row.carbs, fiber: row.fiber }),
    gluten_free: row.glutenFree,
    grain_free: row.grainFree,
  };
}

/** A product as the admin sees it: the shop's shape and whether shoppers see it (decision 0065). */
export type AdminCatalogProduct = Product & { is_active: boolean; status: ProductStatus };

export interface CatalogService {
  listProducts(): Promise<Product[]>;
  /** Every product, drafts too, with `is_active` and `status` (admin). */
  listAllProducts(): Promise<AdminCatalogProduct[]>;
  /** One product by id, draft or not (admin). */
  getProductById(id: number): Promise<AdminCatalogProduct | null>;
  getProduct(slug: string): Promise<Product | null>;
  /** A product, draft or not, for the holder of a live preview link to it (decision 0065). */
  getProductPreview(slug: string, token: string): Promise<Product | null>;
  /** A preview link's token for a product, and when it stops working. */
  previewLink(productId: number): Promise<{ token: string; expiresAt: Date }>;
  listCategories(): Promise<Category[]>;
  getCategory(slug: string): Promise<Category | null>;
}

export function createCatalogService(db: Database): CatalogService {
  const previews = createPreviewLinks(db);
  /** Active products matching `where`, in shop order, with their child rows (6 queries in all). */
  async function fetchProducts(where?: SQL, includeHidden = false): Promise<AdminCatalogProduct[]> {
    const rows = await db
      .select({ product: products, category: { name: categories.name, slug: categories.slug } })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(includeHidden ? where : and(eq(products.isActive, true), where))
      .orderBy(asc(categories.sortOrder), asc(products.sortOrder), asc(products.id));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.product.id);
    const [highlights, competitors, faqs, ratings, gallery] = await Promise.all([
      db
        .select()
        .from(productHighlights)
        .where(inArray(productHighlights.productId, ids))
        .orderBy(asc(productHighlights.position)),
      db
        .select()
        .from(productCompetitors)
        .where(inArray(productCompetitors.productId, ids))
        .orderBy(asc(productCompetitors.position)),
      db
        .select()
        .from(productFaqs)
        .where(inArray(productFaqs.productId, ids))
        .orderBy(asc(productFaqs.position)),
      // Published reviews only (decision 0063): publishing or hiding one bumps the catalogue's version.
      db
        .select({
          productId: productReviews.productId,
          average: sql<number>`round(avg(${productReviews.rating}), 1)`.mapWith(Number),
          count: count(),
        })
        .from(productReviews)
        .where(and(inArray(productReviews.productId, ids), eq(productReviews.status, 'published')))
        .groupBy(productReviews.productId),
      galleryRows(db, ids),
    ]);
    const ratingOf = new Map(ratings.map((r) => [r.productId, { average: r.average, count: r.count }]));
    const byProduct = <T extends { productId: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const item of list) map.set(item.productId, [...(map.get(item.productId) ?? []), item]);
      return map;
    };
    const highlightsOf = byProduct(highlights);
    const competitorsOf = byProduct(competitors);
    const faqsOf = byProduct(faqs);
    const factsOf = new Map(
      rows.map(({ product: p }) => [p.id, parseNutritionFacts(p.id, p.nutritionFacts)]),
    );
    const galleryOf = byProduct(gallery);

    return rows.map(({ product: p, category }) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      description: p.description,
      category: category.name,
      category_id: p.categoryId,
      category_slug: category.slug,
      size: p.sizeGrams,
      price: centsToDollars(p.priceCents),
      image_url: p.imageUrl,
      images: productGallery(p.imageUrl, p.name, galleryOf.get(p.id) ?? []),
      sku: p.sku,
      features: p.features,
      ideal_time_of_day: p.idealTimeOfDay,
      nutrition_label: p.nutritionLabelUrl,
      nutrition_info: p.nutritionInfo,
      highlights: (highlightsOf.get(p.id) ?? []).map((h) => ({
        heading: h.heading,
        subheading: h.subheading,
      })),
      ingredients: p.ingredients,
      allergens: p.allergens,
      nutrition: nutritionOf(p, factsOf.get(p.id)),
      nutrition_facts: factsOf.get(p.id) ?? null,
      competitors: (competitorsOf.get(p.id) ?? []).map((c) => ({
        competitor_name: c.competitorName,
        ...nutritionOf(c),
      })),
      faqs: (faqsOf.get(p.id) ?? []).map((f) => ({ question: f.question, answer: f.answer })),
      stock: p.stock,
      subscribe_save_percent: p.subscribeSavePercent,
      tax_class: p.taxClass,
      rating: ratingOf.get(p.id) ?? { average: 0, count: 0 },
      is_active: p.isActive,
      status: p.isActive ? ('active' as const) : ('draft' as const),
    }));
  }

  async function fetchCategories(where?: SQL): Promise<Category[]> {
    const rows = await db
      .select()
      .from(categories)
      .where(where)
      .orderBy(asc(categories.sortOrder), asc(categories.id));
    if (rows.length === 0) return [];
    const list = await fetchProducts(
      inArray(
        products.categoryId,
        rows.map((c) => c.id),
      ),
    );
    return rows.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      config: c.config,
      products: list.filter((p) => p.category_id === c.id).map(publicProduct),
    }));
  }

  const publicProduct = ({ is_active: _hidden, status: _status, ...product }: AdminCatalogProduct): Product =>
    product;

  return {
    listProducts: async () => (await fetchProducts()).map(publicProduct),
    listAllProducts: () => fetchProducts(undefined, true),
    async getProductById(id) {
      const [product] = await fetchProducts(eq(products.id, id), true);
      return product ?? null;
    },
    async getProduct(slug) {
      const [product] = await fetchProducts(eq(products.slug, slug));
      return product ? publicProduct(product) : null;
    },
    async getProductPreview(slug, token) {
      const id = await previews.verify(token);
      if (id === null) return null;
      const [product] = await fetchProducts(and(eq(products.id, id), eq(products.slug, slug)), true);
      return product ? publicProduct(product) : null;
    },
    previewLink: (productId) => previews.sign(productId),
    listCategories: () => fetchCategories(),
    async getCategory(slug) {
      const [category] = await fetchCategories(eq(categories.slug, slug));
      return category ?? null;
    },
  };
}
