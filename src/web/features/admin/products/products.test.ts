/** The product form's rules: what each save sends, the stock field, the image check and the list filter. */
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../domain/catalog-schemas';
import {
  changedFields,
  createFields,
  editFields,
  filterProducts,
  heldText,
  imageProblem,
  isStaleStock,
  movementAfter,
  movementText,
  parseAdjustment,
  productFields,
  productFormData,
  productFormSchema,
  EMPTY_ROWS,
  productFormValues,
  STOCK_MESSAGE,
  stockText,
  type AdminProduct,
} from './products';

const product: Product = {
  id: 7,
  name: 'Maple Almond Granola',
  slug: 'maple-almond-granola',
  description: 'Crunchy clusters.',
  category: 'Granola',
  category_id: 3,
  category_slug: 'granola',
  size: 360,
  price: 11.95,
  image_url: null,
  images: [],
  sku: 'NB-GR-MAL-360',
  features: ['Gluten-Free', 'No Added Sugar'],
  ideal_time_of_day: null,
  nutrition_label: null,
  nutrition_info: null,
  highlights: [],
  ingredients: ['Oats'],
  allergens: [],
  nutrition: {
    calories: null,
    protein: null,
    fat: null,
    carbs: null,
    fiber: null,
    gluten_free: null,
    grain_free: null,
  },
  nutrition_facts: null,
  competitors: [],
  faqs: [],
  stock: null,
  subscribe_save_percent: 0,
  tax_class: 'standard',
  rating: { average: 0, count: 0 },
};

describe('product form', () => {
  it('sends only what changed, with the types the API takes', () => {
    const values = productFormSchema.parse({
      ...productFormValues(product),
      price: '12.5',
      sku: '',
      features: 'Gluten-Free\n\n  No Added Sugar  \nHigh Protein',
    });
    expect(changedFields(productFields(product), values)).toEqual({
      price: 12.5,
      sku: null,
      features: ['Gluten-Free', 'No Added Sugar', 'High Protein'],
    });
    expect(changedFields(productFields(product), productFields(product))).toEqual({});
  });

  it('drops blank rows of the page content lists, refuses half-filled ones, and sends a changed list whole', () => {
    const base = productFormValues(product);
    const parsed = productFormSchema.safeParse({
      ...base,
      highlights: [
        { heading: ' Crunchy ', subheading: 'Baked twice.' },
        { heading: '', subheading: '' },
      ],
      competitors: [
        { ...EMPTY_ROWS.competitors, competitor_name: 'Store bar', calories: '210', gluten_free: 'no' },
      ],
      faqs: [{ question: 'Vegan?', answer: '' }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['faqs.0.answer']);

    const values = productFormSchema.parse({
      ...base,
      highlights: [
        { heading: ' Crunchy ', subheading: 'Baked twice.' },
        { heading: '', subheading: '' },
      ],
      competitors: [
        { ...EMPTY_ROWS.competitors, competitor_name: 'Store bar', calories: '210', gluten_free: 'no' },
      ],
      faqs: [{ question: 'Vegan?', answer: 'Yes.' }],
    });
    expect(changedFields(productFields(product), values)).toEqual({
      highlights: [{ heading: 'Crunchy', subheading: 'Baked twice.' }],
      competitors: [
        {
          competitor_name: 'Store bar',
          calories: 210,
          protein: null,
          fat: null,
          carbs: null,
          fiber: null,
          gluten_free: false,
          grain_free: null,
        },
      ],
      faqs: [{ question: 'Vegan?', answer: 'Yes.' }],
    });
    const bad = productFormSchema.safeParse({
      ...base,
      competitors: [{ ...EMPTY_ROWS.competitors, competitor_name: 'Bar', protein: 'lots' }],
    });
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['competitors.0.protein', 'A number, or empty.'],
    ]);
  });

  it('opens a new product as a draft, and a listed one with its status', () => {
    expect(productFormValues().status).toBe('draft');
    expect(productFormValues({ ...product, status: 'active' }).status).toBe('active');
  });

  it('opens a new product as standard for tax, a listed one with its class, and sends a change of class', () => {
    expect(productFormValues().tax_class).toBe('standard');
    expect(productFormValues({ ...product, tax_class: 'zero_rated' }).tax_class).toBe('zero_rated');
    const values = productFormSchema.parse({ ...productFormValues(product), tax_class: 'zero_rated' });
    expect(changedFields(productFields(product), values)).toEqual({ tax_class: 'zero_rated' });
    expect([...productFormData({ tax_class: 'zero_rated' }, null).entries()]).toEqual([
      ['tax_class', 'zero_rated'],
    ]);
    expect(productFormSchema.safeParse({ ...productFormValues(product), tax_class: 'exempt' }).success).toBe(
      false,
    );
  });

  it('edits the Nutrition Facts: every box empty is no table, a whole table is sent as the API takes it', () => {
    const boxes = {
      serving_en: '1/3 cup',
      serving_fr: '1/3 tasse',
      serving_grams: '45',
      calories: '200',
      fat_g: '10',
      saturated_fat_g: '3',
      trans_fat_g: '0',
      carbohydrate_g: '19',
      fibre_g: '4',
      sugars_g: '6',
      protein_g: '8',
      cholesterol_mg: '0',
      sodium_mg: '55',
      potassium_mg: '200',
      calcium_mg: '40',
      iron_mg: '1.75',
    };
    const facts = {
      serving: { en: '1/3 cup', fr: '1/3 tasse', grams: 45 },
      calories: 200,
      fat_g: 10,
      saturated_fat_g: 3,
      trans_fat_g: 0,
      carbohydrate_g: 19,
      fibre_g: 4,
      sugars_g: 6,
      protein_g: 8,
      cholesterol_mg: 0,
      sodium_mg: 55,
      potassium_mg: 200,
      calcium_mg: 40,
      iron_mg: 1.75,
    };
    expect(productFields(product).nutrition_facts).toBeNull();
    const values = productFormSchema.parse({ ...productFormValues(product), nutrition_facts: boxes });
    expect(changedFields(productFields(product), values)).toEqual({ nutrition_facts: facts });
    expect(productFormValues({ ...product, nutrition_facts: facts }).nutrition_facts).toEqual(boxes);
    expect([...productFormData({ nutrition_facts: facts }, null).entries()]).toEqual([
      ['nutrition_facts', JSON.stringify(facts)],
    ]);
    expect([...productFormData({ nutrition_facts: null }, null).entries()]).toEqual([
      ['nutrition_facts', ''],
    ]);

    const problems = (overrides: Partial<typeof boxes>) =>
      productFormSchema
        .safeParse({ ...productFormValues(product), nutrition_facts: { ...boxes, ...overrides } })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(problems({ fat_g: '' })).toEqual([
      ['nutrition_facts.fat_g', 'Enter the amount, or empty every box for no table.'],
    ]);
    expect(problems({ sodium_mg: 'lots', serving_fr: '' })?.map(([path]) => path)).toEqual([
      'nutrition_facts.serving_fr',
      'nutrition_facts.sodium_mg',
    ]);
    expect(problems({ fibre_g: '18' })).toEqual([
      ['nutrition_facts.fibre_g', 'fibre_g + sugars_g (24 g) cannot be more than carbohydrate_g (19 g).'],
    ]);
  });

  it('refuses a price of zero, below zero or with three decimals, and a size that is not whole grams', () => {
    const check = (overrides: Record<string, string>) =>
      productFormSchema.safeParse({ ...productFormValues(product), ...overrides }).success;
    expect(check({ price: '0' })).toBe(false);
    expect(check({ price: '-1' })).toBe(false);
    expect(check({ price: '12.999' })).toBe(false);
    expect(check({ price: '12.95' })).toBe(true);
    expect(check({ size: '12.5' })).toBe(false);
    expect(check({ category_id: '' })).toBe(false);
  });

  it('writes multipart fields as text: two-decimal prices, JSON lists, empty for cleared values', () => {
    const form = productFormData({ price: 12.5, features: ['A', 'B'], sku: null }, null);
    expect([...form.entries()]).toEqual([
      ['price', '12.50'],
      ['features', '["A","B"]'],
      ['sku', ''],
    ]);
    const created = createFields(
      productFormSchema.parse({
        ...productFormValues(),
        name: 'New',
        description: 'd',
        price: '5',
        category_id: '1',
      }),
    );
    expect(Object.keys(created)).not.toContain('sku');
    expect(created).toMatchObject({ name: 'New', price: 5, category_id: 1, features: [] });
  });

  it('reads the stock: empty for made to order, 0 for sold out, whole numbers up to 1,000,000', () => {
    const parse = (stock: string) => productFormSchema.safeParse({ ...productFormValues(product), stock });
    expect(parse('').data?.stock).toBeNull();
    expect(parse(' 0 ').data?.stock).toBe(0);
    expect(parse('12').data?.stock).toBe(12);
    expect(parse('1000000').data?.stock).toBe(1_000_000);
    for (const bad of ['-1', '1.5', 'ten', '1000001', '1e3']) {
      expect(parse(bad).error?.issues[0]?.message).toBe(STOCK_MESSAGE);
    }
    // A made-to-order product shows an empty field, and nothing changes until the stock is typed.
    expect(productFormValues(product).stock).toBe('');
    const stocked = productFormSchema.parse({ ...productFormValues(product), stock: '3' });
    expect(changedFields(productFields(product), stocked)).toEqual({ stock: 3 });
    expect(changedFields(productFields({ ...product, stock: 3 }), productFields(product))).toEqual({
      stock: null,
    });
    // Multipart: the number as text, made to order as empty; a new product leaves it out when empty.
    expect([...productFormData({ stock: 0 }, null).entries()]).toEqual([['stock', '0']]);
    expect([...productFormData({ stock: null }, null).entries()]).toEqual([['stock', '']]);
    const created = (stock: string) =>
      createFields(
        productFormSchema.parse({
          ...productFormValues(),
          name: 'New',
          description: 'd',
          price: '5',
          category_id: '1',
          stock,
        }),
      );
    expect(Object.keys(created(''))).not.toContain('stock');
    expect(created('1')).toMatchObject({ stock: 1 });
  });

  it("shows the stock as 'Made to order', 'Sold out' or 'N left', and the units checkouts hold", () => {
    expect(stockText(null)).toBe('Made to order');
    expect(stockText(0)).toBe('Sold out');
    expect(stockText(1200)).toBe('1,200 left');
    expect(heldText(0)).toBeNull();
    expect(heldText(2)).toBe('2 held in checkouts');
  });

  it('shows and writes the count on hand, sent with the count the form was opened with (decision 0039)', () => {
    const listed = { ...product, stock: 4, is_active: true, reserved: 8, on_hand: 12 };
    expect(productFormValues(listed).stock).toBe('12');
    const values = productFormSchema.parse({ ...productFormValues(listed), stock: '0' });
    const changes = changedFields(productFields(listed), values);
    expect(changes).toEqual({ stock: 0 });
    expect(editFields(changes, listed)).toEqual({ stock: 0, expected_stock: 12 });
    expect(editFields({ price: 3 }, listed)).toEqual({ price: 3 });
    expect([...productFormData(editFields({ stock: 5 }, { on_hand: null }), null).entries()]).toEqual([
      ['stock', '5'],
      ['expected_stock', ''],
    ]);
    expect(isStaleStock('The stock has changed since you opened this form: 7 on hand now.')).toBe(true);
    expect(isStaleStock('Another product already uses this SKU.')).toBe(false);
  });

  it('reads an adjustment: signed whole units, a reason that fits the sign, a note when it is Other', () => {
    expect(parseAdjustment({ delta: '+24', reason: 'received', note: ' Tuesday ' })).toEqual({
      ok: true,
      value: { delta: 24, reason: 'received', note: 'Tuesday' },
    });
    expect(parseAdjustment({ delta: '-6', reason: 'spoiled', note: '' })).toEqual({
      ok: true,
      value: { delta: -6, reason: 'spoiled', note: null },
    });
    const errors = (input: Parameters<typeof parseAdjustment>[0]) => {
      const parsed = parseAdjustment(input);
      return parsed.ok ? null : parsed.errors;
    };
    expect(errors({ delta: '0', reason: 'received', note: '' })?.delta).toMatch(/^Enter the units/);
    expect(errors({ delta: '1.5', reason: 'received', note: '' })?.delta).toMatch(/^Enter the units/);
    expect(errors({ delta: '3', reason: '', note: '' })).toEqual({ reason: 'Please choose a reason.' });
    expect(errors({ delta: '3', reason: 'spoiled', note: '' })?.delta).toMatch(/^Spoiled takes units away/);
    expect(errors({ delta: '-3', reason: 'received', note: '' })?.delta).toMatch(/^Received adds units/);
    expect(errors({ delta: '3', reason: 'other', note: '' })?.note).toBe(
      'Please say in the note what happened.',
    );
  });

  it('words the stock history: the change, and what was on hand after it', () => {
    const base = {
      id: 1,
      note: null,
      by: { id: 1, name: 'Maple Baker' },
      at: '2026-11-28T12:00:00.000Z',
      held_written_off: 0,
    };
    const spoiled = {
      ...base,
      kind: 'adjustment' as const,
      delta: -8,
      reason: 'spoiled' as const,
      stock_after: 0,
      on_hand_after: 0,
      held_written_off: 8,
    };
    expect(movementText(spoiled)).toBe('−8 Spoiled');
    expect(movementAfter(spoiled)).toBe('0 on hand; 8 held in checkouts will not come back');
    const set = { ...base, kind: 'set' as const, delta: 2, reason: null, stock_after: 16, on_hand_after: 20 };
    expect(movementText(set)).toBe('Count set to 20 (+2)');
    expect(movementAfter(set)).toBe('20 on hand, 16 available');
    const made = {
      ...base,
      kind: 'set' as const,
      delta: null,
      reason: null,
      stock_after: null,
      on_hand_after: null,
    };
    expect(movementText(made)).toBe('Set to made to order');
  });

  it('checks an image by type and size before it is sent', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 1000 })).toBe('Please choose a JPEG, PNG or WebP image.');
    expect(imageProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toMatch(/too large/);
  });

  it('filters by name or SKU, category and visibility', () => {
    const list: AdminProduct[] = [
      { ...product, is_active: true, status: 'active', reserved: 0, on_hand: null },
      {
        ...product,
        id: 8,
        name: 'Hidden Bites',
        sku: null,
        category_id: 2,
        is_active: false,
        status: 'draft',
        reserved: 0,
        on_hand: null,
      },
    ];
    expect(filterProducts(list, 'mal-360', '', 'all').map((p) => p.id)).toEqual([7]);
    expect(filterProducts(list, '', '2', 'all').map((p) => p.id)).toEqual([8]);
    expect(filterProducts(list, '', '', 'hidden').map((p) => p.id)).toEqual([8]);
  });
});
