/**
 * Containers: bowls (side view and from above), the stand-up pouch, a glass jar and the maple syrup
 * bottle. Side-view bowls return back/front layers so food can sit inside them.
 */
import { type Canvas, el, group, p, place, poly, type Pt } from './svg.js';
import { brand, mapleLeaf, shadow } from './ingredients.js';

export interface Layers {
  back: string;
  front: string;
}

export interface BowlColors {
  outer: string;
  outerDark: string;
  inner: string;
  rim: string;
}

export const bowlColors = {
  cream: { outer: '#F7EFE2', outerDark: '#D9C7AC', inner: '#E6D5BC', rim: '#FFFBF4' },
  forest: { outer: '#3D7363', outerDark: '#244A3F', inner: '#E9DDC9', rim: '#F4ECDD' },
  terracotta: { outer: '#D98B5F', outerDark: '#A5593A', inner: '#F1E4D2', rim: '#FBF2E6' },
  wood: { outer: '#B98152', outerDark: '#7E5030', inner: '#9E6A40', rim: '#D4A273' },
} as const satisfies Record<string, BowlColors>;

/** A bowl seen from the front at a slight angle; the rim ellipse is centred on (cx, rimY). */
export function bowlSide(
  c: Canvas,
  cx: number,
  rimY: number,
  rx: number,
  depth: number,
  col: BowlColors,
): Layers {
  const ry = rx * 0.26;
  const back = [
    shadow(c, cx + rx * 0.08, rimY + depth * 0.98, rx * 0.95, rx * 0.16, 0.35),
    el('ellipse', { cx, cy: rimY, rx, ry, fill: col.rim }),
    el('ellipse', {
      cx,
      cy: rimY + ry * 0.05,
      rx: rx * 0.95,
      ry: ry * 0.86,
      fill: c.linear([
        [0, col.outerDark, 0.45],
        [0.6, col.inner],
        [1, col.inner],
      ]),
    }),
  ].join('');
  const body = p`M${cx - rx} ${rimY}C${cx - rx} ${rimY + depth * 0.85} ${cx - rx * 0.55} ${rimY + depth} ${cx} ${rimY + depth}C${cx + rx * 0.55} ${rimY + depth} ${cx + rx} ${rimY + depth * 0.85} ${cx + rx} ${rimY}A${rx} ${ry} 0 0 1 ${cx - rx} ${rimY}Z`;
  const front = [
    el('ellipse', { cx, cy: rimY + depth * 0.97, rx: rx * 0.42, ry: rx * 0.07, fill: col.outerDark }),
    el('path', {
      d: body,
      fill: c.linear(
        [
          [0, col.outerDark],
          [0.22, col.outer],
          [0.45, col.outer],
          [1, col.outerDark],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
    el('path', {
      d: p`M${cx - rx} ${rimY}A${rx} ${ry} 0 0 0 ${cx + rx} ${rimY}`,
      fill: 'none',
      stroke: col.rim,
      'stroke-width': rx * 0.035,
    }),
    el('path', {
      d: p`M${cx - rx * 0.78} ${rimY + depth * 0.28}Q${cx - rx * 0.7} ${rimY + depth * 0.62} ${cx - rx * 0.42} ${rimY + depth * 0.8}`,
      fill: 'none',
      stroke: '#FFFFFF',
      'stroke-opacity': 0.35,
      'stroke-width': rx * 0.05,
      'stroke-linecap': 'round',
    }),
  ].join('');
  return { back, front };
}

/** A round bowl seen from straight above, with its contents clipped to the inside. */
export function bowlTop(
  c: Canvas,
  cx: number,
  cy: number,
  r: number,
  col: BowlColors,
  contents: string,
): string {
  const inner = r * 0.86;
  const clip = c.clip(el('circle', { cx, cy, r: inner }));
  return [
    shadow(c, cx + r * 0.08, cy + r * 0.1, r * 1.12, r * 1.12, 0.35),
    el('circle', { cx, cy, r, fill: col.outer }),
    el('circle', {
      cx,
      cy,
      r: r * 0.97,
      fill: 'none',
      stroke: col.rim,
      'stroke-width': r * 0.04,
      'stroke-opacity': 0.8,
    }),
    el('circle', { cx, cy, r: inner, fill: col.inner }),
    group(
      contents +
        el('circle', {
          cx,
          cy,
          r: inner,
          fill: c.radial(
            [
              [0, '#000000', 0],
              [0.8, '#000000', 0],
              [1, brand.ink, 0.35],
            ],
            0.55,
            0.58,
            0.55,
          ),
        }),
      { 'clip-path': clip },
    ),
  ].join('');
}

export interface PouchColors {
  kraft: string;
  kraftDark: string;
  label: string;
  accent: string;
}

/** A stand-up kraft pouch with a coloured label, maple leaf emblem and a window onto `contents`. */
export function pouch(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  col: PouchColors,
  windowFill: string,
): string {
  const body = p`M${x} ${y + h * 0.06}L${x + w} ${y + h * 0.06}L${x + w * 1.03} ${y + h * 0.9}Q${x + w * 1.02} ${y + h} ${x + w * 0.9} ${y + h}L${x + w * 0.1} ${y + h}Q${x - w * 0.02} ${y + h} ${x - w * 0.03} ${y + h * 0.9}Z`;
  const teeth: Pt[] = [];
  const n = 18;
  for (let i = 0; i <= n; i++) teeth.push([x + (w * i) / n, y + (i % 2 === 0 ? 0 : h * 0.012)]);
  teeth.push([x + w, y + h * 0.07], [x, y + h * 0.07]);
  const win = { x: x + w * 0.2, y: y + h * 0.62, w: w * 0.6, h: h * 0.25 };
  const winClip = c.clip(el('rect', { x: win.x, y: win.y, width: win.w, height: win.h, rx: w * 0.08 }));
  const lines: string[] = [];
  for (let i = 0; i < 3; i++) {
    const lw = w * (i === 0 ? 0.42 : 0.33);
    lines.push(
      el('rect', {
        x: x + (w - lw) / 2,
        y: y + h * (0.44 + i * 0.035),
        width: lw,
        height: h * 0.014,
        rx: h * 0.007,
        fill: brand.cream,
        'fill-opacity': i === 0 ? 0.95 : 0.6,
      }),
    );
  }
  return [
    shadow(c, x + w * 0.58, y + h, w * 0.7, h * 0.06, 0.4),
    el('path', {
      d: body,
      fill: c.linear(
        [
          [0, col.kraftDark],
          [0.18, col.kraft],
          [0.5, col.kraft],
          [1, col.kraftDark],
        ],
        0,
        0,
        1,
        0,
      ),
    }),
    el('path', { d: poly(teeth), fill: col.kraftDark }),
    el('rect', {
      x,
      y: y + h * 0.085,
      width: w,
      height: h * 0.012,
      fill: col.kraftDark,
      'fill-opacity': 0.6,
    }),
    el('rect', {
      x: x + w * 0.1,
      y: y + h * 0.2,
      width: w * 0.8,
      height: h * 0.36,
      rx: w * 0.06,
      fill: col.label,
    }),
    mapleLeaf(x + w / 2, y + h * 0.3, w * 0.1, col.accent),
    lines.join(''),
    el('rect', { x: win.x, y: win.y, width: win.w, height: win.h, rx: w * 0.08, fill: '#F3E7D4' }),
    group(windowFill, { 'clip-path': winClip }),
    el('rect', {
      x: win.x,
      y: win.y,
      width: win.w,
      height: win.h,
      rx: w * 0.08,
      fill: '#FFFFFF',
      'fill-opacity': 0.12,
      stroke: col.kraftDark,
      'stroke-width': 2,
    }),
    el('path', {
      d: p`M${x + w * 0.12} ${y + h * 0.12}L${x + w * 0.1} ${y + h * 0.92}`,
      stroke: '#FFFFFF',
      'stroke-opacity': 0.22,
      'stroke-width': w * 0.04,
      'stroke-linecap': 'round',
    }),
  ].join('');
}

/** A glass jar seen from the side with a lid; `contents` is clipped to the glass. */
export function jar(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  lid: string,
  contents: string,
): string {
  const body = p`M${x} ${y + h * 0.12}Q${x} ${y + h * 0.06} ${x + w * 0.08} ${y + h * 0.06}H${x + w * 0.92}Q${x + w} ${y + h * 0.06} ${x + w} ${y + h * 0.12}V${y + h * 0.94}Q${x + w} ${y + h} ${x + w * 0.9} ${y + h}H${x + w * 0.1}Q${x} ${y + h} ${x} ${y + h * 0.94}Z`;
  const clip = c.clip(el('path', { d: body }));
  return [
    shadow(c, x + w * 0.55, y + h, w * 0.7, h * 0.06, 0.4),
    el('path', { d: body, fill: '#F4EEE4', 'fill-opacity': 0.6 }),
    group(contents, { 'clip-path': clip }),
    el('path', {
      d: body,
      fill: c.linear(
        [
          [0, '#FFFFFF', 0.35],
          [0.2, '#FFFFFF', 0.05],
          [0.75, '#FFFFFF', 0],
          [1, brand.ink, 0.18],
        ],
        0,
        0,
        1,
        0,
      ),
      stroke: '#FFFFFF',
      'stroke-opacity': 0.7,
      'stroke-width': 3,
    }),
    el('rect', {
      x: x + w * 0.08,
      y: y + h * 0.16,
      width: w * 0.06,
      height: h * 0.7,
      rx: w * 0.03,
      fill: '#FFFFFF',
      'fill-opacity': 0.45,
    }),
    el('rect', {
      x: x + w * 0.02,
      y: y - h * 0.02,
      width: w * 0.96,
      height: h * 0.1,
      rx: w * 0.03,
      fill: lid,
    }),
    el('rect', {
      x: x + w * 0.02,
      y: y - h * 0.02,
      width: w * 0.96,
      height: h * 0.1,
      rx: w * 0.03,
      fill: c.linear([
        [0, '#FFFFFF', 0.25],
        [0.5, '#FFFFFF', 0],
        [1, brand.ink, 0.3],
      ]),
    }),
  ].join('');
}

/** A maple syrup bottle (side view), lying at `angle` degrees around its centre. */
export function syrupBottle(c: Canvas, x: number, y: number, h: number, angle = 0): string {
  const w = h * 0.42;
  const body = p`M${-w * 0.5} ${h * 0.5}V${-h * 0.08}Q${-w * 0.5} ${-h * 0.2} ${-w * 0.2} ${-h * 0.28}V${-h * 0.4}H${w * 0.2}V${-h * 0.28}Q${w * 0.5} ${-h * 0.2} ${w * 0.5} ${-h * 0.08}V${h * 0.5}Z`;
  const clip = c.clip(el('path', { d: body }));
  return group(
    [
      el('path', {
        d: body,
        fill: brand.ink,
        'fill-opacity': 0.18,
        transform: p`translate(${w * 0.08} ${w * 0.1})`,
      }),
      el('path', { d: body, fill: '#F6EEE2', 'fill-opacity': 0.7 }),
      group(
        el('rect', {
          x: -w,
          y: -h * 0.18,
          width: w * 2,
          height: h,
          fill: c.linear([
            [0, '#C8701F'],
            [1, '#8A3F10'],
          ]),
        }),
        { 'clip-path': clip },
      ),
      el('path', {
        d: body,
        fill: c.linear(
          [
            [0, '#FFFFFF', 0.35],
            [0.3, '#FFFFFF', 0],
            [1, brand.ink, 0.2],
          ],
          0,
          0,
          1,
          0,
        ),
      }),
      el('rect', { x: -w * 0.5, y: h * 0.02, width: w, height: h * 0.3, fill: brand.cream }),
      mapleLeaf(0, h * 0.15, w * 0.22, '#C0392B'),
      el('rect', {
        x: -w * 0.3,
        y: h * 0.27,
        width: w * 0.6,
        height: h * 0.018,
        fill: brand.brown,
        'fill-opacity': 0.5,
      }),
      el('rect', {
        x: -w * 0.24,
        y: -h * 0.5,
        width: w * 0.48,
        height: h * 0.12,
        rx: w * 0.04,
        fill: brand.forest,
      }),
      el('rect', {
        x: -w * 0.38,
        y: -h * 0.08,
        width: w * 0.08,
        height: h * 0.5,
        rx: w * 0.04,
        fill: '#FFFFFF',
        'fill-opacity': 0.4,
      }),
    ].join(''),
    { transform: place(x, y, angle) },
  );
}
