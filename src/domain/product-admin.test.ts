import { describe, expect, it } from 'vitest';
import { activationProblem, productCreateSchema, productUpdateSchema } from './product-admin.js';

describe('a product going active (decision 0065)', () => {
  it('needs an image and a price', () => {
    expect(activationProblem({ image_url: '/images/products/a-800w.webp', price: 12.95 })).toBeNull();
    expect(activationProblem({ image_url: null, price: 12.95 })).toMatch(/needs an image/);
    expect(activationProblem({ image_url: '', price: 12.95 })).toMatch(/needs an image/);
    expect(activationProblem({ image_url: '/images/x.webp', price: 0 })).toMatch(/needs a price/);
    expect(activationProblem({ image_url: '/images/x.webp', price: null })).toMatch(/needs a price/);
  });

  it('is a draft when created unless asked otherwise', () => {
    const base = { name: 'Bar', price: '4.50', category_id: '1' };
    expect(productCreateSchema.parse(base).status).toBe('draft');
    expect(productCreateSchema.parse({ ...base, status: 'active' }).status).toBe('active');
    expect(productCreateSchema.safeParse({ ...base, status: 'live' }).success).toBe(false);
  });
});

describe('the page content lists of a product', () => {
  it('read a list from JSON text (multipart) or an array, and refuse a NUL spelt in JSON', () => {
    const fromText = productUpdateSchema.parse({ faqs: '[{"question":"Q?","answer":"A."}]' });
    expect(fromText.faqs).toEqual([{ question: 'Q?', answer: 'A.' }]);
    expect(productUpdateSchema.parse({ highlights: '' }).highlights).toEqual([]);
    const nul = productUpdateSchema.safeParse({ highlights: '[{"heading":"a\\u0000b"}]' });
    expect(nul.success).toBe(false);
  });

  it('fill unknown comparison values with null, and keep the subheading optional', () => {
    const parsed = productUpdateSchema.parse({
      competitors: [{ competitor_name: 'Bar', protein: 12 }],
      highlights: [{ heading: 'Crunchy' }],
    });
    expect(parsed.competitors?.[0]).toMatchObject({ protein: 12, calories: null, gluten_free: null });
    expect(parsed.highlights).toEqual([{ heading: 'Crunchy', subheading: '' }]);
  });
});

describe("a product's tax class (decision 0066)", () => {
  const base = { name: 'Bar', price: '4.50', category_id: '1' };
  const TAX_CLASS_MESSAGE = 'tax_class must be one of: standard, zero_rated.';

  it('is standard when created unless the owner says zero_rated', () => {
    expect(productCreateSchema.parse(base).tax_class).toBe('standard');
    expect(productCreateSchema.parse({ ...base, tax_class: 'zero_rated' }).tax_class).toBe('zero_rated');
    expect(productUpdateSchema.parse({ tax_class: 'standard' })).toEqual({ tax_class: 'standard' });
    expect(productUpdateSchema.parse({}).tax_class).toBeUndefined();
  });

  it('refuses any other value, naming the field', () => {
    for (const tax_class of ['exempt', 'Zero_Rated', 'zero-rated', '', null, 0]) {
      const created = productCreateSchema.safeParse({ ...base, tax_class });
      expect(created.error?.issues[0]?.message).toBe(TAX_CLASS_MESSAGE);
      const updated = productUpdateSchema.safeParse({ tax_class });
      expect(updated.error?.issues[0]?.message).toBe(TAX_CLASS_MESSAGE);
    }
  });
});
