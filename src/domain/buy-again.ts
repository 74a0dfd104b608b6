/**
 * "Buy again" on the order page (docs/product.md, Orders; decision 0053): the order's lines as the
 * catalogue sells them today. A line goes to the cart at today's price, with no more than the stock
 * left allows beside what the cart already holds; a product sold out, hidden or deleted is named
 * instead. Pure: the page reads the catalogue (GET /api/products) and the cart, and adds what this
 * answers.
 */
import { MAX_QUANTITY, toCartProduct, type CartItem, type CartProduct } from './cart.js';
import type { Product } from './catalog.js';
import { dollarsToCents } from './money.js';
import type { OrderItem } from './orders.js';
import { isSoldOut } from './stock.js';

export type CatalogueProduct = Pick<
  Product,
  'id' | 'name' | 'price' | 'sku' | 'image_url' | 'size' | 'slug' | 'category' | 'stock'
>;

export interface BuyAgainPlan {
  /** what goes to the cart, in the order's order, one line per product */
  add: { product: CartProduct; quantity: number }[];
  /** products on sale with no unit left */
  soldOut: string[];
  /** products no longer sold (deleted or hidden), by the name the order kept */
  gone: string[];
  /** products with fewer units left than the order had: the cart holds all that is left */
  fewer: { name: string; left: number }[];
  /** whether any line's price today differs from what the order paid */
  repriced: boolean;
}

export function planBuyAgain(
  items: readonly Pick<OrderItem, 'product_id' | 'product_name' | 'quantity' | 'price'>[],
  catalogue: readonly CatalogueProduct[],
  cart: readonly Pick<CartItem, 'id' | 'quantity'>[],
): BuyAgainPlan {
  const byId = new Map(catalogue.map((product) => [product.id, product]));
  const inCart = new Map(cart.map((line) => [line.id, line.quantity]));
  // The same product on two lines of the order is one line of the cart.
  const wanted = new Map<number | string, { item: (typeof items)[number]; quantity: number }>();
  for (const item of items) {
    const key = item.product_id ?? `gone:${item.product_name}`;
    const seen = wanted.get(key);
    wanted.set(key, { item, quantity: (seen?.quantity ?? 0) + item.quantity });
  }

  const plan: BuyAgainPlan = { add: [], soldOut: [], gone: [], fewer: [], repriced: false };
  for (const { item, quantity } of wanted.values()) {
    const product = item.product_id === null ? undefined : byId.get(item.product_id);
    if (!product) {
      plan.gone.push(item.product_name);
      continue;
    }
    if (isSoldOut(product.stock)) {
      plan.soldOut.push(product.name);
      continue;
    }
    const held = inCart.get(product.id) ?? 0;
    const room = Math.min(MAX_QUANTITY, product.stock ?? Number.POSITIVE_INFINITY) - held;
    const count = Math.max(0, Math.min(quantity, room));
    if (product.stock !== null && quantity > product.stock - held) {
      plan.fewer.push({ name: product.name, left: product.stock });
    }
    if (count === 0) continue;
    plan.add.push({ product: toCartProduct(product), quantity: count });
    if (dollarsToCents(product.price) !== item.price) plan.repriced = true;
  }
  return plan;
}

/** 'A', 'A and B', 'A, B and C'. */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

const is = (names: readonly string[]) => (names.length === 1 ? 'is' : 'are');

/**
 * What the page says once the lines are in the cart, e.g. 'Added 3 items to your cart. Peanut
 * Butter Crunch is sold out.'
 */
export function buyAgainMessage(plan: BuyAgainPlan): string {
  const units = plan.add.reduce((sum, line) => sum + line.quantity, 0);
  const parts = [
    units === 0
      ? 'Nothing was added to your cart.'
      : `Added ${units} ${units === 1 ? 'item' : 'items'} to your cart${plan.repriced ? " at today's prices" : ''}.`,
  ];
  if (plan.soldOut.length > 0) parts.push(`${listOf(plan.soldOut)} ${is(plan.soldOut)} sold out.`);
  if (plan.gone.length > 0) parts.push(`${listOf(plan.gone)} ${is(plan.gone)} no longer available.`);
  for (const { name, left } of plan.fewer) {
    parts.push(`Only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left; your cart holds ${left}.`);
  }
  return parts.join(' ');
}
