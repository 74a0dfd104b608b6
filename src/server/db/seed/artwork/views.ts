/**
 * The other views of each product for its gallery (decision 0061), 800x800 like the main drawing
 * (products.ts, the snack up close): the pack it comes in, on the product's own tinted backdrop,
 * and a serving, laid flat on a table from above.
 */
import type { ArtworkKey } from '../types.js';
import { Canvas, el } from './svg.js';
import { backdrop, brand, chunk, chunkStyles, mapleLeaf, scatter, shadow, surface } from './ingredients.js';
import { brokenCookie, cookie, crumbs, flavours, type Flavour } from './cookie.js';
import { bite, bitePile, biteStyles, type BiteStyle } from './bites.js';
import { clusters, granolaStyles, type GranolaStyle } from './granola.js';
import { bowlColors, bowlTop, pouch, type BowlColors, type PouchColors } from './props.js';
import { boxTop, coffeeTop, linen, woodTable } from './kitchen.js';
import { blueberry, milkTop, pile, raspberry, yogurt } from './tabletop.js';
import { pouches, tints } from './products.js';

export type ProductView = 'pack' | 'serving';
export const PRODUCT_VIEWS: readonly ProductView[] = ['pack', 'serving'];

const SIZE = 800;
const lightWood = ['#E2C7A3', '#DCBF99', '#C9A77C'] as const;

type Kind =
  | { kind: 'cookie'; flavour: Flavour; bag: PouchColors }
  | { kind: 'bites'; style: BiteStyle; bag: PouchColors }
  | { kind: 'granola'; style: GranolaStyle; bowl: BowlColors; bag: PouchColors }
  | { kind: 'variety' };

const bags = {
  ...pouches,
  cocoa: { kraft: '#C9A67A', kraftDark: '#9C764B', label: brand.brown, accent: brand.cream },
  peanut: { kraft: '#D3B186', kraftDark: '#A7825A', label: brand.maple, accent: brand.cream },
  white: { kraft: '#D2B58E', kraftDark: '#A68660', label: '#3F6E86', accent: brand.cream },
  coconut: { kraft: '#D2B58E', kraftDark: '#A68660', label: '#2F6F63', accent: '#F4E3C8' },
} as const satisfies Record<string, PouchColors>;

const products = {
  'cookie-classic-chocolate-chunk': { kind: 'cookie', flavour: flavours.classic, bag: bags.maple },
  'cookie-double-chocolate-chunk': { kind: 'cookie', flavour: flavours.double, bag: bags.cocoa },
  'cookie-peanut-butter-crunch': { kind: 'cookie', flavour: flavours.peanut, bag: bags.peanut },
  'cookie-white-chocolate-macadamia': { kind: 'cookie', flavour: flavours.white, bag: bags.white },
  'variety-pack': { kind: 'variety' },
  'bites-chocolate-peanut-butter': { kind: 'bites', style: biteStyles.chocolatePeanut, bag: bags.cocoa },
  'bites-coconut-almond': { kind: 'bites', style: biteStyles.coconutAlmond, bag: bags.coconut },
  'bites-maple-pecan': { kind: 'bites', style: biteStyles.maplePecan, bag: bags.maple },
  'granola-maple-almond': {
    kind: 'granola',
    style: granolaStyles.mapleAlmond,
    bowl: bowlColors.cream,
    bag: bags.maple,
  },
  'granola-dark-chocolate-coconut': {
    kind: 'granola',
    style: granolaStyles.darkChocolateCoconut,
    bowl: bowlColors.forest,
    bag: bags.chocolate,
  },
} as const satisfies Record<ArtworkKey, Kind>;

/** A cookie from straight above, with its shadow. */
const topCookie = (c: Canvas, x: number, y: number, r: number, f: Flavour, count = 10) =>
  shadow(c, x + r * 0.1, y + r * 0.14, r * 1.12, r * 1.08, 0.35) +
  cookie(c, { x, y, r, squash: 1, thickness: 0.14, count, ...f });

/** A bite from above, with its shadow. */
const topBite = (c: Canvas, x: number, y: number, r: number, st: BiteStyle) =>
  shadow(c, x + r * 0.2, y + r * 0.3, r * 1.15, r * 1.1, 0.4) + bite(c, x, y, r, st);

/** The pouch standing on the table, what it holds showing through its window and beside it. */
function pack(c: Canvas, product: Kind): string {
  if (product.kind === 'variety') {
    // The main drawing is the box open on its side; here it is on the table, seen from above.
    const mix = [flavours.classic, flavours.double, flavours.white, flavours.peanut];
    const inside = [
      [305, 425],
      [495, 425],
      [305, 615],
      [495, 615],
    ]
      .map(([x, y], i) => topCookie(c, x!, y!, 80, mix[i]!, 8))
      .join('');
    return [
      woodTable(c, 0, 5, lightWood),
      boxTop(c, 200, 330, 400, 380, inside),
      mapleLeaf(110, 650, 44, brand.maple, -25),
      mapleLeaf(700, 720, 30, '#E9A25B', 30),
    ].join('');
  }
  const bag = { x: 215, y: 70, w: 330, h: 600 };
  const win = { x: bag.x + bag.w * 0.5, y: bag.y + bag.h * 0.745 };
  let inside: string;
  let beside: string;
  switch (product.kind) {
    case 'cookie':
      inside =
        cookie(c, {
          x: win.x - 60,
          y: win.y,
          r: 80,
          squash: 0.5,
          thickness: 0.3,
          count: 6,
          ...product.flavour,
        }) +
        cookie(c, {
          x: win.x + 70,
          y: win.y + 10,
          r: 80,
          squash: 0.5,
          thickness: 0.3,
          count: 6,
          ...product.flavour,
        });
      beside =
        shadow(c, 620, 700, 130, 38, 0.4) +
        cookie(c, { x: 600, y: 610, r: 118, count: 9, ...product.flavour }) +
        crumbs(c, 170, 705, 55, 7, product.flavour.dough);
      break;
    case 'bites':
      inside = bitePile(
        c,
        [
          [win.x - 70, win.y + 5, 44],
          [win.x, win.y - 5, 46],
          [win.x + 70, win.y + 8, 44],
        ],
        product.style,
      );
      beside = bitePile(
        c,
        [
          [615, 600, 64],
          [685, 655, 58],
          [585, 680, 60],
        ],
        product.style,
      );
      break;
    case 'granola':
      inside =
        el('rect', { x: win.x - 120, y: win.y - 80, width: 240, height: 160, fill: product.style.shade }) +
        clusters(c, win.x, win.y, 110, 60, 70, 16, product.style, 0.15);
      beside = clusters(c, 640, 690, 95, 28, 16, 18, product.style, 0.25);
      break;
  }
  return (
    pouch(c, bag.x, bag.y, bag.w, bag.h, product.bag, inside) +
    beside +
    mapleLeaf(130, 640, 26, brand.maple, -20)
  );
}

/** One serving, laid on the table and seen from above, with what goes with it. */
function serving(c: Canvas, product: Kind): string {
  switch (product.kind) {
    case 'cookie':
      return [
        surface(c, '#EFE3D2', '#B99E7E'),
        linen(c, -40, 470, 420, 380, '#F7F1E7', brand.forest, 10),
        bowlTop(c, 400, 420, 290, bowlColors.cream, brokenCookie(c, 400, 420, 175, product.flavour, 34, -14)),
        milkTop(c, 680, 130, 90),
        crumbs(c, 620, 720, 80, 10, product.flavour.dough),
        scatter(c, 120, 140, 60, 40, 4, (x, y) => chunk(c, x, y, 13, chunkStyles.dark)),
      ].join('');
    case 'bites':
      return [
        surface(c, '#E8EFE6', '#9DB39B'),
        linen(c, 430, -60, 420, 360, '#F6F0E6', brand.maple, -8),
        bowlTop(
          c,
          370,
          450,
          280,
          bowlColors.terracotta,
          [
            [290, 380],
            [430, 360],
            [370, 480],
            [250, 520],
            [480, 520],
          ]
            .map(([x, y]) => topBite(c, x!, y!, 66, product.style))
            .join(''),
        ),
        coffeeTop(c, 660, 150, 88),
        topBite(c, 690, 700, 48, product.style),
      ].join('');
    case 'granola':
      return [
        surface(c, '#F5E1DA', '#C89D90'),
        bowlTop(
          c,
          400,
          400,
          280,
          product.bowl,
          [
            yogurt(c, 400, 400, 240),
            clusters(c, 340, 430, 130, 120, 90, 17, product.style, 0.15),
            pile(c, 510, 340, 60, 8, (x, y) => blueberry(c, x, y, 16)),
            pile(c, 520, 480, 55, 5, (x, y) => raspberry(c, x, y, 20)),
          ].join(''),
        ),
        clusters(c, 660, 720, 70, 30, 9, 16, product.style, 0.2),
        scatter(c, 130, 120, 70, 40, 6, (x, y) => blueberry(c, x, y, 14)),
      ].join('');
    case 'variety': {
      const mix = [flavours.classic, flavours.double, flavours.white, flavours.peanut];
      const plate = [
        [320, 340],
        [490, 360],
        [310, 510],
        [480, 530],
      ]
        .map(([x, y], i) => topCookie(c, x!, y!, 92, mix[i]!, 9))
        .join('');
      return [
        surface(c, '#E3EDE4', '#97B09B'),
        linen(c, 420, 520, 420, 360, '#F7F1E7', brand.maple, -8),
        bowlTop(c, 400, 430, 300, bowlColors.cream, plate),
        milkTop(c, 680, 130, 88),
        crumbs(c, 150, 720, 70, 9, flavours.classic.dough),
      ].join('');
    }
  }
}

/** What the view shows, for its alt text: read to shoppers who cannot see it. */
export function viewAlt(key: ArtworkKey, view: ProductView, name: string): string {
  const product: Kind = products[key];
  if (view === 'pack') {
    return product.kind === 'variety'
      ? `${name}: the box from above, one cookie of each flavour`
      : `${name} in its resealable pouch`;
  }
  switch (product.kind) {
    case 'cookie':
      return `${name}: a cookie broken in two on a plate, with a glass of milk`;
    case 'bites':
      return `${name}: a bowl of bites beside a cup of coffee`;
    case 'granola':
      return `${name}: a bowl of yogurt topped with granola and berries`;
    case 'variety':
      return `${name}: four flavours on a plate, with a glass of milk`;
  }
}

/** The view's standalone SVG document (deterministic: seeded by the key and the view). */
export function drawProductView(key: ArtworkKey, view: ProductView): string {
  const c = new Canvas(SIZE, SIZE, `${key}-${view}`);
  const product: Kind = products[key];
  if (view === 'pack') return c.document(backdrop(c, tints[key]) + pack(c, product));
  return c.document(serving(c, product));
}
