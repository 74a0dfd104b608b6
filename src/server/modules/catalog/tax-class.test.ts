/**
 * A product's tax class through the API (docs/product.md, Catalogue; decision 0066): the seeded
 * products are standard, an admin's create takes a class or defaults to standard, PATCH (JSON and
 * multipart) changes it and back, a value that is not a class is a 400 naming the field with
 * nothing written, and shoppers' product answers carry it.
 */
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySchema, productSchema } from '../../../domain/catalog-schemas.js';
import { adminProductSchema, savedProductSchema } from '../../../domain/product-admin.js';
import { products } from '../../db/schema.js';
import { checkoutFixtures } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let ip = 0;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await f.person({ isAdmin: true })).token;
});
afterAll(() => t.close());

const TAX_CLASS_MESSAGE = 'tax_class must be one of: standard, zero_rated.';

async function send(method: 'POST' | 'PATCH', url: string, body: FormData | object) {
  const isForm = body instanceof FormData;
  const request = new Request('http://x', { method: 'POST', body: isForm ? body : JSON.stringify(body) });
  return t.app.inject({
    method,
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: `10.79.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
    headers: {
      'content-type': isForm ? request.headers.get('content-type')! : 'application/json',
      authorization: `Bearer ${adminToken}`,
    },
  });
}

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

/** A new active product's multipart form, with an image and whatever extra fields are given. */
async function productForm(name: string, extra: Record<string, string> = {}) {
  const body = new FormData();
  const fields = { name, description: 'Oats, baked.', price: '9.95', category_id: '3', status: 'active' };
  for (const [key, value] of Object.entries({ ...fields, ...extra })) body.append(key, value);
  body.append('image', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'p.png');
  return body;
}

async function create(name: string, extra: Record<string, string> = {}) {
  const res = await send('POST', '/api/products', await productForm(name, extra));
  expect(res.statusCode, res.body).toBe(201);
  return savedProductSchema.parse(res.json());
}

/** What shoppers read: the product's page answer, and the list's. */
async function publicClass(slug: string) {
  const one = await t.app.inject({ url: `/api/products/${slug}` });
  expect(one.statusCode, one.body).toBe(200);
  const { tax_class } = productSchema.parse(one.json());
  const list = productList((await t.app.inject({ url: '/api/products' })).json());
  expect(list.find((p) => p.slug === slug)?.tax_class).toBe(tax_class);
  return tax_class;
}
const productList = (body: unknown) => productSchema.array().parse(body);

const storedClass = async (id: number) =>
  (await t.database.db.select({ taxClass: products.taxClass }).from(products).where(eq(products.id, id)))[0]
    ?.taxClass;

describe('the seeded catalogue', () => {
  it('answers every product as standard, in the list, a category and the admin list', async () => {
    const list = productList((await t.app.inject({ url: '/api/products' })).json());
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((p) => p.tax_class))).toEqual(new Set(['standard']));
    const category = categorySchema.parse((await t.app.inject({ url: '/api/categories/granola' })).json());
    expect(category.products.map((p) => p.tax_class)).toEqual(category.products.map(() => 'standard'));
    const admin = await t.app.inject({
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const all = adminProductSchema.array().parse(admin.json());
    expect(all.every((p) => p.tax_class === 'standard')).toBe(true);
  });
});

describe('an admin sets the tax class', () => {
  it('creates a product as standard when the form sends none, and as zero-rated when it says so', async () => {
    const plain = await create('Tax Default Granola');
    expect(plain.tax_class).toBe('standard');
    expect(await storedClass(plain.id)).toBe('standard');
    expect(await publicClass(plain.slug)).toBe('standard');

    const zero = await create('Tax Zero Granola', { tax_class: 'zero_rated' });
    expect(zero.tax_class).toBe('zero_rated');
    expect(await storedClass(zero.id)).toBe('zero_rated');
    expect(await publicClass(zero.slug)).toBe('zero_rated');

    const standard = await create('Tax Standard Granola', { tax_class: 'standard' });
    expect(standard.tax_class).toBe('standard');
  });

  it('changes it by PATCH, JSON or multipart, and back, leaving the other fields alone', async () => {
    const product = await create('Tax Patch Granola');
    const zero = await send('PATCH', `/api/products/${product.id}`, { tax_class: 'zero_rated' });
    expect(zero.statusCode, zero.body).toBe(200);
    const patched = savedProductSchema.parse(zero.json());
    expect(patched).toEqual({ ...product, tax_class: 'zero_rated' });
    expect(await publicClass(product.slug)).toBe('zero_rated');

    const back = new FormData();
    back.append('tax_class', 'standard');
    const res = await send('PATCH', `/api/products/${product.id}`, back);
    expect(res.statusCode, res.body).toBe(200);
    expect(savedProductSchema.parse(res.json())).toEqual(product);
    expect(await storedClass(product.id)).toBe('standard');
    expect(await publicClass(product.slug)).toBe('standard');

    // A PATCH of another field keeps it.
    await send('PATCH', `/api/products/${product.id}`, { tax_class: 'zero_rated' });
    const repriced = await send('PATCH', `/api/products/${product.id}`, { price: 10.5 });
    expect(savedProductSchema.parse(repriced.json()).tax_class).toBe('zero_rated');
  });

  it('answers 400 naming the field for anything else, and writes nothing', async () => {
    const product = await create('Tax Refused Granola');
    for (const tax_class of ['exempt', 'Zero_Rated', 'zero-rated', '', null, 5, ['zero_rated']]) {
      const res = await send('PATCH', `/api/products/${product.id}`, { tax_class, price: 1.25 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: TAX_CLASS_MESSAGE });
    }
    for (const tax_class of ['exempt', ' ']) {
      const multipart = new FormData();
      multipart.append('tax_class', tax_class);
      const patched = await send('PATCH', `/api/products/${product.id}`, multipart);
      expect(patched.statusCode, patched.body).toBe(400);
      expect(patched.json()).toEqual({ message: TAX_CLASS_MESSAGE });

      const created = await send(
        'POST',
        '/api/products',
        await productForm('Tax Never Made Granola', { tax_class }),
      );
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json()).toEqual({ message: TAX_CLASS_MESSAGE });
    }
    expect(
      await t.database.db.select().from(products).where(eq(products.name, 'Tax Never Made Granola')),
    ).toEqual([]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ taxClass: 'standard', priceCents: 995 });
  });
});
