import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySchema, productSchema } from '../../../domain/catalog-schemas.js';
import { VARIETY_PACK_SLUG } from '../../../domain/catalog.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/products', () => {
  it('lists the ten demo products in the API shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const products = productSchema.array().parse(res.json());
    expect(products).toHaveLength(10);
    expect(new Set(products.map((p) => p.slug)).size).toBe(10);
    const prices = products.map((p) => p.price);
    expect(Math.min(...prices)).toBe(11.95);
    expect(Math.max(...prices)).toBe(37.99);
    for (const p of products) {
      expect(p.sku).toBeTruthy();
      expect(p.image_url).toMatch(/^\/images\/seed\/.+-800w\.webp$/);
      expect(p.nutrition_label).toMatch(/^\/images\/seed\/nutrition-.+\.svg$/);
      expect(p.highlights.length).toBeGreaterThanOrEqual(3);
      expect(p.competitors.length).toBeGreaterThanOrEqual(2);
      expect(p.faqs.length).toBeGreaterThanOrEqual(3);
      expect(p.ingredients.length).toBeGreaterThan(0);
      expect(p.nutrition.protein).toBeGreaterThan(0);
    }
  });

  it('shows cookies in the Chunky Protein Cookies category, in shop order', async () => {
    const products = productSchema.array().parse((await t.app.inject('/api/products')).json());
    const cookies = products.filter((p) => p.category === 'Chunky Protein Cookies');
    expect(cookies).toHaveLength(4);
    expect(products[0]?.category).toBe('Chunky Protein Cookies');
  });

  it('serves the product images it names, with long-lived caching', async () => {
    const products = productSchema.array().parse((await t.app.inject('/api/products')).json());
    const res = await t.app.inject(products[0]!.image_url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    // The half-width sibling used in srcset exists too.
    const half = await t.app.inject(products[0]!.image_url!.replace('-800w.webp', '-400w.webp'));
    expect(half.statusCode).toBe(200);
    expect(half.rawPayload.length).toBeLessThan(res.rawPayload.length);
    // The nutrition panel is an SVG with the product's figures as text.
    const label = await t.app.inject(products[0]!.nutrition_label!);
    expect(label.headers['content-type']).toContain('image/svg+xml');
    expect(label.body).toContain('Nutrition Facts');
    expect(label.body).toContain(`Protein / Protéines ${products[0]!.nutrition.protein} g`);
  });
});

describe('GET /api/products/:slug', () => {
  it('returns one product', async () => {
    const res = await t.app.inject(`/api/products/${VARIETY_PACK_SLUG}`);
    expect(res.statusCode).toBe(200);
    const product = productSchema.parse(res.json());
    expect(product.name).toBe('Chunky Protein Cookie Variety Pack');
    expect(product.category).toBe('Variety Pack');
  });

  it.each(['no-such-snack', 'UPPER', '..%2F..%2Fetc', 'a'.repeat(150)])(
    'answers 404 for %s',
    async (slug) => {
      const res = await t.app.inject(`/api/products/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found' });
    },
  );
});

describe('GET /api/categories', () => {
  it('lists the categories with their products and page config', async () => {
    const res = await t.app.inject('/api/categories');
    expect(res.statusCode).toBe(200);
    const categories = categorySchema.array().parse(res.json());
    expect(categories.map((c) => c.slug)).toEqual([
      'chunky-protein-cookies',
      'energybites',
      'granola',
      'variety-pack',
    ]);
    expect(categories.reduce((n, c) => n + c.products.length, 0)).toBe(10);
    for (const c of categories) {
      expect(c.config?.features.length).toBeGreaterThan(0);
      expect(c.config?.qualityPromise.imageUrl).toMatch(/^\/images\//);
      expect(c.config?.ingredientHighlight.points.length).toBeGreaterThan(0);
    }
  });

  it('returns one category by slug', async () => {
    const res = await t.app.inject('/api/categories/granola');
    expect(res.statusCode).toBe(200);
    const category = categorySchema.parse(res.json());
    expect(category.name).toBe('Granola');
    expect(category.products.every((p) => p.category === 'Granola')).toBe(true);
  });

  it('answers 404 for an unknown category', async () => {
    const res = await t.app.inject('/api/categories/candy');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Category not found' });
  });
});
