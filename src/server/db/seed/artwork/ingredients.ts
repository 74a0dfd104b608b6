/**
 * Palette, shadows, backdrops and the small ingredients every drawing is built from: chocolate
 * chunks, nuts, oats, coconut, dates and the maple leaf. Light comes from the upper left everywhere,
 * so shadows fall a little to the lower right.
 */
import { type Canvas, el, group, p, place, poly, type Pt } from './svg.js';

export const brand = {
  cream: '#FBF5EC',
  brown: '#5B3A29',
  maple: '#D9822B',
  forest: '#2F5D50',
  beige: '#EADBC8',
  ink: '#3B2416',
} as const;

/** Soft contact shadow: a blurred-looking ellipse made from a radial gradient. */
export function shadow(c: Canvas, cx: number, cy: number, rx: number, ry: number, opacity = 0.3): string {
  const fill = c.radial([
    [0, brand.ink, opacity],
    [0.5, brand.ink, opacity * 0.6],
    [1, brand.ink, 0],
  ]);
  return el('ellipse', { cx, cy, rx, ry, fill });
}

export interface Tint {
  /** backdrop colour */
  bg: string;
  /** lighter glow behind the product */
  glow: string;
  /** slightly deeper colour of the table surface */
  floor: string;
}

/** Product backdrop: tinted wall, soft glow, and a table plane with a gentle horizon. */
export function backdrop(c: Canvas, t: Tint, horizon = 0.62): string {
  const { width: w, height: h } = c;
  const hy = h * horizon;
  return [
    el('rect', { width: w, height: h, fill: t.bg }),
    el('path', {
      d: p`M0 ${hy}Q${w / 2} ${hy - h * 0.04} ${w} ${hy}V${h}H0Z`,
      fill: c.linear([
        [0, t.floor, 0.55],
        [1, t.floor, 1],
      ]),
    }),
    el('ellipse', {
      cx: w / 2,
      cy: h * 0.48,
      rx: w * 0.46,
      ry: h * 0.42,
      fill: c.radial([
        [0, t.glow, 0.95],
        [0.6, t.glow, 0.5],
        [1, t.glow, 0],
      ]),
    }),
  ].join('');
}

/** A flat-lay surface: plain colour with a soft vignette. */
export function surface(c: Canvas, color: string, shade: string): string {
  const { width: w, height: h } = c;
  return (
    el('rect', { width: w, height: h, fill: color }) +
    el('rect', {
      width: w,
      height: h,
      fill: c.radial(
        [
          [0, shade, 0],
          [0.7, shade, 0.08],
          [1, shade, 0.3],
        ],
        0.5,
        0.5,
        0.75,
      ),
    })
  );
}

export interface ChunkStyle {
  base: string;
  light: string;
  dark: string;
  /** glossy highlight opacity */
  gloss: number;
}

export const chunkStyles = {
  dark: { base: '#3E2216', light: '#6A4030', dark: '#1E0E06', gloss: 0.35 },
  darker: { base: '#2A150D', light: '#553122', dark: '#120703', gloss: 0.35 },
  milk: { base: '#8A5432', light: '#B47D52', dark: '#5E3620', gloss: 0.3 },
  white: { base: '#EBDABB', light: '#FBF3E2', dark: '#C9B088', gloss: 0 },
  peanut: { base: '#D9A665', light: '#F0CF98', dark: '#9E6630', gloss: 0 },
  pecan: { base: '#7E3F1B', light: '#A9622F', dark: '#4A2009', gloss: 0.2 },
} as const satisfies Record<string, ChunkStyle>;

/** An angular chunk (chocolate, chopped nut) with a lit facet; `squash` flattens it for 3/4 views. */
export function chunk(c: Canvas, x: number, y: number, s: number, st: ChunkStyle, squash = 1): string {
  const n = c.int(5, 7);
  const rot = c.range(0, Math.PI * 2);
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const a = rot + ((i + c.range(-0.3, 0.3)) / n) * Math.PI * 2;
    const k = s * c.range(0.7, 1.08);
    pts.push([x + Math.cos(a) * k, y + Math.sin(a) * k * squash]);
  }
  const facet = pts.map(([px, py]): Pt => [
    x - s * 0.14 + (px - x) * 0.6,
    y - s * 0.16 * squash + (py - y) * 0.55,
  ]);
  const out = [
    el('path', {
      d: poly(pts.map(([px, py]): Pt => [px + s * 0.12, py + s * 0.2])),
      fill: brand.ink,
      'fill-opacity': 0.3,
    }),
    el('path', {
      d: poly(pts),
      fill: st.base,
      stroke: st.base,
      'stroke-linejoin': 'round',
      'stroke-width': s * 0.18,
    }),
    el('path', { d: poly(facet), fill: st.light, 'fill-opacity': 0.85 }),
  ];
  const [a, b] = [facet[0], facet[1]];
  if (st.gloss > 0 && a && b) {
    out.push(
      el('path', {
        d: p`M${(a[0] + x) / 2} ${(a[1] + y) / 2}L${(b[0] + x) / 2} ${(b[1] + y) / 2}`,
        stroke: '#FFFFFF',
        'stroke-opacity': st.gloss,
        'stroke-width': s * 0.12,
        'stroke-linecap': 'round',
      }),
    );
  }
  return out.join('');
}

/** A roasted peanut half, flat face up, with its little germ at one end. */
export function peanut(c: Canvas, x: number, y: number, s: number, angle = c.range(0, 360)): string {
  const outline = c.blob(0, 0, 1, 0.66, { n: 9, wobble: 0.05 });
  const face = c.radial(
    [
      [0, '#F2D3A0'],
      [0.7, '#E2B476'],
      [1, '#C98E4E'],
    ],
    0.4,
    0.38,
    0.65,
  );
  return group(
    [
      el('path', { d: outline, fill: brand.ink, 'fill-opacity': 0.3, transform: 'translate(0.12 0.2)' }),
      el('path', { d: outline, fill: '#9C5A2C' }),
      el('path', { d: outline, fill: face, transform: 'scale(0.88)' }),
      el('path', { d: 'M0.62 -0.16Q0.86 0 0.62 0.16Q0.5 0 0.62 -0.16Z', fill: '#B5793F' }),
    ].join(''),
    { transform: place(x, y, angle, s) },
  );
}

/** A whole round macadamia nut. */
export function macadamia(c: Canvas, x: number, y: number, s: number): string {
  const fill = c.radial(
    [
      [0, '#FFF8E6'],
      [0.6, '#EDD6A6'],
      [1, '#C9A56C'],
    ],
    0.38,
    0.34,
    0.7,
  );
  return [
    el('ellipse', {
      cx: x + s * 0.15,
      cy: y + s * 0.25,
      rx: s,
      ry: s * 0.9,
      fill: brand.ink,
      'fill-opacity': 0.25,
    }),
    el('circle', { cx: x, cy: y, r: s, fill }),
    el('circle', { cx: x + s * 0.3, cy: y + s * 0.35, r: s * 0.12, fill: '#B58A52', 'fill-opacity': 0.6 }),
  ].join('');
}

/** A whole almond (skin on), pointing along `angle`. */
export function almond(c: Canvas, x: number, y: number, s: number, angle = c.range(0, 360)): string {
  const d = 'M0 -1C0.52 -0.55 0.58 0.62 0 1C-0.58 0.62 -0.52 -0.55 0 -1Z';
  const fill = c.radial(
    [
      [0, '#C98A55'],
      [0.7, '#A4652F'],
      [1, '#7E4A22'],
    ],
    0.4,
    0.35,
    0.7,
  );
  return group(
    [
      el('path', { d, fill: brand.ink, 'fill-opacity': 0.28, transform: 'translate(0.12 0.1)' }),
      el('path', { d, fill }),
      el('path', {
        d: 'M-0.08 -0.7Q-0.2 0 -0.05 0.7M0.12 -0.5Q0.18 0 0.1 0.6',
        fill: 'none',
        stroke: '#7A4620',
        'stroke-width': 0.05,
        'stroke-opacity': 0.6,
      }),
      el('ellipse', { cx: -0.18, cy: -0.2, rx: 0.1, ry: 0.4, fill: '#E3B07C', 'fill-opacity': 0.55 }),
    ].join(''),
    { transform: place(x, y, angle, s * 0.62, s) },
  );
}

/** A pale almond sliver with a thin line of brown skin. */
export function almondSliver(c: Canvas, x: number, y: number, s: number, angle = c.range(0, 360)): string {
  return group(
    [
      el('path', { d: 'M-1 0.1Q0 -0.55 1 -0.05Q0 0.4 -1 0.1Z', fill: '#F0D7A8' }),
      el('path', { d: 'M-1 0.1Q0 0.4 1 -0.05', fill: 'none', stroke: '#A8683A', 'stroke-width': 0.12 }),
    ].join(''),
    { transform: place(x, y, angle, s) },
  );
}

/** A pecan half: two lobes either side of a groove, with wavy ridges along them. */
export function pecan(c: Canvas, x: number, y: number, s: number, angle = c.range(0, 360)): string {
  const body =
    'M-1 0C-1 -0.42 -0.6 -0.5 0 -0.48C0.6 -0.5 1 -0.36 1 0C1 0.36 0.6 0.5 0 0.48C-0.6 0.5 -1 0.42 -1 0Z';
  const fill = c.radial(
    [
      [0, '#B0642F'],
      [0.7, '#8A4620'],
      [1, '#6A3212'],
    ],
    0.42,
    0.38,
    0.7,
  );
  return group(
    [
      el('path', { d: body, fill: brand.ink, 'fill-opacity': 0.3, transform: 'translate(0.1 0.16)' }),
      el('path', { d: body, fill }),
      el('path', {
        d: 'M-0.9 0H0.9M-0.78 -0.22Q-0.6 -0.34 -0.4 -0.22T0 -0.22T0.4 -0.22T0.78 -0.2M-0.78 0.22Q-0.6 0.34 -0.4 0.22T0 0.22T0.4 0.22T0.78 0.2',
        fill: 'none',
        stroke: '#4A1E08',
        'stroke-width': 0.07,
        'stroke-opacity': 0.75,
        'stroke-linecap': 'round',
      }),
      el('path', {
        d: 'M-0.6 -0.34Q0 -0.44 0.55 -0.34',
        fill: 'none',
        stroke: '#D08C55',
        'stroke-width': 0.08,
        'stroke-opacity': 0.7,
        'stroke-linecap': 'round',
      }),
    ].join(''),
    { transform: place(x, y, angle, s, s * 0.9) },
  );
}

/** A rolled oat flake. */
export function oat(c: Canvas, x: number, y: number, s: number, angle = c.range(0, 360)): string {
  return group(
    [
      el('ellipse', { cx: 0.1, cy: 0.14, rx: 1, ry: 0.68, fill: brand.ink, 'fill-opacity': 0.22 }),
      el('ellipse', { rx: 1, ry: 0.68, fill: '#CFAE78' }),
      el('ellipse', { cx: -0.08, cy: -0.06, rx: 0.82, ry: 0.5, fill: '#EFDDB8' }),
      el('path', { d: 'M-0.6 0.05Q0 -0.15 0.6 0.05', fill: 'none', stroke: '#CDAE78', 'stroke-width': 0.08 }),
    ].join(''),
    { transform: place(x, y, angle, s) },
  );
}

/** A curled coconut flake (white chip with a brown back edge). */
export function coconutFlake(c: Canvas, x: number, y: number, s: number, angle = c.range(0, 360)): string {
  const k = c.range(0.3, 0.5);
  return group(
    [
      el('path', { d: p`M-1 0Q0 ${-k - 0.35} 1 -0.1L0.9 0.25Q0 ${-k + 0.1} -0.95 0.35Z`, fill: '#FFFCF5' }),
      el('path', {
        d: p`M-0.95 0.35Q0 ${-k + 0.1} 0.9 0.25`,
        fill: 'none',
        stroke: '#9C7452',
        'stroke-width': 0.12,
      }),
    ].join(''),
    { transform: place(x, y, angle, s) },
  );
}

/** A Medjool date: glossy, wrinkled, elongated. */
export function date(c: Canvas, x: number, y: number, s: number, angle = c.range(0, 360)): string {
  const fill = c.radial(
    [
      [0, '#9A4A2A'],
      [0.65, '#6B2B16'],
      [1, '#4A1C0D'],
    ],
    0.42,
    0.38,
    0.65,
  );
  const wr = c.range(-0.1, 0.1);
  return group(
    [
      el('ellipse', { cx: 0.08, cy: 0.16, rx: 1, ry: 0.5, fill: brand.ink, 'fill-opacity': 0.3 }),
      el('path', {
        d: 'M-1 0C-1 -0.45 -0.4 -0.5 0 -0.48C0.55 -0.5 1 -0.35 1 0C1 0.4 0.5 0.5 0 0.48C-0.5 0.5 -1 0.4 -1 0Z',
        fill,
      }),
      el('path', {
        d: p`M-0.6 ${-0.15 + wr}Q-0.2 0.05 0.15 -0.12T0.7 -0.05M-0.5 0.2Q-0.1 0.1 0.3 0.25M-0.1 -0.32Q0.2 -0.2 0.5 -0.3`,
        fill: 'none',
        stroke: '#3A1408',
        'stroke-width': 0.06,
        'stroke-opacity': 0.7,
        'stroke-linecap': 'round',
      }),
      el('ellipse', { cx: -0.35, cy: -0.25, rx: 0.35, ry: 0.09, fill: '#E8A27A', 'fill-opacity': 0.55 }),
      el('path', { d: 'M0.95 -0.06L1.12 0L0.95 0.06Z', fill: '#C9A26A' }),
    ].join(''),
    { transform: place(x, y, angle, s, s * 0.9) },
  );
}

/** A stylised eleven-point maple leaf, about 2 units tall; centred on (x, y). */
export function mapleLeaf(x: number, y: number, s: number, fill: string, angle = 0): string {
  const right: Pt[] = [
    [0, -1],
    [0.16, -0.7],
    [0.3, -0.78],
    [0.24, -0.34],
    [0.58, -0.62],
    [0.56, -0.46],
    [0.86, -0.5],
    [0.74, -0.24],
    [0.9, -0.14],
    [0.46, 0.22],
    [0.52, 0.36],
    [0.06, 0.3],
    [0.05, 0.72],
  ];
  const left = right
    .slice(1)
    .reverse()
    .map(([px, py]): Pt => [-px, py]);
  return el('path', {
    d: poly([...right, ...left]),
    fill,
    'stroke-linejoin': 'round',
    transform: place(x, y, angle, s),
  });
}

/** A few loose bits scattered on the table, each with a tiny shadow. */
export function scatter(
  c: Canvas,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  n: number,
  draw: (x: number, y: number) => string,
): string {
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) pts.push(c.inEllipse(cx, cy, rx, ry));
  pts.sort((a, b) => a[1] - b[1]);
  return pts.map(([x, y]) => draw(x, y)).join('');
}
