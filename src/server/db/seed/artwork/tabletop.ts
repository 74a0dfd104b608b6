/**
 * Flat-lay props seen from straight above: berries, yogurt, cocoa, an open jar of coconut oil, a
 * lunchbox, a hiking map, a compass, a pine sprig, an enamel mug and a glass of milk.
 */
import { type Canvas, el, group, p, place, type Pt } from './svg.js';
import { brand, shadow } from './ingredients.js';

/** Items drawn at random points inside a circle, back to front. */
export function pile(
  c: Canvas,
  cx: number,
  cy: number,
  r: number,
  n: number,
  draw: (x: number, y: number) => string,
): string {
  const pts: Pt[] = [];
  for (let i = 0; i < n; i++) pts.push(c.inEllipse(cx, cy, r, r));
  pts.sort((a, b) => a[1] - b[1]);
  return pts.map(([x, y]) => draw(x, y)).join('');
}

/** A round berry or grape: [light, mid, dark] colours. */
function berry(
  c: Canvas,
  x: number,
  y: number,
  r: number,
  col: readonly [string, string, string],
  eye: string | null,
): string {
  const fill = c.radial(
    [
      [0, col[0]],
      [0.6, col[1]],
      [1, col[2]],
    ],
    0.38,
    0.34,
    0.7,
  );
  return [
    el('circle', { cx: x + r * 0.15, cy: y + r * 0.25, r, fill: brand.ink, 'fill-opacity': 0.25 }),
    el('circle', { cx: x, cy: y, r, fill }),
    eye === null ? '' : el('circle', { cx: x + r * 0.1, cy: y + r * 0.05, r: r * 0.25, fill: eye }),
    el('circle', { cx: x - r * 0.4, cy: y - r * 0.4, r: r * 0.18, fill: '#FFFFFF', 'fill-opacity': 0.4 }),
  ].join('');
}

export function blueberry(c: Canvas, x: number, y: number, r: number): string {
  return berry(c, x, y, r, ['#6D7FB8', '#3E4C86', '#26305C'], '#1D2448');
}

export function grape(c: Canvas, x: number, y: number, r: number): string {
  return berry(c, x, y, r, ['#D8E89A', '#A9C45A', '#6F8A2E'], null);
}

export function raspberry(c: Canvas, x: number, y: number, r: number): string {
  const out = [
    el('circle', { cx: x + r * 0.15, cy: y + r * 0.25, r, fill: brand.ink, 'fill-opacity': 0.25 }),
  ];
  out.push(el('circle', { cx: x, cy: y, r, fill: '#B8283E' }));
  for (let i = 0; i < 14; i++) {
    const [px, py] = c.inEllipse(x, y, r * 0.72, r * 0.72);
    out.push(el('circle', { cx: px, cy: py, r: r * 0.3, fill: c.pick(['#D8405A', '#C93450', '#E25A70']) }));
    out.push(
      el('circle', {
        cx: px - r * 0.08,
        cy: py - r * 0.08,
        r: r * 0.08,
        fill: '#FFFFFF',
        'fill-opacity': 0.4,
      }),
    );
  }
  return out.join('');
}

/** Cocoa powder heaped in a bowl (draw inside bowlTop). */
export function cocoaPowder(c: Canvas, cx: number, cy: number, r: number): string {
  const out = [
    el('circle', {
      cx,
      cy,
      r,
      fill: c.radial(
        [
          [0, '#8A5238'],
          [0.6, '#6E3D27'],
          [1, '#4A2716'],
        ],
        0.42,
        0.4,
        0.6,
      ),
    }),
  ];
  for (let i = 0; i < 60; i++) {
    const [px, py] = c.inEllipse(cx, cy, r, r);
    out.push(
      el('circle', {
        cx: px,
        cy: py,
        r: c.range(1, 3),
        fill: c.pick(['#9C6246', '#5A311D']),
        'fill-opacity': 0.6,
      }),
    );
  }
  return out.join('');
}

/** Plain yogurt with a swirl (draw inside bowlTop). */
export function yogurt(c: Canvas, cx: number, cy: number, r: number): string {
  return [
    el('circle', {
      cx,
      cy,
      r,
      fill: c.radial(
        [
          [0, '#FFFFFF'],
          [0.8, '#F7F3EC'],
          [1, '#E6DED0'],
        ],
        0.45,
        0.42,
        0.6,
      ),
    }),
    el('path', {
      d: p`M${cx - r * 0.6} ${cy + r * 0.1}C${cx - r * 0.5} ${cy - r * 0.6} ${cx + r * 0.5} ${cy - r * 0.6} ${cx + r * 0.5} ${cy}C${cx + r * 0.5} ${cy + r * 0.4} ${cx - r * 0.2} ${cy + r * 0.45} ${cx - r * 0.2} ${cy + r * 0.05}`,
      fill: 'none',
      stroke: '#E8E0D2',
      'stroke-width': r * 0.06,
      'stroke-linecap': 'round',
    }),
  ].join('');
}

/** An open jar of coconut oil seen from above, its lid lying beside it. */
export function coconutOilTop(c: Canvas, x: number, y: number, r: number): string {
  return [
    shadow(c, x + r * 1.35 + 8, y + r * 0.35 + 10, r * 0.85, r * 0.85, 0.3),
    el('circle', { cx: x + r * 1.35, cy: y + r * 0.35, r: r * 0.8, fill: brand.forest }),
    el('circle', { cx: x + r * 1.35, cy: y + r * 0.35, r: r * 0.66, fill: '#3B7263' }),
    shadow(c, x + 8, y + 12, r * 1.12, r * 1.12, 0.32),
    el('circle', { cx: x, cy: y, r, fill: '#DCE4E4' }),
    el('circle', { cx: x, cy: y, r: r * 0.9, fill: '#F2F5F2' }),
    el('circle', {
      cx: x,
      cy: y,
      r: r * 0.82,
      fill: c.radial([
        [0, '#FFFFFF'],
        [1, '#EEE9DE'],
      ]),
    }),
    el('path', {
      d: p`M${x - r * 0.4} ${y + r * 0.1}Q${x - r * 0.1} ${y - r * 0.35} ${x + r * 0.35} ${y - r * 0.15}Q${x + r * 0.1} ${y + r * 0.05} ${x - r * 0.4} ${y + r * 0.1}Z`,
      fill: '#E6DFD1',
    }),
    el('path', {
      d: p`M${x - r * 0.72} ${y - r * 0.35}A${r * 0.82} ${r * 0.82} 0 0 1 ${x - r * 0.2} ${y - r * 0.8}`,
      fill: 'none',
      stroke: '#FFFFFF',
      'stroke-width': r * 0.08,
      'stroke-linecap': 'round',
    }),
  ].join('');
}

/** A glass of milk from above. */
export function milkTop(c: Canvas, x: number, y: number, r: number): string {
  return [
    shadow(c, x + r * 0.12, y + r * 0.16, r * 1.2, r * 1.2, 0.3),
    el('circle', { cx: x, cy: y, r, fill: '#E3E8EA' }),
    el('circle', {
      cx: x,
      cy: y,
      r: r * 0.86,
      fill: c.radial([
        [0, '#FFFFFF'],
        [1, '#F1EEE8'],
      ]),
    }),
    el('path', {
      d: p`M${x - r * 0.85} ${y - r * 0.3}A${r * 0.9} ${r * 0.9} 0 0 1 ${x - r * 0.3} ${y - r * 0.85}`,
      fill: 'none',
      stroke: '#FFFFFF',
      'stroke-width': r * 0.08,
      'stroke-linecap': 'round',
    }),
  ].join('');
}

/** An enamel camping mug from above: white with a blue rim, tea inside. */
export function enamelMug(c: Canvas, x: number, y: number, r: number): string {
  return [
    shadow(c, x + r * 0.15, y + r * 0.2, r * 1.25, r * 1.25, 0.35),
    el('rect', {
      x: x - r * 0.18,
      y: y + r * 0.8,
      width: r * 0.36,
      height: r * 0.7,
      rx: r * 0.15,
      fill: '#F4F1EA',
      stroke: '#2F4F6F',
      'stroke-width': r * 0.06,
    }),
    el('circle', { cx: x, cy: y, r, fill: '#2F4F6F' }),
    el('circle', { cx: x, cy: y, r: r * 0.9, fill: '#F4F1EA' }),
    el('circle', {
      cx: x,
      cy: y,
      r: r * 0.8,
      fill: c.radial([
        [0, '#B8733A'],
        [0.8, '#8A4E22'],
        [1, '#6A3914'],
      ]),
    }),
    el('ellipse', {
      cx: x - r * 0.3,
      cy: y - r * 0.3,
      rx: r * 0.25,
      ry: r * 0.12,
      fill: '#FFFFFF',
      'fill-opacity': 0.3,
      transform: p`rotate(-40 ${x - r * 0.3} ${y - r * 0.3})`,
    }),
  ].join('');
}

/** A small pine sprig. */
export function pineSprig(c: Canvas, x: number, y: number, len: number, angle = 0): string {
  const needles: string[] = [];
  for (let t = 0.05; t < 1; t += 0.045) {
    const px = t * len;
    const l = len * 0.16 * (1 - t * 0.5);
    for (const sgn of [-1, 1]) {
      const a = (sgn * (50 + c.range(-10, 10)) * Math.PI) / 180;
      needles.push(p`M${px} 0l${Math.cos(a) * l} ${Math.sin(a) * l}`);
    }
  }
  return group(
    [
      el('path', {
        d: needles.join(''),
        stroke: brand.ink,
        'stroke-opacity': 0.15,
        'stroke-width': 3,
        transform: 'translate(4 6)',
        'stroke-linecap': 'round',
      }),
      el('path', { d: p`M0 0H${len}`, stroke: '#6B4A2B', 'stroke-width': 4, 'stroke-linecap': 'round' }),
      el('path', { d: needles.join(''), stroke: brand.forest, 'stroke-width': 3, 'stroke-linecap': 'round' }),
      el('path', {
        d: needles.filter((_, i) => i % 3 === 0).join(''),
        stroke: '#4E8A6F',
        'stroke-width': 2.5,
        'stroke-linecap': 'round',
      }),
    ].join(''),
    { transform: place(x, y, angle) },
  );
}

/** A brass compass. */
export function compass(c: Canvas, x: number, y: number, r: number): string {
  const ticks: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    const k = i % 4 === 0 ? 0.7 : 0.78;
    ticks.push(
      p`M${x + Math.cos(a) * r * k} ${y + Math.sin(a) * r * k}L${x + Math.cos(a) * r * 0.84} ${y + Math.sin(a) * r * 0.84}`,
    );
  }
  return [
    shadow(c, x + r * 0.12, y + r * 0.18, r * 1.2, r * 1.2, 0.35),
    el('circle', {
      cx: x,
      cy: y - r * 1.05,
      r: r * 0.16,
      fill: 'none',
      stroke: '#B8893A',
      'stroke-width': r * 0.07,
    }),
    el('circle', {
      cx: x,
      cy: y,
      r,
      fill: c.linear(
        [
          [0, '#E2B65C'],
          [1, '#A87A2C'],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
    el('circle', { cx: x, cy: y, r: r * 0.88, fill: '#FBF5EC' }),
    el('path', { d: ticks.join(''), stroke: brand.brown, 'stroke-width': r * 0.03 }),
    el('path', { d: p`M${x} ${y - r * 0.62}L${x + r * 0.1} ${y}L${x - r * 0.1} ${y}Z`, fill: '#C0392B' }),
    el('path', { d: p`M${x} ${y + r * 0.62}L${x + r * 0.1} ${y}L${x - r * 0.1} ${y}Z`, fill: brand.brown }),
    el('circle', { cx: x, cy: y, r: r * 0.06, fill: '#B8893A' }),
    el('ellipse', {
      cx: x - r * 0.35,
      cy: y - r * 0.4,
      rx: r * 0.35,
      ry: r * 0.15,
      fill: '#FFFFFF',
      'fill-opacity': 0.35,
      transform: p`rotate(-40 ${x - r * 0.35} ${y - r * 0.4})`,
    }),
  ].join('');
}

/** A folded topographic trail map with contour lines and a dashed trail. */
export function topoMap(c: Canvas, x: number, y: number, w: number, h: number, angle = 0): string {
  const lines: string[] = [];
  const centres: Pt[] = [
    [w * 0.3, h * 0.35],
    [w * 0.72, h * 0.62],
  ];
  for (const [mx, my] of centres) {
    for (let k = 1; k <= 6; k++) {
      lines.push(
        el('path', {
          d: c.blob(mx, my, k * w * 0.06, k * h * 0.05, { n: 10, wobble: 0.06, wave: 0.08 }),
          fill: 'none',
          stroke: k % 3 === 0 ? '#8C6A44' : '#B99A72',
          'stroke-width': k % 3 === 0 ? 2.5 : 1.5,
        }),
      );
    }
  }
  const clip = c.clip(el('rect', { width: w, height: h }));
  return group(
    [
      el('rect', { x: 10, y: 14, width: w, height: h, fill: brand.ink, 'fill-opacity': 0.15 }),
      el('rect', { width: w, height: h, fill: '#F3EBDA' }),
      el('path', {
        d: p`M${w * 0.55} 0C${w * 0.5} ${h * 0.3} ${w * 0.62} ${h * 0.5} ${w * 0.5} ${h}V${h}H${w * 0.75}C${w * 0.8} ${h * 0.6} ${w * 0.66} ${h * 0.3} ${w * 0.7} 0Z`,
        fill: '#CFE0D2',
      }),
      group(lines.join(''), { 'clip-path': clip }),
      el('path', {
        d: p`M${w * 0.05} ${h * 0.9}C${w * 0.3} ${h * 0.7} ${w * 0.2} ${h * 0.45} ${w * 0.45} ${h * 0.4}S${w * 0.8} ${h * 0.2} ${w * 0.95} ${h * 0.1}`,
        fill: 'none',
        stroke: '#C0392B',
        'stroke-width': 3,
        'stroke-dasharray': '10 8',
      }),
      el('rect', { x: w / 3 - 2, width: 4, height: h, fill: brand.ink, 'fill-opacity': 0.08 }),
      el('rect', { x: (2 * w) / 3 - 2, width: 4, height: h, fill: '#FFFFFF', 'fill-opacity': 0.35 }),
      el('rect', { y: h / 2 - 2, width: w, height: 4, fill: brand.ink, 'fill-opacity': 0.08 }),
    ].join(''),
    { transform: place(x, y, angle) },
  );
}

/** A bento-style lunchbox from above; `cells` are drawn into three compartments (big left, two right). */
export function lunchbox(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  cells: readonly [string, string, string],
): string {
  const pad = w * 0.04;
  const cw = (w - pad * 3) * 0.55;
  const rw = w - pad * 3 - cw;
  const rh = (h - pad * 3) / 2;
  const rects = [
    { x: x + pad, y: y + pad, width: cw, height: h - pad * 2 },
    { x: x + pad * 2 + cw, y: y + pad, width: rw, height: rh },
    { x: x + pad * 2 + cw, y: y + pad * 2 + rh, width: rw, height: rh },
  ];
  const out = [
    el('rect', {
      x: x + 14,
      y: y + 20,
      width: w,
      height: h,
      rx: w * 0.08,
      fill: brand.ink,
      'fill-opacity': 0.22,
      filter: c.blur(10),
    }),
    el('rect', { x, y, width: w, height: h, rx: w * 0.08, fill: '#7FB3A0' }),
  ];
  rects.forEach((r, i) => {
    const clip = c.clip(el('rect', { ...r, rx: w * 0.05 }));
    out.push(el('rect', { ...r, rx: w * 0.05, fill: '#F4EFE6' }));
    out.push(group(cells[i] ?? '', { 'clip-path': clip }));
    out.push(el('rect', { ...r, rx: w * 0.05, fill: 'none', stroke: '#5E9683', 'stroke-width': 4 }));
  });
  return out.join('');
}
