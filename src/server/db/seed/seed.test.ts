import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../../../domain/slug.js';
import { createDatabaseImageStore } from '../../modules/images/database-store.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.js';
import { categories, ingredients, products, recipeIngredients, recipes, reviews } from '../schema.js';
import { seedDemoCatalogue } from './index.js';
import { seedProducts } from './products.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('demo catalogue seed', () => {
  it('fills an empty database', async () => {
    const result = await seedDemoCatalogue(database.db, createDatabaseImageStore(database.db));
    expect(result).toEqual({ seeded: true, products: 10 });
  });

  it('never seeds a database that has a catalogue', async () => {
    const result = await seedDemoCatalogue(database.db, createDatabaseImageStore(database.db));
    expect(result.seeded).toBe(false);
    const [row] = await database.db.select({ n: count() }).from(products);
    expect(row?.n).toBe(10);
  });

  it('follows the brand facts: prices, slugs, pack sizes and protein claims', async () => {
    const rows = await database.db
      .select({ product: products, category: categories.name })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id));
    const cents = rows.map((r) => r.product.priceCents);
    expect(Math.min(...cents)).toBe(1195);
    expect(Math.max(...cents)).toBe(3799);
    for (const { product, category } of rows) {
      if (product.slug !== 'chunky-variety-pack') expect(product.slug).toBe(slugify(product.name));
      expect(product.glutenFree).toBe(true);
      if (category === 'Chunky Protein Cookies') expect(product.protein).toBe(20);
      if (category === 'Energy Bites') expect(product.protein).toBe(11);
      if (category === 'Granola') expect(product.protein).toBe(8);
    }
    expect(rows.filter((r) => r.category === 'Chunky Protein Cookies')).toHaveLength(4);
    expect(rows.find((r) => r.product.slug === 'chunky-variety-pack')?.category).toBe('Variety Pack');
    expect(new Set(seedProducts.map((p) => p.sku)).size).toBe(10);
  });

  it('makes the base cookie dough recipe 1 and gives products their recipes', async () => {
    const all = await database.db.select().from(recipes).orderBy(asc(recipes.id));
    expect(all[0]).toMatchObject({ id: 1, name: 'Base Cookie Dough', productId: null });
    const [base] = await database.db.select().from(recipes).where(isNull(recipes.productId));
    const baseIngredients = await database.db
      .select()
      .from(recipeIngredients)
      .where(eq(recipeIngredients.recipeId, base!.id));
    expect(baseIngredients.length).toBeGreaterThan(3);
    expect(all.length).toBeGreaterThanOrEqual(10);
    const [ingredientCount] = await database.db.select({ n: count() }).from(ingredients);
    expect(ingredientCount?.n).toBeGreaterThan(10);
  });

  it('adds five or more reviews', async () => {
    const [row] = await database.db.select({ n: count() }).from(reviews);
    expect(row?.n).toBeGreaterThanOrEqual(5);
  });
});

describe('recipe 1', () => {
  let fresh: TestDatabase;
  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(() => fresh.destroy());

  it('is the base cookie dough even when an earlier, failed seed used the first ids up', async () => {
    // A sequence never goes back: ids taken by a rolled-back seed are gone.
    await fresh.db.execute(
      sql`select nextval(pg_get_serial_sequence('recipes', 'id')) from generate_series(1, 3)`,
    );
    await seedDemoCatalogue(fresh.db, createDatabaseImageStore(fresh.db));
    const all = await fresh.db.select().from(recipes).orderBy(asc(recipes.id));
    expect(all[0]).toMatchObject({ id: 1, name: 'Base Cookie Dough', productId: null });
    expect(all.slice(1).every((recipe) => recipe.productId !== null)).toBe(true);
    // The sequence continues after the explicit id, so later recipes insert without a clash.
    const [next] = await fresh.db.insert(recipes).values({ name: 'Later' }).returning({ id: recipes.id });
    expect(next!.id).toBe(all.at(-1)!.id + 1);
  });
});
