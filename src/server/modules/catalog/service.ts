/**
 * Reads the catalogue: products with their nutrition, highlights, competitors, FAQs and gallery, and
 * categories.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { centsToDollars } from '../../../domain/money.js';
import type { Category, Nutrition, Product } from '../../../domain/catalog.js';
import { productGallery } from '../../../domain/product-gallery.js';
import type { Database } from '../../db/client.js';
import { categories, productCompetitors, productFaqs, productHighlights, products } from '../../db/schema.js';
import { galleryRows } from './gallery.js';

type NutritionRow = Pick<
  typeof products.$inferSelect,
  'calories' | 'protein' | 'fat' | 'carbs' | 'fiber' | 'glutenFree' | 'grainFree'
>;

/** A product's or competitor's nutrition columns in the API shape. */
function nutritionOf(row: NutritionRow): Nutrition {
  return {
    calories: row.calories,
    protein: row.protein,
    fat: row.fat,
    carbs: row.carbs,
    fiber: row.fiber,
    gluten_free: row.glutenFree,
    grain_free: row.grainFree,
  };
}

export interface CatalogService {
  listProducts(): Promise<Product[]>;
  /** Every product, hidden ones too, with `is_active` (admin). */
  listAllProducts(): Promise<(Product & { is_active: boolean })[]>;
  /** One product by id, hidden or not (admin). */
  getProductById(id: number): Promise<(Product & { is_active: boolean }) | null>;
  getProduct(slug: string): Promise<Product | null>;
  listCategories(): Promise<Category[]>;
  getCategory(slug: string): Promise<Category | null>;
}

export function createCatalogService(db: Database): CatalogService {
  /** Active products matching `where`, in shop order, with their child rows (5 queries in all). */
  async function fetchProducts(
    where?: SQL,
    includeHidden = false,
  ): Promise<(Product & { is_active: boolean })[]> {
    const rows = await db
      .select({ product: products, category: { name: categories.name, slug: categories.slug } })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(includeHidden ? where : and(eq(products.isActive, true), where))
      .orderBy(asc(categories.sortOrder), asc(products.sortOrder), asc(products.id));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.product.id);
    const [highlights, competitors, faqs, gallery] = await Promise.all([
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
      galleryRows(db, ids),
    ]);
    const byProduct = <T extends { productId: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const item of list) map.set(item.productId, [...(map.get(item.productId) ?? []), item]);
      return map;
    };
    const highlightsOf = byProduct(highlights);
    const competitorsOf = byProduct(competitors);
    const faqsOf = byProduct(faqs);
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
      nutrition: nutritionOf(p),
      competitors: (competitorsOf.get(p.id) ?? []).map((c) => ({
        competitor_name: c.competitorName,
        ...nutritionOf(c),
      })),
      faqs: (faqsOf.get(p.id) ?? []).map((f) => ({ question: f.question, answer: f.answer })),
      stock: p.stock,
      subscribe_save_percent: p.subscribeSavePercent,
      is_active: p.isActive,
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

  const publicProduct = ({ is_active: _hidden, ...product }: Product & { is_active: boolean }): Product =>
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
    listCategories: () => fetchCategories(),
    async getCategory(slug) {
      const [category] = await fetchCategories(eq(categories.slug, slug));
      return category ?? null;
    },
  };
}
