/**
 * Granola: clusters of toasted oats (an irregular dark body with lighter flakes stuck to it) in
 * three or four tones, mixed with almonds, coconut flakes, loose oats or chocolate pieces.
 */
import { type Canvas, el, p, type Pt } from './svg.js';
import { almond, chunk, chunkStyles, coconutFlake, oat } from './ingredients.js';

export type GranolaExtra = 'almond' | 'coconut' | 'oat' | 'chocolate';

export interface GranolaStyle {
  body: readonly string[];
  flakes: readonly string[];
  shade: string;
  extras: readonly GranolaExtra[];
}

export const granolaStyles = {
  mapleAlmond: {
    body: ['#C98B42', '#B5772F', '#D69A4E'],
    flakes: ['#EBC57F', '#F2D49A', '#DFAE62'],
    shade: '#6B3A12',
    extras: ['almond', 'almond', 'oat'],
  },
  darkChocolateCoconut: {
    body: ['#4A2A1B', '#5A3322', '#3E2216'],
    flakes: ['#7C4D33', '#8E5C3E', '#6A3F2A'],
    shade: '#1A0B05',
    extras: ['coconut', 'coconut', 'chocolate', 'oat'],
  },
} as const satisfies Record<string, GranolaStyle>;

/** One granola cluster. */
export function cluster(c: Canvas, x: number, y: number, s: number, st: GranolaStyle): string {
  const d = c.blob(x, y, s, s * 0.8, { n: c.int(7, 9), wobble: 0.3 });
  const out = [
    el('path', { d, fill: st.shade, 'fill-opacity': 0.6, transform: p`translate(${s * 0.1} ${s * 0.2})` }),
    el('path', { d, fill: c.pick(st.body) }),
  ];
  const n = c.int(3, 5);
  for (let i = 0; i < n; i++) {
    // Whole pixels are plenty for flakes this small (and keep big granola drawings compact).
    const [ex, ey] = c.inEllipse(x - s * 0.08, y - s * 0.1, s * 0.5, s * 0.4);
    const px = Math.round(ex);
    const py = Math.round(ey);
    out.push(
      el('ellipse', {
        cx: px,
        cy: py,
        rx: Math.round(s * c.range(0.28, 0.42)),
        ry: Math.round(s * c.range(0.16, 0.24)),
        fill: c.pick(st.flakes),
        transform: `rotate(${Math.round(c.range(0, 180))} ${px} ${py})`,
      }),
    );
  }
  out.push(
    el('circle', { cx: x + s * 0.25, cy: y + s * 0.2, r: s * 0.09, fill: st.shade, 'fill-opacity': 0.5 }),
  );
  return out.join('');
}

/** Granola extras: almond, coconut flake, loose oat or a chocolate piece. */
export function granolaExtra(c: Canvas, kind: GranolaExtra, x: number, y: number, s: number): string {
  switch (kind) {
    case 'almond':
      return almond(c, x, y, s * 1.15);
    case 'coconut':
      return coconutFlake(c, x, y, s * 1.1);
    case 'oat':
      return oat(c, x, y, s * 0.6);
    case 'chocolate':
      return chunk(c, x, y, s * 0.6, chunkStyles.darker);
  }
}

function item(c: Canvas, x: number, y: number, s: number, st: GranolaStyle, extra: number): string {
  return c.chance(extra) ? granolaExtra(c, c.pick(st.extras), x, y, s) : cluster(c, x, y, s, st);
}

/** Clusters filling an ellipse, drawn back to front (spilled granola, a tray, a window). */
export function clusters(
  c: Canvas,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  n: number,
  size: number,
  st: GranolaStyle,
  extra = 0.15,
): string {
  const items: Pt[] = [];
  for (let i = 0; i < n; i++) items.push(c.inEllipse(cx, cy, rx, ry));
  items.sort((a, b) => a[1] - b[1]);
  return items.map(([x, y]) => item(c, x, y, size * c.range(0.65, 1.2), st, extra)).join('');
}

/** A domed heap of granola whose base is the ellipse (cx, baseY, rx, rx*flat) and peak is h high. */
export function heap(
  c: Canvas,
  cx: number,
  baseY: number,
  rx: number,
  h: number,
  n: number,
  size: number,
  st: GranolaStyle,
  flat = 0.26,
): string {
  const items: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const u = c.range(-1, 1);
    const w = Math.sqrt(1 - u * u);
    const top = baseY - h * Math.pow(w, 1.4);
    items.push([cx + u * rx * 0.96, c.range(top, baseY + rx * flat * w * 0.8)]);
  }
  items.sort((a, b) => a[1] - b[1]);
  const base = p`M${cx - rx} ${baseY}C${cx - rx * 0.7} ${baseY - h * 0.9} ${cx + rx * 0.7} ${baseY - h * 0.9} ${cx + rx} ${baseY}Z`;
  return (
    el('path', { d: base, fill: st.shade }) +
    items.map(([x, y]) => item(c, x, y, size * c.range(0.65, 1.2), st, 0.14)).join('')
  );
}
