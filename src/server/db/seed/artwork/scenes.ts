/**
 * Scene drawings for the home and category pages: the hero and brand-story banners (1200x800), the
 * "made in small batches" and ingredient scenes, and six square Instagram-style flat-lays (800x800).
 */
import type { SceneKey } from '../types.js';
import { Canvas, el, group, type Pt } from './svg.js';
import {
  almond,
  backdrop,
  brand,
  chunk,
  chunkStyles,
  type ChunkStyle,
  coconutFlake,
  date,
  mapleLeaf,
  oat,
  peanut,
  pecan,
  scatter,
  shadow,
  surface,
} from './ingredients.js';
import { brokenCookie, cookie, crumbs, doughs, flavours, type Flavour } from './cookie.js';
import { bite, bitePile, biteStyles, shreds, type BiteStyle } from './bites.js';
import { clusters, granolaStyles } from './granola.js';
import { bowlColors, bowlTop, jar, syrupBottle, type BowlColors } from './props.js';
import {
  bakingTray,
  boxTop,
  coffeeTop,
  coolingRack,
  linen,
  rollingPin,
  woodTable,
  woodenSpoon,
} from './kitchen.js';
import {
  blueberry,
  cocoaPowder,
  coconutOilTop,
  compass,
  enamelMug,
  grape,
  lunchbox,
  milkTop,
  pile,
  pineSprig,
  raspberry,
  topoMap,
  yogurt,
} from './tabletop.js';

const lightWood = ['#E2C7A3', '#DCBF99', '#C9A77C'] as const;
const darkWood = ['#8A5E3C', '#7F5536', '#5E3D24'] as const;

/** A cookie seen from straight above, with its shadow. */
function topCookie(c: Canvas, x: number, y: number, r: number, f: Flavour, count = 11): string {
  return (
    shadow(c, x + r * 0.1, y + r * 0.14, r * 1.12, r * 1.08, 0.35) +
    cookie(c, { x, y, r, squash: 1, thickness: 0.14, count, ...f })
  );
}

/** A bite seen from above (a ball still reads as a ball), with its shadow. */
function topBite(c: Canvas, x: number, y: number, r: number, st: BiteStyle): string {
  return shadow(c, x + r * 0.2, y + r * 0.3, r * 1.15, r * 1.1, 0.4) + bite(c, x, y, r, st);
}

/** A top-down bowl filled by `fill(cx, cy, r)`. */
function bowlOf(
  c: Canvas,
  x: number,
  y: number,
  r: number,
  col: BowlColors,
  fill: (cx: number, cy: number, r: number) => string,
): string {
  return bowlTop(c, x, y, r, col, fill(x, y, r * 0.86));
}

const oats =
  (c: Canvas) =>
  (x: number, y: number, r: number): string =>
    el('circle', { cx: x, cy: y, r, fill: '#D9BF8E' }) +
    pile(c, x, y, r * 0.95, Math.round(r * 0.9), (px, py) => oat(c, px, py, r * 0.12));
const dates =
  (c: Canvas) =>
  (x: number, y: number, r: number): string =>
    pile(c, x, y, r * 0.55, 6, (px, py) => date(c, px, py, r * 0.36));
const chunks =
  (c: Canvas, st: ChunkStyle = chunkStyles.dark) =>
  (x: number, y: number, r: number): string =>
    el('circle', { cx: x, cy: y, r, fill: '#4A2A1B' }) +
    pile(c, x, y, r * 0.9, Math.round(r * 0.5), (px, py) => chunk(c, px, py, r * 0.13, st));
const almonds =
  (c: Canvas) =>
  (x: number, y: number, r: number): string =>
    el('circle', { cx: x, cy: y, r, fill: '#8A5230' }) +
    pile(c, x, y, r * 0.85, Math.round(r * 0.3), (px, py) => almond(c, px, py, r * 0.22));
const peanuts =
  (c: Canvas) =>
  (x: number, y: number, r: number): string =>
    el('circle', { cx: x, cy: y, r, fill: '#B8834A' }) +
    pile(c, x, y, r * 0.88, Math.round(r * 0.45), (px, py) => peanut(c, px, py, r * 0.15));
const pecans =
  (c: Canvas) =>
  (x: number, y: number, r: number): string =>
    el('circle', { cx: x, cy: y, r, fill: '#5A2A10' }) +
    pile(c, x, y, r * 0.8, Math.round(r * 0.2), (px, py) => pecan(c, px, py, r * 0.26));
const coconut =
  (c: Canvas) =>
  (x: number, y: number, r: number): string =>
    el('circle', { cx: x, cy: y, r, fill: '#F1E8D8' }) + shreds(c, x, y, r * 0.95, Math.round(r * 3));
const coconutFlakes =
  (c: Canvas) =>
  (x: number, y: number, r: number): string =>
    el('circle', { cx: x, cy: y, r, fill: '#E9DFCC' }) +
    pile(c, x, y, r * 0.85, Math.round(r * 0.4), (px, py) => coconutFlake(c, px, py, r * 0.2));

function mixedFlavour(i: number): Flavour {
  const all = [flavours.classic, flavours.double, flavours.white, flavours.peanut];
  return all[i % all.length] ?? flavours.classic;
}

// ---------------------------------------------------------------------------------------------

function hero(c: Canvas): string {
  const out = [
    backdrop(c, { bg: '#F8ECDD', glow: '#FFF9F0', floor: '#EBD6BC' }, 0.66),
    el('circle', { cx: 650, cy: 380, r: 310, fill: '#F3D2AE', 'fill-opacity': 0.55 }),
    mapleLeaf(960, 190, 46, brand.maple, 18),
    mapleLeaf(300, 240, 30, '#E9A25B', -22),
  ];
  // A stack of four cookies, one of each flavour.
  out.push(shadow(c, 670, 688, 260, 62, 0.45));
  const stack: Flavour[] = [flavours.classic, flavours.double, flavours.peanut, flavours.white];
  stack.forEach((f, i) =>
    out.push(
      cookie(c, {
        x: 640 + c.range(-10, 10),
        y: 615 - i * 80,
        r: 190 - i * 4,
        squash: 0.5,
        thickness: 0.3,
        count: 11,
        lumps: 14,
        ...f,
      }),
    ),
  );
  // A cookie lying in front left, and a little pile of bites to the right.
  out.push(
    shadow(c, 335, 675, 180, 58, 0.4),
    cookie(c, { x: 320, y: 635, r: 160, squash: 0.5, thickness: 0.26, ...flavours.classic }),
  );
  const spots = [
    [905, 545, 78],
    [1045, 562, 70],
    [865, 650, 80],
    [1000, 658, 76],
  ] as const;
  const styles = [
    biteStyles.maplePecan,
    biteStyles.coconutAlmond,
    biteStyles.chocolatePeanut,
    biteStyles.maplePecan,
  ];
  spots.forEach(([x, y, r]) => out.push(shadow(c, x + r * 0.15, y + r * 0.88, r * 1.05, r * 0.3, 0.35)));
  spots.forEach(([x, y, r], i) => out.push(bite(c, x, y, r, styles[i] ?? biteStyles.maplePecan)));
  out.push(crumbs(c, 500, 722, 120, 14, doughs.golden), crumbs(c, 800, 735, 70, 8, doughs.cocoa));
  out.push(
    chunk(c, 170, 725, 17, chunkStyles.dark, 0.8),
    chunk(c, 560, 748, 15, chunkStyles.white, 0.8),
    chunk(c, 770, 730, 16, chunkStyles.darker, 0.8),
    peanut(c, 1130, 715, 17),
    chunk(c, 1080, 745, 14, chunkStyles.dark, 0.8),
    mapleLeaf(150, 630, 40, brand.maple, -35),
  );
  return out.join('');
}

function brandStory(c: Canvas): string {
  const out = [woodTable(c, 0, 6, lightWood)];
  out.push(linen(c, 90, 70, 460, 330, '#F4EDE2', brand.forest, -6));
  // flour dusting
  out.push(
    el('ellipse', {
      cx: 700,
      cy: 420,
      rx: 140,
      ry: 90,
      fill: '#FFFFFF',
      'fill-opacity': 0.55,
      filter: c.blur(18),
    }),
  );
  // Mixing bowl with dough and a spoon.
  out.push(
    bowlOf(c, 430, 390, 230, bowlColors.cream, (x, y, r) => {
      const dough = c.blob(x - 10, y + 10, r * 0.8, r * 0.72, { n: 14, wobble: 0.06, wave: 0.05 });
      return (
        el('circle', { cx: x, cy: y, r, fill: '#E8D9C2' }) +
        el('path', { d: dough, fill: '#A56A3C', transform: 'translate(6 10)', 'fill-opacity': 0.5 }) +
        el('path', {
          d: dough,
          fill: c.radial(
            [
              [0, '#E9BE82'],
              [1, '#C98F55'],
            ],
            0.45,
            0.4,
            0.6,
          ),
        }) +
        pile(c, x - 10, y + 10, r * 0.65, 16, (px, py) =>
          c.chance(0.3) ? oat(c, px, py, 10) : chunk(c, px, py, 11, chunkStyles.dark),
        )
      );
    }),
  );
  out.push(woodenSpoon(c, 480, 330, 380, -28));
  // Dates on a small plate, oats spilled, syrup, rolling pin.
  out.push(bowlOf(c, 860, 200, 120, bowlColors.terracotta, dates(c)));
  out.push(shadow(c, 880, 610, 170, 110, 0.2));
  out.push(
    el('path', {
      d: c.blob(870, 600, 160, 100, { n: 14, wobble: 0.12 }),
      fill: '#E6CFA4',
      'fill-opacity': 0.6,
    }),
  );
  out.push(pile(c, 870, 600, 140, 110, (x, y) => oat(c, x, y, 15)));
  out.push(syrupBottle(c, 1080, 360, 260, 16));
  out.push(rollingPin(c, 330, 690, 560, -8));
  out.push(scatter(c, 650, 720, 80, 30, 6, (x, y) => chunk(c, x, y, 12, chunkStyles.dark)));
  out.push(scatter(c, 980, 200, 60, 120, 3, (x, y) => date(c, x, y, 34)));
  out.push(scatter(c, 700, 120, 70, 40, 4, (x, y) => almond(c, x, y, 22)));
  return out.join('');
}

function cookiesQuality(c: Canvas): string {
  const out = [surface(c, '#EFE3D2', '#B99E7E')];
  out.push(linen(c, -60, 560, 360, 320, '#F7F1E7', brand.maple, 12));
  out.push(coolingRack(70, 110, 660, 580));
  const spots: Pt[] = [
    [210, 250],
    [400, 235],
    [590, 255],
    [220, 470],
    [410, 460],
    [595, 480],
  ];
  spots.forEach(([x, y], i) => out.push(topCookie(c, x, y, 88, mixedFlavour(i))));
  out.push(crumbs(c, 640, 640, 60, 8, doughs.golden));
  out.push(scatter(c, 560, 730, 90, 20, 4, (x, y) => chunk(c, x, y, 11, chunkStyles.dark)));
  return out.join('');
}

function cookiesIngredients(c: Canvas): string {
  return [
    surface(c, '#F4EBDD', '#C9AE8C'),
    bowlOf(c, 200, 210, 135, bowlColors.cream, oats(c)),
    bowlOf(c, 590, 190, 115, bowlColors.terracotta, dates(c)),
    bowlOf(c, 610, 545, 120, bowlColors.forest, chunks(c)),
    coconutOilTop(c, 170, 560, 82),
    topCookie(c, 400, 400, 92, flavours.classic),
    syrupBottle(c, 420, 705, 240, 90),
    scatter(c, 400, 250, 60, 30, 3, (x, y) => almond(c, x, y, 20)),
    scatter(c, 690, 360, 60, 40, 4, (x, y) => chunk(c, x, y, 12, chunkStyles.darker)),
  ].join('');
}

function bitesQuality(c: Canvas): string {
  const out = [backdrop(c, { bg: '#EFE2D0', glow: '#FBF4EA', floor: '#E0CBAE' }, 0.66)];
  const styles = [biteStyles.chocolatePeanut, biteStyles.coconutAlmond, biteStyles.maplePecan];
  const balls: string[] = [];
  const rows = [560, 485, 410, 335, 262];
  rows.forEach((y, row) => {
    for (let k = 0; k < 3; k++) {
      const x = 225 + k * 82 + (row % 2) * 36 - 10;
      balls.push(bite(c, x, y + c.range(-5, 5), 44, styles[(k + row) % 3] ?? biteStyles.chocolatePeanut));
    }
  });
  out.push(jar(c, 150, 190, 310, 430, brand.forest, balls.join('')));
  // A wooden board with three bites in front.
  out.push(shadow(c, 590, 650, 200, 40, 0.35));
  out.push(el('ellipse', { cx: 580, cy: 645, rx: 190, ry: 52, fill: '#9E6A3C' }));
  out.push(
    el('ellipse', {
      cx: 580,
      cy: 635,
      rx: 190,
      ry: 52,
      fill: c.linear([
        [0, '#D9A86E'],
        [1, '#BC8650'],
      ]),
    }),
  );
  out.push(
    bitePile(
      c,
      [
        [520, 585, 58],
        [640, 580, 56],
        [585, 625, 60],
      ],
      biteStyles.maplePecan,
    ),
  );
  out.push(scatter(c, 300, 700, 150, 30, 12, (x, y) => shreds(c, x, y, 14, 3)));
  out.push(mapleLeaf(700, 300, 34, brand.maple, 20));
  return out.join('');
}

function bitesIngredients(c: Canvas): string {
  const ring: [number, (x: number, y: number, r: number) => string, BowlColors][] = [
    [-90, dates(c), bowlColors.terracotta],
    [-30, peanuts(c), bowlColors.cream],
    [30, coconut(c), bowlColors.forest],
    [90, (x, y, r) => cocoaPowder(c, x, y, r), bowlColors.cream],
    [150, almonds(c), bowlColors.terracotta],
    [210, pecans(c), bowlColors.cream],
  ];
  const out = [surface(c, '#F1E6D6', '#C6A887')];
  for (const [deg, fill, col] of ring) {
    const a = (deg * Math.PI) / 180;
    out.push(bowlOf(c, 400 + Math.cos(a) * 265, 400 + Math.sin(a) * 265, 108, col, fill));
  }
  out.push(topBite(c, 360, 375, 58, biteStyles.chocolatePeanut));
  out.push(topBite(c, 450, 400, 55, biteStyles.coconutAlmond));
  out.push(topBite(c, 385, 470, 52, biteStyles.maplePecan));
  return out.join('');
}

function granolaQuality(c: Canvas): string {
  const st = granolaStyles.mapleAlmond;
  const out = [surface(c, '#EADFCF', '#B49978')];
  out.push(linen(c, 470, -40, 380, 300, '#F6F0E6', brand.forest, 8));
  out.push(bakingTray(c, 70, 150, 600, 560, 0));
  const sheet = c.clip(el('rect', { x: 100, y: 176, width: 540, height: 506, rx: 6 }));
  out.push(group(clusters(c, 370, 430, 330, 310, 620, 18, st, 0.12), { 'clip-path': sheet }));
  out.push(woodenSpoon(c, 420, 470, 380, -30));
  out.push(bowlOf(c, 690, 660, 90, bowlColors.forest, almonds(c)));
  return out.join('');
}

function granolaIngredients(c: Canvas): string {
  return [
    surface(c, '#F3EADB', '#C4A783'),
    bowlOf(c, 190, 190, 125, bowlColors.cream, oats(c)),
    bowlOf(c, 610, 190, 115, bowlColors.terracotta, almonds(c)),
    bowlOf(c, 170, 560, 110, bowlColors.forest, coconutFlakes(c)),
    bowlOf(c, 610, 590, 105, bowlColors.cream, chunks(c, chunkStyles.darker)),
    shadow(c, 410, 415, 140, 135, 0.35),
    el('circle', { cx: 400, cy: 400, r: 125, fill: '#B98152' }),
    el('circle', {
      cx: 400,
      cy: 400,
      r: 118,
      fill: c.radial([
        [0, '#DDB07C'],
        [1, '#C8955E'],
      ]),
    }),
    clusters(c, 400, 400, 92, 88, 90, 17, granolaStyles.mapleAlmond, 0.15),
    syrupBottle(c, 400, 712, 230, -90),
    coconutOilTop(c, 375, 150, 56),
  ].join('');
}

// --- Instagram flat-lays ---------------------------------------------------------------------

function instaCoffee(c: Canvas): string {
  return [
    woodTable(c, 0, 5, lightWood),
    linen(c, 80, 420, 380, 420, '#F6EFE4', brand.maple, -10),
    coffeeTop(c, 560, 250, 105),
    topCookie(c, 320, 480, 150, flavours.classic, 14),
    topCookie(c, 610, 610, 95, flavours.double, 8),
    crumbs(c, 480, 640, 60, 10, doughs.golden),
    scatter(c, 200, 200, 70, 40, 4, (x, y) => chunk(c, x, y, 14, chunkStyles.dark)),
  ].join('');
}

function instaLunchbox(c: Canvas): string {
  const cells: [string, string, string] = [
    [
      topBite(c, 205, 265, 70, biteStyles.chocolatePeanut),
      topBite(c, 330, 350, 68, biteStyles.coconutAlmond),
      topBite(c, 200, 440, 70, biteStyles.maplePecan),
      topBite(c, 330, 525, 66, biteStyles.chocolatePeanut),
      topBite(c, 210, 605, 64, biteStyles.coconutAlmond),
    ].join(''),
    pile(c, 550, 285, 80, 11, (x, y) => grape(c, x, y, 27)),
    pile(c, 552, 535, 80, 16, (x, y) => (c.chance(0.5) ? blueberry(c, x, y, 17) : raspberry(c, x, y, 19))),
  ];
  return [
    surface(c, '#DCEAF0', '#8FB0BE'),
    lunchbox(c, 100, 130, 600, 560, cells),
    pineSprig(c, 70, 750, 200, -15),
    topBite(c, 730, 740, 38, biteStyles.coconutAlmond),
    mapleLeaf(720, 80, 34, brand.maple, 25),
  ].join('');
}

function instaYogurt(c: Canvas): string {
  const st = granolaStyles.mapleAlmond;
  return [
    surface(c, '#F5E1DA', '#C89D90'),
    bowlOf(c, 400, 400, 270, bowlColors.cream, (x, y, r) =>
      [
        yogurt(c, x, y, r),
        clusters(c, x - r * 0.25, y + r * 0.15, r * 0.55, r * 0.5, 90, 17, st, 0.15),
        pile(c, x + r * 0.45, y - r * 0.25, r * 0.28, 8, (px, py) => blueberry(c, px, py, 16)),
        pile(c, x + r * 0.5, y + r * 0.3, r * 0.25, 5, (px, py) => raspberry(c, px, py, 20)),
      ].join(''),
    ),
    group(
      el('rect', { x: 16, y: 10, width: 200, height: 16, rx: 8, fill: brand.ink, 'fill-opacity': 0.15 }) +
        el('rect', { x: 0, y: -8, width: 200, height: 16, rx: 8, fill: '#C9CED2' }) +
        el('ellipse', { cx: -20, cy: 0, rx: 48, ry: 30, fill: '#DDE1E4' }) +
        el('ellipse', { cx: -26, cy: -6, rx: 30, ry: 14, fill: '#FFFFFF', 'fill-opacity': 0.6 }),
      { transform: 'translate(600 730) rotate(-18)' },
    ),
    scatter(c, 150, 720, 80, 40, 6, (x, y) => blueberry(c, x, y, 14)),
    clusters(c, 680, 130, 60, 30, 8, 15, st, 0.2),
  ].join('');
}

function instaBox(c: Canvas): string {
  const cells: Pt[] = [
    [305, 425],
    [495, 425],
    [305, 615],
    [495, 615],
  ];
  const inside = cells.map(([x, y], i) => topCookie(c, x, y, 80, mixedFlavour(i), 8)).join('');
  return [
    woodTable(c, 0, 5, darkWood),
    boxTop(c, 200, 330, 400, 380, inside),
    coffeeTop(c, 700, 120, 70),
    mapleLeaf(110, 650, 44, brand.maple, -25),
    mapleLeaf(700, 720, 30, '#E9A25B', 30),
  ].join('');
}

function instaHike(c: Canvas): string {
  return [
    surface(c, '#46705F', '#1F3A30'),
    topoMap(c, 120, 120, 520, 420, -6),
    compass(c, 620, 180, 70),
    enamelMug(c, 170, 610, 85),
    topBite(c, 450, 560, 60, biteStyles.maplePecan),
    topBite(c, 560, 620, 56, biteStyles.chocolatePeanut),
    topBite(c, 470, 680, 54, biteStyles.coconutAlmond),
    pineSprig(c, 600, 380, 200, 60),
    pineSprig(c, 40, 420, 170, -30),
  ].join('');
}

function instaBroken(c: Canvas): string {
  return [
    surface(c, '#4A3427', '#1E120B'),
    milkTop(c, 640, 160, 95),
    brokenCookie(c, 380, 450, 210, flavours.classic, 60, -12),
    scatter(c, 560, 680, 120, 50, 5, (x, y) => chunk(c, x, y, 13, chunkStyles.dark)),
    crumbs(c, 200, 700, 90, 12, doughs.golden),
    topCookie(c, 130, 170, 90, flavours.double, 8),
  ].join('');
}

export function drawScene(key: SceneKey): string {
  const wide = key === 'scene-hero' || key === 'scene-brand-story';
  const c = new Canvas(wide ? 1200 : 800, 800, key);
  const draw: Record<SceneKey, (c: Canvas) => string> = {
    'scene-hero': hero,
    'scene-brand-story': brandStory,
    'scene-cookies-quality': cookiesQuality,
    'scene-cookies-ingredients': cookiesIngredients,
    'scene-bites-quality': bitesQuality,
    'scene-bites-ingredients': bitesIngredients,
    'scene-granola-quality': granolaQuality,
    'scene-granola-ingredients': granolaIngredients,
    'scene-instagram-1': instaCoffee,
    'scene-instagram-2': instaLunchbox,
    'scene-instagram-3': instaYogurt,
    'scene-instagram-4': instaBox,
    'scene-instagram-5': instaHike,
    'scene-instagram-6': instaBroken,
  };
  return c.document(draw[key](c));
}
