/** The dashboard's form rules: what each save sends, the recipe scaling, and the checks before sending. */
import { describe, expect, it } from 'vitest';
import type { User } from '../../../domain/accounts';
import type { Product } from '../../../domain/catalog-schemas';
import { messages } from '../../../domain/messages';
import type { Order } from '../../../domain/orders';
import {
  actorLabel,
  CARRIER_NEEDED_MESSAGE,
  defaultRefundAmount,
  orderTimelineSchema,
  ordersPath,
  parseRefundAmount,
  refundLeftCents,
  shippingInput,
  shippingProblem,
  statusChange,
  statusOptions,
  TRACKING_NUMBER_MESSAGE,
} from './orders';
import {
  changedFields,
  createFields,
  filterProducts,
  heldText,
  imageProblem,
  productFields,
  productFormData,
  productFormSchema,
  productFormValues,
  STOCK_MESSAGE,
  stockText,
  type AdminProduct,
} from './products';
import { baseBatches, parseMultiplier, recipeFormSchema, scaled, type Recipe } from './recipes';
import { parseTab } from './tabs';
import { userChanges, userEditSchema, userEditValues } from './users';

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
  competitors: [],
  faqs: [],
  stock: null,
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

  it('reads the stock: empty for made to order, 0 for sold out, whole numbers up to 1,000,000 (issue 16)', () => {
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

  it('checks an image by type and size before it is sent', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 1000 })).toBe('Please choose a JPEG, PNG or WebP image.');
    expect(imageProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toMatch(/too large/);
  });

  it('filters by name or SKU, category and visibility', () => {
    const list: AdminProduct[] = [
      { ...product, is_active: true, reserved: 0 },
      { ...product, id: 8, name: 'Hidden Bites', sku: null, category_id: 2, is_active: false, reserved: 0 },
    ];
    expect(filterProducts(list, 'mal-360', '', 'all').map((p) => p.id)).toEqual([7]);
    expect(filterProducts(list, '', '2', 'all').map((p) => p.id)).toEqual([8]);
    expect(filterProducts(list, '', '', 'hidden').map((p) => p.id)).toEqual([8]);
  });
});

describe('user edit', () => {
  const user: User = {
    id: 3,
    email: 'maya@example.ca',
    emailVerified: true,
    pendingEmail: null,
    firstName: 'Maya',
    lastName: 'Tremblay',
    phoneNumber: '+16045550123',
    address: null,
    isAdmin: false,
    isSubscribedEmail: true,
    isSubscribedPhone: true,
    createdAt: '2026-11-21T10:00:00.000Z',
  };

  it("refuses a bad e-mail with the spec's message", () => {
    const result = userEditSchema.safeParse({ ...userEditValues(user), email: 'maya-at-example' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });

  it('sends only the changed fields; the phone as typed matches the stored one', () => {
    const unchanged = userEditSchema.parse(userEditValues(user));
    expect(userChanges(user, unchanged)).toEqual({});
    const edit = userEditSchema.parse({
      ...userEditValues(user),
      email: 'Maya.T@Example.ca',
      address: ' 1 Main St ',
    });
    expect(userChanges(user, edit)).toEqual({ email: 'maya.t@example.ca', address: '1 Main St' });
  });
});

describe('orders', () => {
  it('sends the status and paid flag only when they change', () => {
    const order = { status: 'Pending' as const, is_paid: true };
    expect(statusChange(order, 'Pending', true)).toBeNull();
    expect(statusChange(order, 'Shipped', true)).toEqual({ status: 'Shipped' });
    expect(statusChange(order, 'Pending', false)).toEqual({ is_paid: false });
  });

  it('sends the carrier and tracking number only when they change, trimmed, and null to clear them', () => {
    const order = { status: 'Pending' as const, is_paid: true, carrier: null, tracking_number: null };
    const none = shippingInput(order);
    expect(none).toEqual({ carrier: '', trackingNumber: '' });
    expect(statusChange(order, 'Pending', true, none)).toBeNull();
    expect(statusChange(order, 'Pending', true, { carrier: '', trackingNumber: '   ' })).toBeNull();
    expect(
      statusChange(order, 'Shipped', true, { carrier: 'Canada Post', trackingNumber: ' 1234  5678 ' }),
    ).toEqual({ status: 'Shipped', carrier: 'Canada Post', tracking_number: '1234 5678' });

    const shipped = {
      status: 'Shipped' as const,
      is_paid: true,
      carrier: 'UPS' as const,
      tracking_number: '1Z999',
    };
    expect(statusChange(shipped, 'Shipped', true, shippingInput(shipped))).toBeNull();
    expect(statusChange(shipped, 'Shipped', true, { carrier: 'UPS', trackingNumber: '1Z998' })).toEqual({
      tracking_number: '1Z998',
    });
    expect(statusChange(shipped, 'Shipped', true, { carrier: '', trackingNumber: '' })).toEqual({
      carrier: null,
      tracking_number: null,
    });
  });

  it('checks the tracking number with the shared pattern, and asks for its carrier', () => {
    expect(shippingProblem({ carrier: '', trackingNumber: '' })).toBeNull();
    expect(shippingProblem({ carrier: 'Canada Post', trackingNumber: '1234567890123456' })).toBeNull();
    expect(shippingProblem({ carrier: 'FedEx', trackingNumber: ' 7489 1234-5678 ' })).toBeNull();
    for (const bad of ['12', '-1234', '1234/5678', 'x'.repeat(41), 'ABC_123']) {
      expect(shippingProblem({ carrier: 'UPS', trackingNumber: bad })).toEqual({
        trackingNumber: TRACKING_NUMBER_MESSAGE,
      });
    }
    expect(shippingProblem({ carrier: '', trackingNumber: '1234567890' })).toEqual({
      carrier: CARRIER_NEEDED_MESSAGE,
    });
  });

  it('reads the timeline and names who did each thing', () => {
    const events = orderTimelineSchema.parse([
      {
        id: 1,
        at: '2026-11-25T08:00:00.000Z',
        kind: 'created',
        summary: 'Order placed',
        actor: { kind: 'customer', name: null },
      },
      {
        id: 2,
        at: '2026-11-25T09:00:00.000Z',
        kind: 'status',
        summary: 'Status: Pending → Shipped',
        actor: { kind: 'admin', name: 'Avery Tremblay' },
      },
    ]);
    expect(events.map((event) => actorLabel(event.actor))).toEqual(['Customer', 'Avery Tremblay']);
    expect(actorLabel({ kind: 'system', name: null })).toBe('Northbite');
    expect(actorLabel({ kind: 'admin', name: null })).toBe('Admin');
    expect(orderTimelineSchema.safeParse([{ ...events[0], kind: 'mystery' }]).success).toBe(false);
  });

  it('asks for a page of the list with the filters that are set', () => {
    expect(ordersPath({ status: '', q: '  ', page: 1 })).toBe('/api/orders?page=1&pageSize=20');
    expect(ordersPath({ status: 'In Progress', q: 'a@b.ca', page: 2 })).toBe(
      '/api/orders?status=In+Progress&q=a%40b.ca&page=2&pageSize=20',
    );
  });
});

describe('order status and refunds (issue 16)', () => {
  it('offers only the moves an admin may make, never Refunded, and nothing out of a final status', () => {
    expect(statusOptions('Pending')).toEqual(['Pending', 'In Progress', 'Shipped', 'Delivered', 'Canceled']);
    expect(statusOptions('Delivered')).toEqual(['Pending', 'In Progress', 'Shipped', 'Delivered']);
    expect(statusOptions('Canceled')).toEqual(['Canceled']);
    expect(statusOptions('Refunded')).toEqual(['Refunded']);
    for (const status of ['Pending', 'In Progress', 'Shipped', 'Delivered'] as const) {
      expect(statusOptions(status)).not.toContain('Refunded');
    }
  });

  const refund = (amount: number, status: Order['refunds'][number]['status']) => ({
    id: amount,
    amount,
    reason: 'r',
    status,
    created_at: '2026-11-21T10:00:00.000Z',
  });

  it('starts the amount at what is left: pending refunds count, failed ones do not', () => {
    expect(defaultRefundAmount({ total: 45.15, refunded: 0, refunds: [] })).toBe('45.15');
    const order = {
      total: 45.15,
      refunded: 10,
      refunds: [refund(10, 'succeeded'), refund(5, 'pending'), refund(20, 'failed')],
    };
    expect(refundLeftCents(order)).toBe(3015);
    expect(defaultRefundAmount(order)).toBe('30.15');
    expect(refundLeftCents({ total: 20, refunded: 20, refunds: [refund(20, 'succeeded')] })).toBe(0);
  });

  it('reads the amount in dollars, up to what is left', () => {
    expect(parseRefundAmount('12.5', 3015)).toEqual({ cents: 1250 });
    expect(parseRefundAmount(' 30.15 ', 3015)).toEqual({ cents: 3015 });
    expect(parseRefundAmount('30.16', 3015)).toEqual({ error: messages.refundTooLarge });
    expect(parseRefundAmount('0', 3015)).toEqual({ error: 'The refund must be more than $0.00.' });
    for (const bad of ['', 'abc', '1.234', '-5']) {
      expect(parseRefundAmount(bad, 3015)).toHaveProperty('error');
    }
  });
});

describe('recipes', () => {
  it('scales by the multiplier to two decimals (SPEC §9)', () => {
    expect(scaled(120.5, 2.5)).toBe('301.25');
    expect(scaled(1.005, 1)).toBe('1.01');
    expect(scaled(0.18, 2.5)).toBe('0.45');
    expect(scaled(null, 2)).toBe('—');
  });

  it('reads the multiplier: 0 or more, decimals allowed', () => {
    expect(parseMultiplier('1')).toBe(1);
    expect(parseMultiplier('2.5')).toBe(2.5);
    expect(parseMultiplier('0')).toBe(0);
    expect(parseMultiplier('')).toBeNull();
    expect(parseMultiplier('-1')).toBeNull();
    expect(parseMultiplier('abc')).toBeNull();
  });

  it('sizes the base dough from the flavour line that uses it', () => {
    const line = (name: string, quantity: number, unit: string) => ({
      id: 1,
      recipe_id: 2,
      ingredient_id: 1,
      ingredient_name: name,
      quantity,
      unit,
      quantity_in_cups: null,
      cups: null,
    });
    const recipe = (name: string, weight: number | null, ingredients: Recipe['ingredients']): Recipe => ({
      id: 2,
      product_id: 1,
      name,
      instructions: '',
      cooking_time_minutes: null,
      oven_temperature_celsius: null,
      yield_quantity: null,
      yield_unit: null,
      total_yield_weight: weight,
      ingredients,
    });
    const base = recipe('Base Cookie Dough', 3600, []);
    expect(baseBatches(recipe('Classic', 4080, [line('Base Cookie Dough', 1800, 'g')]), base, 2)).toBe(1);
    expect(baseBatches(recipe('Classic', 4080, [line('base cookie dough', 3.6, 'kg')]), base, 0.5)).toBe(0.5);
    expect(baseBatches(recipe('Classic', 4080, []), base, 1.5)).toBe(1.5);
  });

  it('checks the recipe form against the limits the server keeps', () => {
    const form = {
      instructions: 'Mix.',
      cooking_time_minutes: '12',
      oven_temperature_celsius: '175',
      yield_quantity: '48',
      yield_unit: 'cookies',
      total_yield_weight: '4080',
      ingredients: [{ ingredient_id: '3', quantity: '120.5', unit: 'g', cups: '' }],
    };
    expect(recipeFormSchema.parse(form)).toMatchObject({
      cooking_time_minutes: 12,
      ingredients: [{ ingredient_id: 3, quantity: 120.5, unit: 'g', cups: null }],
    });
    expect(recipeFormSchema.safeParse({ ...form, oven_temperature_celsius: '501' }).success).toBe(false);
    expect(
      recipeFormSchema.safeParse({ ...form, ingredients: [{ ...form.ingredients[0], quantity: '1.234' }] })
        .success,
    ).toBe(false);
    expect(
      recipeFormSchema.safeParse({ ...form, ingredients: [{ ...form.ingredients[0], ingredient_id: '' }] })
        .success,
    ).toBe(false);
  });
});

describe('tabs', () => {
  it('opens Product Management unless the URL names another tab', () => {
    expect(parseTab(null)).toBe('products');
    expect(parseTab('recipes')).toBe('recipes');
    expect(parseTab('nonsense')).toBe('products');
  });
});
