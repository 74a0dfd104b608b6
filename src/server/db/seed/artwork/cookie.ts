/**
 * The chunky protein cookie: an irregular outline, a visible thick baked edge, a craggy top with
 * lumps and cracks, and chunks of chocolate or nuts. Also crumbs and a cookie broken in two.
 */
import { type Canvas, el, group, p, place, poly, smooth, type Pt } from './svg.js';
import { brand, chunk, chunkStyles, macadamia, peanut } from './ingredients.js';

export interface Dough {
  light: string;
  mid: string;
  edge: string;
  side: string;
  speck: string;
}

export const doughs = {
  golden: { light: '#F2C88A', mid: '#DE9F58', edge: '#B86F35', side: '#8E5226', speck: '#7A4520' },
  cocoa: { light: '#9A6249', mid: '#6E402C', edge: '#4B2A1D', side: '#321A10', speck: '#26120A' },
  peanut: { light: '#EEC88C', mid: '#DBA462', edge: '#BA7B3F', side: '#93592B', speck: '#8A5630' },
  butter: { light: '#F5D6A0', mid: '#E6B16C', edge: '#C6864A', side: '#9C6232', speck: '#80502A' },
} as const satisfies Record<string, Dough>;

export type Inclusion = 'dark' | 'darker' | 'milk' | 'white' | 'peanut' | 'peanutBits' | 'macadamia';

export interface CookieSpec {
  x: number;
  y: number;
  r: number;
  /** vertical squash of the top (1 = seen straight from above) */
  squash?: number;
  /** thickness of the visible side, as a fraction of r */
  thickness?: number;
  dough: Dough;
  mix: readonly Inclusion[];
  /** number of chunks */
  count?: number;
  /** criss-cross fork marks (peanut butter cookies) */
  fork?: boolean;
  /** raised lumps on the top */
  lumps?: number;
  /** cracks in the top */
  fissures?: number;
}

/** A cookie flavour: dough, chunk mix and fork marks. */
export interface Flavour {
  dough: Dough;
  mix: readonly Inclusion[];
  fork?: boolean;
}

export const flavours = {
  classic: { dough: doughs.golden, mix: ['dark', 'dark', 'darker'] },
  double: { dough: doughs.cocoa, mix: ['darker', 'darker', 'milk'] },
  peanut: { dough: doughs.peanut, mix: ['peanut', 'peanutBits', 'peanutBits'], fork: true },
  white: { dough: doughs.butter, mix: ['white', 'white', 'macadamia'] },
} as const satisfies Record<string, Flavour>;

/** A wandering, tapered crack in the baked top, with a lit lip below it. */
function fissure(c: Canvas, x: number, y: number, r: number, sq: number, dough: Dough): string {
  let [px, py] = c.inEllipse(x, y, r * 0.62, r * sq * 0.62);
  let a = c.range(0, Math.PI * 2);
  const steps = 7;
  const spine: Pt[] = [[px, py]];
  const seg = r * c.range(0.035, 0.055);
  for (let k = 0; k < steps; k++) {
    a += c.range(-1.1, 1.1);
    px += Math.cos(a) * seg;
    py += Math.sin(a) * seg * sq;
    spine.push([px, py]);
  }
  const w = r * c.range(0.012, 0.022);
  const left: Pt[] = [];
  const right: Pt[] = [];
  spine.forEach(([sx, sy], k) => {
    const [nx, ny] = spine[Math.min(k + 1, steps)] ?? [sx, sy];
    const [bx, by] = spine[Math.max(k - 1, 0)] ?? [sx, sy];
    const len = Math.hypot(nx - bx, ny - by) || 1;
    const half = w * Math.sin((Math.PI * k) / steps) + w * 0.08;
    left.push([sx - ((ny - by) / len) * half, sy + ((nx - bx) / len) * half * sq]);
    right.push([sx + ((ny - by) / len) * half, sy - ((nx - bx) / len) * half * sq]);
  });
  const d = smooth([...left, ...right.reverse()]);
  return (
    el('path', { d, fill: dough.light, transform: p`translate(${w * 0.5} ${w * 0.9})` }) +
    el('path', { d, fill: dough.side, 'fill-opacity': 0.75 })
  );
}

/** Criss-cross fork marks: two presses of four tines at +-45 degrees. */
function forkMarks(c: Canvas, x: number, y: number, r: number, sq: number, dough: Dough): string {
  const lines: string[] = [];
  const S = Math.SQRT1_2;
  for (const ax of [-1, 1]) {
    // tines run along (ax, 1) and are spaced along the perpendicular (1, -ax)
    for (let k = 0; k < 4; k++) {
      const off = (k - 1.5) * r * 0.11;
      const len = r * 0.42;
      const ox = off * S;
      const oy = -ax * off * S;
      lines.push(p`M${ox - len * ax * S} ${oy - len * S}L${ox + len * ax * S} ${oy + len * S}`);
    }
  }
  const d = lines.join('');
  const t = p`translate(${x} ${y}) scale(1 ${sq}) rotate(${c.range(-15, 15)})`;
  const line = { d, fill: 'none', 'stroke-linecap': 'round' };
  return (
    el('path', {
      ...line,
      stroke: dough.light,
      'stroke-width': r * 0.05,
      transform: p`translate(${r * 0.012} ${r * 0.018}) ` + t,
    }) +
    el('path', {
      ...line,
      stroke: dough.edge,
      'stroke-width': r * 0.036,
      'stroke-opacity': 0.8,
      transform: t,
    })
  );
}

function inclusion(c: Canvas, kind: Inclusion, x: number, y: number, s: number, squash: number): string {
  switch (kind) {
    case 'peanut':
      return peanut(c, x, y, s * 1.05);
    case 'peanutBits':
      return chunk(c, x, y, s * 0.95, chunkStyles.peanut, squash);
    case 'macadamia':
      return macadamia(c, x, y, s * 0.75);
    default:
      return chunk(c, x, y, s, chunkStyles[kind], squash);
  }
}

/** A chunky, slightly irregular baked cookie with a thick edge, a craggy top and chunks. */
export function cookie(c: Canvas, s: CookieSpec): string {
  return cookieWithOutline(c, s).svg;
}

/** The cookie plus the path data of its top outline (to clip things to it). */
function cookieWithOutline(c: Canvas, s: CookieSpec): { svg: string; top: string } {
  const { x, y, r, dough } = s;
  const sq = s.squash ?? 0.78;
  const th = r * (s.thickness ?? 0.2) * Math.sqrt(1 - sq * sq * 0.85);
  const pts = c.blobPoints(x, y, r, r * sq, { n: 20, wobble: 0.025, wave: 0.04 });
  const top = smooth(pts);
  const side = smooth(pts.map(([px, py]): Pt => [px, py + th]));
  const clip = c.clip(el('path', { d: top }));
  const out: string[] = [
    el('path', {
      d: side,
      fill: c.linear([
        [0, dough.edge],
        [0.55, dough.side],
        [1, dough.side],
      ]),
    }),
    el('path', {
      d: top,
      fill: c.radial(
        [
          [0, dough.light],
          [0.5, dough.light],
          [0.8, dough.mid],
          [1, dough.edge],
        ],
        0.46,
        0.44,
        0.56,
      ),
    }),
  ];

  // Baked top, clipped to the outline: toasted dips, craggy lumps, cracks, fork marks, specks.
  const top2: string[] = [];
  const dip = c.radial([
    [0, dough.edge, 0.45],
    [1, dough.edge, 0],
  ]);
  for (let i = 0; i < 6; i++) {
    const [bx, by] = c.inEllipse(x, y, r * 0.7, r * sq * 0.7);
    const br = r * c.range(0.15, 0.28);
    top2.push(el('ellipse', { cx: bx, cy: by, rx: br, ry: br * sq, fill: dip }));
  }
  const lump = c.radial(
    [
      [0, dough.light, 1],
      [0.6, dough.light, 0.75],
      [1, dough.light, 0],
    ],
    0.4,
    0.35,
    0.6,
  );
  for (let i = 0; i < (s.lumps ?? 18); i++) {
    const [bx, by] = c.inEllipse(x, y, r * 0.86, r * sq * 0.86);
    const br = r * c.range(0.08, 0.17);
    const d = c.blob(bx, by, br, br * sq, { n: 7, wobble: 0.18 });
    top2.push(
      el('path', {
        d,
        fill: dough.edge,
        'fill-opacity': 0.32,
        transform: p`translate(${br * 0.2} ${br * 0.3 * sq})`,
      }),
      el('path', { d, fill: lump }),
    );
  }
  for (let i = 0; i < (s.fissures ?? 0); i++) top2.push(fissure(c, x, y, r, sq, dough));
  if (s.fork) top2.push(forkMarks(c, x, y, r, sq, dough));
  for (let i = 0; i < 40; i++) {
    const [px, py] = c.inEllipse(x, y, r * 0.95, r * sq * 0.95);
    top2.push(
      el('circle', { cx: px, cy: py, r: r * c.range(0.006, 0.014), fill: dough.speck, 'fill-opacity': 0.45 }),
    );
  }
  // Dome shading: lit upper left, falling away to the lower right.
  top2.push(
    el('path', {
      d: top,
      fill: c.radial(
        [
          [0, '#FFF8EC', 0.22],
          [0.45, '#FFF8EC', 0],
          [0.75, dough.side, 0],
          [1, dough.side, 0.45],
        ],
        0.4,
        0.34,
        0.78,
      ),
    }),
  );
  out.push(group(top2.join(''), { 'clip-path': clip }));

  // Chunks: rejection-sampled so they do not pile up; a few sit right on the rim.
  const count = s.count ?? 11;
  const placed: { x: number; y: number; s: number }[] = [];
  for (let tries = 0; placed.length < count && tries < 500; tries++) {
    const a = c.range(0, Math.PI * 2);
    const dist = Math.sqrt(c.rand()) * 0.9;
    const cs = r * c.range(0.09, 0.15);
    const px = x + Math.cos(a) * dist * r;
    const py = y + Math.sin(a) * dist * r * sq;
    if (placed.some((q) => Math.hypot(q.x - px, (q.y - py) / sq) < (q.s + cs) * 1.2)) continue;
    placed.push({ x: px, y: py, s: cs });
  }
  placed.sort((a, b) => a.y - b.y);
  for (const q of placed) out.push(inclusion(c, c.pick(s.mix), q.x, q.y, q.s, sq));
  return { svg: out.join(''), top };
}

/** Loose crumbs in dough colours around a point. */
export function crumbs(
  c: Canvas,
  x: number,
  y: number,
  spread: number,
  n: number,
  dough: Dough,
  size = 1,
): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const [px, py] = c.inEllipse(x, y, spread, spread * 0.45);
    const s = c.range(3, 9) * size;
    out.push(
      el('path', {
        d: c.blob(px, py, s, s * 0.75, { n: 6, wobble: 0.3 }),
        fill: c.pick([dough.mid, dough.edge, dough.light]),
      }),
    );
  }
  return out.join('');
}

/** A loose chunk or nut of the flavour, lying on the table. */
export function looseBit(c: Canvas, kind: Inclusion, x: number, y: number, s: number): string {
  return inclusion(c, kind, x, y, s, 0.8);
}

/**
 * A cookie seen from above, broken in two: both halves come from one drawing, pulled apart along a
 * jagged break that shows the soft, chunk-studded inside.
 */
export function brokenCookie(
  c: Canvas,
  x: number,
  y: number,
  r: number,
  f: Flavour,
  gap: number,
  angle: number,
): string {
  const { svg: whole, top } = cookieWithOutline(c, {
    x: 0,
    y: 0,
    r,
    squash: 1,
    thickness: 0.12,
    count: 13,
    ...f,
  });
  const inside = c.clip(el('path', { d: top }));
  const jag: Pt[] = [];
  const steps = 9;
  for (let i = 0; i <= steps; i++) jag.push([c.range(-0.06, 0.06) * r, -r * 1.2 + (2.4 * r * i) / steps]);
  const big = r * 2;
  const leftPoly = poly([[-big, -r * 1.2], ...jag, [-big, r * 1.2]]);
  const rightPoly = poly([[big, -r * 1.2], ...jag, [big, r * 1.2]]);
  const crumb: string[] = [];
  // The exposed inside: a crumbly band along the break, with cut chunks.
  const band = (side: number): string => {
    const pts: Pt[] = jag.map(([jx, jy]): Pt => [jx + side * r * 0.07, jy]);
    const inner = el('path', {
      d: poly([...jag, ...pts.reverse()]),
      fill: f.dough.light,
    });
    const bits: string[] = [];
    for (let i = 0; i < 7; i++) {
      const by = c.range(-0.85, 0.85) * r;
      const bx = side * r * c.range(0.02, 0.05);
      bits.push(
        i % 2 === 0
          ? el('rect', {
              x: bx - r * 0.025,
              y: by - r * 0.04,
              width: r * 0.05,
              height: r * 0.08,
              rx: r * 0.012,
              fill: '#3E2216',
            })
          : el('circle', { cx: bx, cy: by, r: r * 0.02, fill: f.dough.edge, 'fill-opacity': 0.6 }),
      );
    }
    return group(inner + bits.join(''), { 'clip-path': inside });
  };
  const half = (side: number, poly0: string): string => {
    const clip = c.clip(el('path', { d: poly0 }));
    return group(group(whole + band(side), { 'clip-path': clip }), {
      transform: p`translate(${(side * gap) / 2} ${side * gap * 0.15}) rotate(${side * 4})`,
    });
  };
  for (let i = 0; i < 8; i++) {
    const [cx0, cy0] = c.inEllipse(0, 0, gap * 0.5, r * 0.7);
    const s = c.range(3, 8);
    crumb.push(
      el('path', {
        d: c.blob(cx0, cy0, s, s * 0.8, { n: 6, wobble: 0.3 }),
        fill: c.pick([f.dough.mid, f.dough.light]),
      }),
    );
  }
  return group(
    [
      el('ellipse', {
        cx: r * 0.1,
        cy: r * 0.14,
        rx: r * 1.25,
        ry: r * 1.1,
        fill: c.radial([
          [0, brand.ink, 0.3],
          [0.7, brand.ink, 0.15],
          [1, brand.ink, 0],
        ]),
      }),
      half(-1, leftPoly),
      half(1, rightPoly),
      crumb.join(''),
    ].join(''),
    { transform: place(x, y, angle) },
  );
}
