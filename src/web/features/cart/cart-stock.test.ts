/**
 * A cart line against the catalogue's stock (decision 0022): what the drawer and cart page say and
 * block.
 */
import { describe, expect, it } from 'vitest';
import { lineStock } from './cart-stock';

const item = { id: 1, name: 'Maple Almond Granola', quantity: 2 };

describe('lineStock', () => {
  it('knows no limit for made to order, or a product the catalogue has not told about', () => {
    expect(lineStock(item, new Map([[1, null]]))).toEqual({ left: null, soldOut: false, problem: null });
    expect(lineStock(item, new Map())).toEqual({ left: null, soldOut: false, problem: null });
  });

  it('blocks a sold-out line, and one that asks for more than is left, with the server’s words', () => {
    expect(lineStock(item, new Map([[1, 0]]))).toEqual({
      left: 0,
      soldOut: true,
      problem: 'Maple Almond Granola is sold out. Please remove it from your cart to continue.',
    });
    expect(lineStock(item, new Map([[1, 1]]))).toEqual({
      left: 1,
      soldOut: false,
      problem: 'Only 1 of Maple Almond Granola left. Please lower the quantity in your cart to continue.',
    });
    expect(lineStock(item, new Map([[1, 2]])).problem).toBeNull();
  });

  it("counts the units this shopper's own open payment holds as theirs", () => {
    const held = new Map([[1, 2]]);
    expect(lineStock(item, new Map([[1, 0]]), held)).toEqual({ left: 2, soldOut: false, problem: null });
  });
});
