/**
 * Energy bites: hand-rolled balls shaded as spheres, with their coating (peanut bits, shredded
 * coconut and almond slivers, or chopped pecans) clipped to the ball and a few bits on the rim.
 */
import { type Canvas, el, group, p } from './svg.js';
import { almondSliver, chunk, chunkStyles, pecan, shadow } from './ingredients.js';

export interface BiteStyle {
  light: string;
  mid: string;
  dark: string;
  coat: 'peanut' | 'coconut' | 'pecan';
}

export const biteStyles = {
  chocolatePeanut: { light: '#8E5A3E', mid: '#6A3D28', dark: '#3C1F12', coat: 'peanut' },
  coconutAlmond: { light: '#FFFBF2', mid: '#EFE3CC', dark: '#B59A74', coat: 'coconut' },
  maplePecan: { light: '#EDAE62', mid: '#C87A30', dark: '#7A3F14', coat: 'pecan' },
} as const satisfies Record<string, BiteStyle>;

/** Shredded coconut: many short, fine, slightly curved white strands. */
export function shreds(c: Canvas, x: number, y: number, r: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const [px, py] = c.inEllipse(x, y, r * 1.02, r * 1.02);
    const a = c.range(0, Math.PI * 2);
    const len = r * c.range(0.05, 0.11);
    const bend = c.range(-0.6, 0.6) * len;
    const dx = Math.cos(a) * len;
    const dy = Math.sin(a) * len;
    out.push(
      el('path', {
        d: p`M${px} ${py}q${dx / 2 - Math.sin(a) * bend} ${dy / 2 + Math.cos(a) * bend} ${dx} ${dy}`,
        fill: 'none',
        stroke: c.pick(['#FFFFFF', '#FFFDF8', '#F4EADA', '#E9DCC6']),
        'stroke-width': r * c.range(0.022, 0.034),
        'stroke-linecap': 'round',
      }),
    );
  }
  return out.join('');
}

/** One hand-rolled energy ball with its coating, shaded as a sphere. */
export function bite(c: Canvas, x: number, y: number, r: number, st: BiteStyle): string {
  const outline = c.blob(x, y, r, r * 0.96, { n: 12, wobble: 0.025 });
  const clip = c.clip(el('path', { d: outline }));
  const inner: string[] = [];
  const rim: string[] = [];
  for (let i = 0; i < 28; i++) {
    const [px, py] = c.inEllipse(x, y, r, r);
    inner.push(
      el('circle', {
        cx: px,
        cy: py,
        r: r * c.range(0.015, 0.035),
        fill: c.chance(0.5) ? st.dark : st.light,
        'fill-opacity': 0.5,
      }),
    );
  }
  switch (st.coat) {
    case 'coconut':
      inner.push(shreds(c, x, y, r, 170));
      for (let i = 0; i < 5; i++) {
        const [px, py] = c.inEllipse(x, y, r * 0.7, r * 0.7);
        inner.push(almondSliver(c, px, py, r * 0.2));
      }
      for (let i = 0; i < 7; i++) {
        const a = c.range(Math.PI * 0.95, Math.PI * 2.05);
        rim.push(shreds(c, x + Math.cos(a) * r * 0.97, y + Math.sin(a) * r * 0.97, r * 0.08, 2));
      }
      break;
    case 'peanut':
      for (let i = 0; i < 12; i++) {
        const [px, py] = c.inEllipse(x, y, r * 0.95, r * 0.95);
        inner.push(chunk(c, px, py, r * c.range(0.07, 0.12), chunkStyles.peanut));
      }
      for (let i = 0; i < 3; i++) {
        const a = c.range(Math.PI * 1.1, Math.PI * 1.9);
        rim.push(
          chunk(c, x + Math.cos(a) * r * 0.96, y + Math.sin(a) * r * 0.96, r * 0.08, chunkStyles.peanut),
        );
      }
      break;
    case 'pecan':
      for (let i = 0; i < 10; i++) {
        const [px, py] = c.inEllipse(x, y, r * 0.92, r * 0.92);
        inner.push(chunk(c, px, py, r * c.range(0.07, 0.12), chunkStyles.pecan));
      }
      for (let i = 0; i < 2; i++) {
        const [px, py] = c.inEllipse(x - r * 0.1, y - r * 0.1, r * 0.55, r * 0.55);
        inner.push(pecan(c, px, py, r * 0.26));
      }
      for (let i = 0; i < 2; i++) {
        const a = c.range(Math.PI * 1.15, Math.PI * 1.85);
        rim.push(
          chunk(c, x + Math.cos(a) * r * 0.95, y + Math.sin(a) * r * 0.95, r * 0.09, chunkStyles.pecan),
        );
      }
      break;
  }
  const shade = c.radial(
    [
      [0, st.dark, 0],
      [0.55, st.dark, 0],
      [1, st.dark, 0.75],
    ],
    0.4,
    0.36,
    0.72,
  );
  const gloss = c.radial([
    [0, '#FFFFFF', st.coat === 'pecan' ? 0.55 : 0.35],
    [1, '#FFFFFF', 0],
  ]);
  const gx = x - r * 0.35;
  const gy = y - r * 0.4;
  return [
    el('path', {
      d: outline,
      fill: c.radial(
        [
          [0, st.light],
          [0.55, st.mid],
          [1, st.dark],
        ],
        0.4,
        0.36,
        0.72,
      ),
    }),
    group(inner.join('') + el('path', { d: outline, fill: shade }), { 'clip-path': clip }),
    rim.join(''),
    el('ellipse', {
      cx: gx,
      cy: gy,
      rx: r * 0.3,
      ry: r * 0.2,
      fill: gloss,
      transform: p`rotate(-35 ${gx} ${gy})`,
    }),
  ].join('');
}

/** A pile of bites; spots are [x, y, r], given back to front. */
export function bitePile(
  c: Canvas,
  spots: readonly (readonly [number, number, number])[],
  st: BiteStyle,
): string {
  const out: string[] = [];
  for (const [x, y, r] of spots) out.push(shadow(c, x + r * 0.15, y + r * 0.88, r * 1.05, r * 0.3, 0.35));
  for (const [x, y, r] of spots) out.push(bite(c, x, y, r, st));
  return out.join('');
}
