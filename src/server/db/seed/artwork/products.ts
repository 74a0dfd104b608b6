/**
 * Product drawings (800x800): each product on its own tinted backdrop so catalogue cards differ.
 */
import type { ArtworkKey } from '../types.js';
import { Canvas, el, p, poly, type Pt } from './svg.js';
import {
  backdrop,
  brand,
  coconutFlake,
  mapleLeaf,
  shadow,
  scatter,
  chunk,
  chunkStyles,
  almondSliver,
  type Tint,
} from './ingredients.js';
import { cookie, crumbs, flavours, looseBit, type Flavour } from './cookie.js';
import { bitePile, biteStyles, type BiteStyle } from './bites.js';
import { clusters, granolaStyles, heap, type GranolaStyle } from './granola.js';
import { bowlColors, bowlSide, pouch, type BowlColors, type PouchColors } from './props.js';

const SIZE = 800;

export const tints = {
  'cookie-classic-chocolate-chunk': { bg: '#F6E4CF', glow: '#FFF4E6', floor: '#EBCFB0' },
  'cookie-double-chocolate-chunk': { bg: '#F0DCD6', glow: '#FBF0EC', floor: '#E0C2B8' },
  'cookie-peanut-butter-crunch': { bg: '#F6EBC8', glow: '#FFF9E6', floor: '#EAD9A6' },
  'cookie-white-chocolate-macadamia': { bg: '#DDE8EC', glow: '#F4F8F8', floor: '#C7D8DE' },
  'variety-pack': { bg: '#E3EDE4', glow: '#F6FAF4', floor: '#CADDCD' },
  'bites-chocolate-peanut-butter': { bg: '#F3DCCB', glow: '#FDF1E7', floor: '#E6C3AA' },
  'bites-coconut-almond': { bg: '#D9E9E4', glow: '#F3F9F6', floor: '#BFD8D0' },
  'bites-maple-pecan': { bg: '#F8E2C4', glow: '#FFF5E6', floor: '#EDCB9F' },
  'granola-maple-almond': { bg: '#F5ECCF', glow: '#FFFAEB', floor: '#E7D7A9' },
  'granola-dark-chocolate-coconut': { bg: '#E6E0EE', glow: '#F8F5FB', floor: '#D2C9DE' },
} as const satisfies Record<ArtworkKey, Tint>;

/** Two cookies (one behind), loose chunks and crumbs on the table. */
function cookieProduct(c: Canvas, f: Flavour, count = 12): string {
  const back = { x: 545, y: 300, r: 170 };
  const front = { x: 355, y: 455, r: 232 };
  const out = [
    shadow(c, back.x + 30, back.y + 95, back.r * 1.15, back.r * 0.75, 0.35),
    cookie(c, { ...back, ...f, count: Math.round(count * 0.75) }),
    shadow(c, front.x + 35, front.y + 120, front.r * 1.15, front.r * 0.78, 0.4),
    cookie(c, { ...front, ...f, count }),
    crumbs(c, 640, 650, 70, 9, f.dough),
    crumbs(c, 150, 705, 60, 6, f.dough),
  ];
  const loose: Pt[] = [
    [655, 615],
    [705, 668],
    [612, 692],
  ];
  for (const [x, y] of loose) out.push(looseBit(c, c.pick(f.mix), x, y, c.range(16, 24)));
  return out.join('');
}

/** The kraft variety box, lid open, with one cookie of each flavour. */
export function varietyBox(c: Canvas): string {
  const front = { x0: 140, x1: 660, top: 470, bottom: 650 };
  const backEdge = { x0: 185, x1: 615, y: 300 };
  const opening: Pt[] = [
    [backEdge.x0, backEdge.y],
    [backEdge.x1, backEdge.y],
    [front.x1, front.top],
    [front.x0, front.top],
  ];
  const lid: Pt[] = [
    [backEdge.x0, backEdge.y],
    [backEdge.x0 + 25, 95],
    [backEdge.x1 - 25, 95],
    [backEdge.x1, backEdge.y],
  ];
  const order: Flavour[] = [flavours.double, flavours.white, flavours.classic, flavours.peanut];
  const spots = [
    { x: 300, y: 360, r: 96 },
    { x: 500, y: 360, r: 96 },
    { x: 285, y: 430, r: 112 },
    { x: 515, y: 430, r: 112 },
  ];
  const cookies = spots
    .map((s, i) => {
      const f = order[i] ?? flavours.classic;
      return (
        shadow(c, s.x + 10, s.y + 25, s.r * 1.05, s.r * 0.5, 0.45) +
        cookie(c, { ...s, squash: 0.5, thickness: 0.24, lumps: 12, count: 8, ...f })
      );
    })
    .join('');
  const bars = [0.5, 0.34, 0.4]
    .map((w, i) =>
      el('rect', {
        x: 400 - 260 * w * 0.5,
        y: 575 + i * 16,
        width: 260 * w,
        height: 7,
        rx: 3.5,
        fill: brand.cream,
        'fill-opacity': i === 0 ? 0.95 : 0.65,
      }),
    )
    .join('');
  return [
    shadow(c, 420, 655, 330, 45, 0.45),
    el('path', {
      d: poly(lid),
      fill: c.linear([
        [0, '#E2C39A'],
        [1, '#C99F6F'],
      ]),
    }),
    el('path', {
      d: p`M${backEdge.x0 + 25} 95H${backEdge.x1 - 25}`,
      stroke: '#A97D4E',
      'stroke-width': 6,
      'stroke-linecap': 'round',
    }),
    mapleLeaf(400, 190, 44, '#B8875A'),
    el('path', {
      d: poly(opening),
      fill: c.linear([
        [0, '#8E6238'],
        [0.3, '#A87A4C'],
        [1, '#B88A5A'],
      ]),
    }),
    el('path', {
      d: p`M${backEdge.x0} ${backEdge.y}H${backEdge.x1}L${backEdge.x1 - 8} ${backEdge.y + 50}H${backEdge.x0 + 8}Z`,
      fill: '#C9A071',
    }),
    cookies,
    el('path', {
      d: poly(opening),
      fill: 'none',
      stroke: '#D9B587',
      'stroke-width': 8,
      'stroke-linejoin': 'round',
    }),
    el('rect', {
      x: front.x0,
      y: front.top,
      width: front.x1 - front.x0,
      height: front.bottom - front.top,
      rx: 6,
      fill: c.linear(
        [
          [0, '#B07E4D'],
          [0.2, '#CDA070'],
          [0.6, '#C79966'],
          [1, '#A97745'],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
    el('rect', { x: front.x0, y: front.top, width: front.x1 - front.x0, height: 10, fill: '#E0BD8F' }),
    el('rect', { x: front.x0, y: 520, width: front.x1 - front.x0, height: 110, fill: brand.forest }),
    mapleLeaf(400, 548, 22, brand.maple),
    bars,
  ].join('');
}

/** A small pile of energy bites with a few coating bits around. */
function bitesProduct(c: Canvas, st: BiteStyle): string {
  const spots = [
    [300, 400, 108],
    [505, 395, 110],
    [405, 305, 102],
    [215, 545, 104],
    [405, 560, 114],
    [600, 545, 104],
  ] as const;
  const bit = (x: number, y: number): string => {
    switch (st.coat) {
      case 'peanut':
        return chunk(c, x, y, c.range(6, 10), chunkStyles.peanut);
      case 'pecan':
        return chunk(c, x, y, c.range(6, 11), chunkStyles.pecan);
      case 'coconut':
        return c.chance(0.3) ? almondSliver(c, x, y, 14) : coconutFlake(c, x, y, 7);
    }
  };
  return bitePile(c, spots, st) + scatter(c, 400, 705, 320, 35, 9, bit);
}

/** A stand-up pouch behind a bowl heaped with granola. */
function granolaProduct(c: Canvas, st: GranolaStyle, bowl: BowlColors, bag: PouchColors): string {
  const rimY = 480;
  const { back, front } = bowlSide(c, 460, rimY, 250, 190, bowl);
  const windowFill =
    el('rect', { x: 150, y: 400, width: 200, height: 140, fill: st.shade }) +
    clusters(c, 245, 470, 110, 75, 90, 16, st, 0.15);
  return [
    pouch(c, 100, 110, 290, 480, bag, windowFill),
    back,
    heap(c, 460, rimY, 240, 150, 360, 18, st),
    front,
    clusters(c, 150, 700, 80, 22, 10, 16, st, 0.3),
    clusters(c, 700, 715, 55, 16, 6, 14, st, 0.3),
  ].join('');
}

export const pouches = {
  maple: { kraft: '#CFAE82', kraftDark: '#A47E52', label: brand.forest, accent: brand.maple },
  chocolate: { kraft: '#C9A67A', kraftDark: '#9C764B', label: brand.brown, accent: '#F4E3C8' },
} as const satisfies Record<string, PouchColors>;

export function drawProduct(key: ArtworkKey): string {
  const c = new Canvas(SIZE, SIZE, key);
  const bg = backdrop(c, tints[key]);
  let art: string;
  switch (key) {
    case 'cookie-classic-chocolate-chunk':
      art = cookieProduct(c, flavours.classic);
      break;
    case 'cookie-double-chocolate-chunk':
      art = cookieProduct(c, flavours.double);
      break;
    case 'cookie-peanut-butter-crunch':
      art = cookieProduct(c, flavours.peanut, 9);
      break;
    case 'cookie-white-chocolate-macadamia':
      art = cookieProduct(c, flavours.white);
      break;
    case 'variety-pack':
      art = varietyBox(c);
      break;
    case 'bites-chocolate-peanut-butter':
      art = bitesProduct(c, biteStyles.chocolatePeanut);
      break;
    case 'bites-coconut-almond':
      art = bitesProduct(c, biteStyles.coconutAlmond);
      break;
    case 'bites-maple-pecan':
      art = bitesProduct(c, biteStyles.maplePecan);
      break;
    case 'granola-maple-almond':
      art = granolaProduct(c, granolaStyles.mapleAlmond, bowlColors.cream, pouches.maple);
      break;
    case 'granola-dark-chocolate-coconut':
      art = granolaProduct(c, granolaStyles.darkChocolateCoconut, bowlColors.forest, pouches.chocolate);
      break;
  }
  return c.document(bg + art);
}
