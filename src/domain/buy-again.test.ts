/**
 * "Buy again" (docs/product.md, Orders): which lines of an order go back to the cart, at what price
 * and how many, which products are sold out or gone, and what the page says.
 */
import { describe, expect, it } from 'vitest';
import { buyAgainMessage, listOf, planBuyAgain, type CatalogueProduct } from './buy-again.js';

const product = (id: number, name: string, price: number, stock: number | null): CatalogueProduct => ({
  id,
  name,
  price,
  stock,
  sku: `SKU-${id}`,
  image_url: null,
  size: 280,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  category: 'Granola',
});
const line = (product_id: number | null, product_name: string, quantity: number, price: number) => ({
  product_id,
  product_name,
  quantity,
  price,
});

const granola = product(1, 'Maple Almond Granola', 12.95, null);
const bites = product(2, 'Coconut Almond Energy Bites', 16.95, 40);
const crunch = product(3, 'Peanut Butter Crunch', 37.99, 0);
const catalogue = [granola, bites, crunch];

describe('planBuyAgain', () => {
  it("adds each line at today's price, names the sold out and the gone", () => {
    const plan = planBuyAgain(
      [
        line(1, 'Maple Almond Granola', 2, 1195),
        line(2, 'Coconut Almond Energy Bites', 1, 1695),
        line(3, 'Peanut Butter Crunch', 1, 3799),
        line(9, 'Cinnamon Roll Bites', 1, 1495),
        line(null, 'Lemon Poppy Cookies', 3, 3799),
      ],
      catalogue,
      [],
    );
    expect(plan.add).toEqual([
      { product: expect.objectContaining({ id: 1, price: 12.95 }), quantity: 2 },
      { product: expect.objectContaining({ id: 2, price: 16.95 }), quantity: 1 },
    ]);
    // The cart line's fields only: no stock in the cart.
    expect(plan.add[0]!.product).not.toHaveProperty('stock');
    expect(plan.soldOut).toEqual(['Peanut Butter Crunch']);
    expect(plan.gone).toEqual(['Cinnamon Roll Bites', 'Lemon Poppy Cookies']);
    expect(plan.fewer).toEqual([]);
    expect(plan.repriced).toBe(true);
    expect(buyAgainMessage(plan)).toBe(
      "Added 3 items to your cart at today's prices. Peanut Butter Crunch is sold out. Cinnamon Roll Bites and Lemon Poppy Cookies are no longer available.",
    );
  });

  it('merges two lines of one product, and adds no more than is left beside what the cart holds', () => {
    const plan = planBuyAgain(
      [line(2, 'Coconut Almond Energy Bites', 30, 1695), line(2, 'Coconut Almond Energy Bites', 15, 1695)],
      catalogue,
      [{ id: 2, quantity: 4 }],
    );
    expect(plan.add).toEqual([{ product: expect.objectContaining({ id: 2 }), quantity: 36 }]);
    expect(plan.fewer).toEqual([{ name: 'Coconut Almond Energy Bites', left: 40 }]);
    expect(plan.repriced).toBe(false);
    expect(buyAgainMessage(plan)).toBe(
      'Added 36 items to your cart. Only 40 of Coconut Almond Energy Bites are left; your cart holds 40.',
    );
  });

  it('keeps a line under the most a cart line holds', () => {
    const plan = planBuyAgain([line(1, 'Maple Almond Granola', 10, 1295)], catalogue, [
      { id: 1, quantity: 95 },
    ]);
    expect(plan.add).toEqual([{ product: expect.objectContaining({ id: 1 }), quantity: 4 }]);
  });

  it('says so when nothing could be added', () => {
    const plan = planBuyAgain([line(3, 'Peanut Butter Crunch', 1, 3799)], catalogue, []);
    expect(plan.add).toEqual([]);
    expect(buyAgainMessage(plan)).toBe('Nothing was added to your cart. Peanut Butter Crunch is sold out.');
    expect(buyAgainMessage(planBuyAgain([line(1, 'Maple Almond Granola', 1, 1295)], catalogue, []))).toBe(
      'Added 1 item to your cart.',
    );
  });
});

describe('listOf', () => {
  it('joins names as a sentence does', () => {
    expect(listOf([])).toBe('');
    expect(listOf(['A'])).toBe('A');
    expect(listOf(['A', 'B'])).toBe('A and B');
    expect(listOf(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
