/**
 * Kitchen and table props: wooden table tops, linen, rolling pin, spoon, baking tray, cooling rack,
 * a coffee cup and the variety box seen from above.
 */
import { type Canvas, el, group, p, place, poly, type Pt } from './svg.js';
import { brand, mapleLeaf, shadow } from './ingredients.js';

/** Wooden table top of horizontal planks with grain. */
export function woodTable(
  c: Canvas,
  y0: number,
  planks: number,
  tone: readonly [string, string, string],
): string {
  const { width: w, height: h } = c;
  const ph = (h - y0) / planks;
  const out: string[] = [];
  for (let i = 0; i < planks; i++) {
    const py = y0 + i * ph;
    out.push(el('rect', { x: 0, y: py, width: w, height: ph + 1, fill: i % 2 === 0 ? tone[0] : tone[1] }));
    for (let k = 0; k < 5; k++) {
      const gy = py + c.range(0.15, 0.85) * ph;
      const x1 = c.range(-50, w * 0.6);
      const len = c.range(w * 0.2, w * 0.6);
      out.push(
        el('path', {
          d: p`M${x1} ${gy}q${len * 0.5} ${c.range(-6, 6)} ${len} 0`,
          fill: 'none',
          stroke: tone[2],
          'stroke-width': c.range(1, 2.5),
          'stroke-opacity': 0.35,
          'stroke-linecap': 'round',
        }),
      );
    }
    out.push(el('rect', { x: 0, y: py, width: w, height: 3, fill: tone[2], 'fill-opacity': 0.55 }));
  }
  return out.join('');
}

/** A checked linen cloth (flat-lay), rotated slightly. */
export function linen(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  base: string,
  stripe: string,
  angle = 0,
): string {
  const stripes: string[] = [];
  const step = w / 9;
  for (let i = 0; i < 9; i++) {
    stripes.push(
      el('rect', {
        x: i * step + step * 0.35,
        y: 0,
        width: step * 0.3,
        height: h,
        fill: stripe,
        'fill-opacity': 0.35,
      }),
    );
  }
  const stepY = h / Math.round(h / step);
  for (let i = 0; i < Math.round(h / step); i++) {
    stripes.push(
      el('rect', {
        x: 0,
        y: i * stepY + stepY * 0.35,
        width: w,
        height: stepY * 0.3,
        fill: stripe,
        'fill-opacity': 0.35,
      }),
    );
  }
  return group(
    [
      el('rect', {
        x: 6,
        y: 10,
        width: w,
        height: h,
        fill: brand.ink,
        'fill-opacity': 0.18,
        filter: c.blur(6),
      }),
      el('rect', { width: w, height: h, fill: base }),
      stripes.join(''),
    ].join(''),
    { transform: place(x, y, angle) },
  );
}

/** A wooden rolling pin with handles, centred on (x, y). */
export function rollingPin(c: Canvas, x: number, y: number, len: number, angle = 0): string {
  const r = len * 0.075;
  const wood = c.linear([
    [0, '#E8C08C'],
    [0.45, '#D4A069'],
    [1, '#9E6A3C'],
  ]);
  return group(
    [
      el('rect', {
        x: -len * 0.5 + 8,
        y: -r + r * 1.3,
        width: len,
        height: r * 1.6,
        rx: r * 0.8,
        fill: brand.ink,
        'fill-opacity': 0.18,
      }),
      el('rect', { x: -len * 0.5, y: -r * 0.35, width: len, height: r * 0.7, rx: r * 0.35, fill: '#B07A48' }),
      el('rect', {
        x: -len * 0.5,
        y: -r * 0.35,
        width: len * 0.14,
        height: r * 0.7,
        rx: r * 0.35,
        fill: wood,
      }),
      el('rect', {
        x: len * 0.36,
        y: -r * 0.35,
        width: len * 0.14,
        height: r * 0.7,
        rx: r * 0.35,
        fill: wood,
      }),
      el('rect', { x: -len * 0.33, y: -r, width: len * 0.66, height: r * 2, rx: r * 0.3, fill: wood }),
      el('rect', {
        x: -len * 0.31,
        y: -r * 0.7,
        width: len * 0.62,
        height: r * 0.25,
        rx: r * 0.12,
        fill: '#FFF3DF',
        'fill-opacity': 0.45,
      }),
    ].join(''),
    { transform: place(x, y, angle) },
  );
}

/** A wooden spoon. */
export function woodenSpoon(c: Canvas, x: number, y: number, len: number, angle = 0): string {
  const wood = c.linear(
    [
      [0, '#E3B784'],
      [1, '#A9733F'],
    ],
    0,
    0,
    1,
    1,
  );
  return group(
    [
      el('ellipse', {
        cx: len * 0.02,
        cy: len * 0.03,
        rx: len * 0.13,
        ry: len * 0.09,
        fill: brand.ink,
        'fill-opacity': 0.18,
      }),
      el('rect', {
        x: len * 0.1,
        y: -len * 0.022,
        width: len * 0.9,
        height: len * 0.044,
        rx: len * 0.022,
        fill: wood,
      }),
      el('ellipse', { cx: 0, cy: 0, rx: len * 0.14, ry: len * 0.095, fill: wood }),
      el('ellipse', {
        cx: -len * 0.01,
        cy: 0,
        rx: len * 0.1,
        ry: len * 0.065,
        fill: '#9A6535',
        'fill-opacity': 0.35,
      }),
    ].join(''),
    { transform: place(x, y, angle) },
  );
}

/** A dark baking tray with parchment, seen from above with a slight tilt (trapezoid). */
export function bakingTray(c: Canvas, x: number, y: number, w: number, h: number, tilt = 0.06): string {
  const k = w * tilt;
  const outer: Pt[] = [
    [x + k, y],
    [x + w - k, y],
    [x + w, y + h],
    [x, y + h],
  ];
  const m = w * 0.04;
  const inner: Pt[] = [
    [x + k + m, y + m * 0.8],
    [x + w - k - m, y + m * 0.8],
    [x + w - m, y + h - m],
    [x + m, y + h - m],
  ];
  const paper: Pt[] = [
    [x + k + m * 1.6, y + m * 1.4],
    [x + w - k - m * 1.4, y + m * 1.2],
    [x + w - m * 1.5, y + h - m * 1.6],
    [x + m * 1.6, y + h - m * 1.4],
  ];
  return [
    el('path', {
      d: poly(outer.map(([px, py]): Pt => [px + 14, py + 22])),
      fill: brand.ink,
      'fill-opacity': 0.2,
      filter: c.blur(10),
    }),
    el('path', {
      d: poly(outer),
      fill: c.linear([
        [0, '#7B7F86'],
        [1, '#4D5158'],
      ]),
      'stroke-linejoin': 'round',
    }),
    el('path', { d: poly(inner), fill: '#5A5E65' }),
    el('path', {
      d: poly(paper),
      fill: c.linear(
        [
          [0, '#FBF4E8'],
          [1, '#EFE2CD'],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
  ].join('');
}

/** A wire cooling rack drawn as a grid over whatever is below it (draw food after it). */
export function coolingRack(x: number, y: number, w: number, h: number): string {
  const out: string[] = [
    el('rect', {
      x: x + 10,
      y: y + 14,
      width: w,
      height: h,
      rx: 14,
      fill: 'none',
      stroke: brand.ink,
      'stroke-opacity': 0.15,
      'stroke-width': 7,
    }),
  ];
  const wires: string[] = [];
  for (let gx = x + w / 12; gx < x + w - 1; gx += w / 12) wires.push(p`M${gx} ${y}V${y + h}`);
  for (let gy = y + h / 8; gy < y + h - 1; gy += h / 8) wires.push(p`M${x} ${gy}H${x + w}`);
  out.push(el('path', { d: wires.join(''), stroke: '#8C8F94', 'stroke-width': 3, fill: 'none' }));
  out.push(
    el('rect', { x, y, width: w, height: h, rx: 14, fill: 'none', stroke: '#6F7378', 'stroke-width': 7 }),
  );
  return out.join('');
}

/** A coffee cup on a saucer seen from above. */
export function coffeeTop(c: Canvas, x: number, y: number, r: number): string {
  return [
    shadow(c, x + r * 0.12, y + r * 0.15, r * 1.75, r * 1.75, 0.3),
    el('circle', { cx: x, cy: y, r: r * 1.6, fill: '#F7F1E8' }),
    el('circle', { cx: x, cy: y, r: r * 1.25, fill: '#ECE3D6' }),
    el('rect', {
      x: x + r * 0.85,
      y: y - r * 0.17,
      width: r * 0.65,
      height: r * 0.34,
      rx: r * 0.17,
      fill: '#FFFFFF',
      stroke: '#E2D6C6',
      'stroke-width': 2,
    }),
    el('circle', { cx: x, cy: y, r: r, fill: '#FFFFFF' }),
    el('circle', {
      cx: x,
      cy: y,
      r: r * 0.86,
      fill: c.radial([
        [0, '#B07A4E'],
        [0.7, '#7A4A2A'],
        [1, '#4A2A16'],
      ]),
    }),
    el('path', {
      d: p`M${x} ${y + r * 0.42}C${x - r * 0.62} ${y + r * 0.02} ${x - r * 0.42} ${y - r * 0.5} ${x} ${y - r * 0.18}C${x + r * 0.42} ${y - r * 0.5} ${x + r * 0.62} ${y + r * 0.02} ${x} ${y + r * 0.42}Z`,
      fill: '#EBD3B0',
    }),
    el('circle', {
      cx: x,
      cy: y,
      r: r * 0.86,
      fill: 'none',
      stroke: '#D9B48A',
      'stroke-width': r * 0.06,
      'stroke-opacity': 0.7,
    }),
  ].join('');
}

/** A kraft box with the four-cookie insert seen from above; `inside` are the cookie drawings. */
export function boxTop(c: Canvas, x: number, y: number, w: number, h: number, inside: string): string {
  return [
    el('rect', {
      x: x + 12,
      y: y + 18,
      width: w,
      height: h,
      rx: 10,
      fill: brand.ink,
      'fill-opacity': 0.25,
      filter: c.blur(12),
    }),
    el('rect', { x, y: y - h * 0.55, width: w, height: h * 0.55, rx: 8, fill: '#B98B5C' }),
    el('rect', {
      x: x + w * 0.3,
      y: y - h * 0.42,
      width: w * 0.4,
      height: h * 0.2,
      rx: 6,
      fill: brand.forest,
    }),
    mapleLeaf(x + w / 2, y - h * 0.32, h * 0.06, brand.cream),
    el('rect', { x, y, width: w, height: h, rx: 10, fill: '#C9A071' }),
    el('rect', {
      x: x + w * 0.04,
      y: y + h * 0.05,
      width: w * 0.92,
      height: h * 0.9,
      rx: 8,
      fill: '#A87A4C',
    }),
    el('path', {
      d: p`M${x + w / 2} ${y + h * 0.05}V${y + h * 0.95}M${x + w * 0.04} ${y + h / 2}H${x + w * 0.96}`,
      stroke: '#C9A071',
      'stroke-width': w * 0.02,
    }),
    inside,
  ].join('');
}
