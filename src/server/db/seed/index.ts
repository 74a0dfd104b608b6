/**
 * Seeds the demo catalogue into an empty database (and only then): categories, the ten products
 * with their nutrition, highlights, competitors and FAQs, reviews, ingredients and recipes.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { ImageStore } from '../../modules/images/store.js';
import type { Database } from '../client.js';
import { categories, products, recipes, reviews } from '../schema.js';
import { seedCategories } from './categories.js';
import { insertCategory, insertProduct, insertRecipe } from './factories.js';
import { ensureNutritionLabel, ensureSeedImages } from './images.js';
import { viewKey } from './artwork.js';
import { PRODUCT_VIEWS, viewAlt } from './artwork/views.js';
import { seedProducts } from './products.js';
import { seedRecipes } from './recipes.js';
import { seedReviews } from './reviews.js';

// Held for the seed transaction so two instances starting on one empty database seed it once.
const SEED_LOCK_ID = 7_420_032;

export interface SeedResult {
  seeded: boolean;
  products: number;
}

/**
 * The demo catalogue's artwork and nutrition panels in `store`, rendered only when it lacks them,
 * with their URLs (the test set-up stores them once into the database every test file copies).
 */
export async function ensureDemoImages(store: ImageStore) {
  const images = await ensureSeedImages(store);
  const labels = new Map<string, string>();
  for (const product of seedProducts) labels.set(product.slug, await ensureNutritionLabel(store, product));
  return { images, labels };
}

/** `store` receives the artwork and nutrition panels (rendered only when it lacks them). */
export async function seedDemoCatalogue(db: Database, store: ImageStore): Promise<SeedResult> {
  const { images, labels } = await ensureDemoImages(store);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [row] = await tx.select({ n: count() }).from(products);
    const [catRow] = await tx.select({ n: count() }).from(categories);
    if ((row?.n ?? 0) > 0 || (catRow?.n ?? 0) > 0) return { seeded: false, products: row?.n ?? 0 };

    const categoryIds = new Map<string, number>();
    for (const category of seedCategories) {
      categoryIds.set(category.slug, await insertCategory(tx, category, images));
    }
    const productIds = new Map<string, number>();
    for (const [index, product] of seedProducts.entries()) {
      const categoryId = categoryIds.get(product.category);
      if (categoryId === undefined)
        throw new Error(`Seed product ${product.slug}: unknown category ${product.category}`);
      productIds.set(
        product.slug,
        await insertProduct(tx, { ...product, sortOrder: index }, categoryId, {
          imageUrl: images[product.artwork],
          // The gallery's other views (decision 0061): the pack, then a serving.
          moreImages: PRODUCT_VIEWS.map((view) => ({
            url: images[viewKey(product.artwork, view)],
            alt: viewAlt(product.artwork, view, product.name),
          })),
          nutritionLabelUrl: labels.get(product.slug) ?? null,
        }),
      );
    }
    await tx.insert(reviews).values(
      seedReviews.map((r) => ({
        authorName: r.name,
        rating: r.rating,
        text: r.text,
        reviewDate: r.date,
        source: 'seed',
      })),
    );
    // The dashboard opens recipe 1, the base cookie dough, so it gets that id explicitly: a
    // sequence never goes back, and a seed that failed half-way before would have used id 1 up.
    const [takenOne] = await tx.select({ id: recipes.id }).from(recipes).where(eq(recipes.id, 1));
    for (const [index, recipe] of seedRecipes.entries()) {
      const productId = recipe.productSlug === null ? null : productIds.get(recipe.productSlug);
      if (productId === undefined)
        throw new Error(`Seed recipe ${recipe.name}: unknown product ${recipe.productSlug}`);
      const forceOne = index === 0 && !takenOne;
      await insertRecipe(tx, recipe, productId, forceOne ? 1 : undefined);
      if (forceOne) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence('recipes', 'id'), (select max(id) from recipes))`,
        );
      }
    }
    return { seeded: true, products: seedProducts.length };
  });
}
