/**
 * Tiny SVG toolkit for the seed artwork: a seeded random generator, number formatting, element
 * builders, smooth blob outlines and a Canvas that collects the <defs> of one standalone document.
 * Everything here is deterministic: the same key always yields the same SVG text.
 */

export type Rng = () => number;
export type Pt = readonly [number, number];
/** A gradient stop: offset 0..1, colour, optional opacity. */
export type Stop = readonly [offset: number, color: string, opacity?: number];

/** FNV-1a hash of a string, used as the seed of the generator. */
export function seedFrom(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for scattering chocolate chunks. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Formats a coordinate with `digits` decimals (default one), without "-0". */
export function f(n: number, digits = 1): string {
  const k = 10 ** digits;
  const r = Math.round(n * k) / k;
  return Object.is(r, -0) ? '0' : String(r);
}

type AttrValue = string | number | undefined | false;
export type Attrs = Readonly<Record<string, AttrValue>>;

/** `<name attr="..."/>` or `<name ...>inner</name>`; numbers are rounded, undefined/false dropped. */
export function el(name: string, attrs: Attrs, inner?: string): string {
  let out = `<${name}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    out += ` ${k}="${typeof v === 'number' ? f(v) : v}"`;
  }
  return inner === undefined ? `${out}/>` : `${out}>${inner}</${name}>`;
}

export const group = (inner: string, attrs: Attrs = {}): string => el('g', attrs, inner);

/** SVG transform for placing a unit drawing at (x, y) with rotation (degrees) and scale. */
export function place(x: number, y: number, rotate = 0, sx = 1, sy = sx): string {
  return `translate(${f(x)} ${f(y)}) rotate(${f(rotate)}) scale(${sx.toFixed(3)} ${sy.toFixed(3)})`;
}

/** Closed Catmull-Rom spline through the points, as path data. */
export function smooth(pts: readonly Pt[], digits = 1): string {
  const n = pts.length;
  const q = (v: number): string => f(v, digits);
  const at = (i: number): Pt => pts[((i % n) + n) % n] ?? [0, 0];
  const first = at(0);
  let d = `M${q(first[0])} ${q(first[1])}`;
  for (let i = 0; i < n; i++) {
    const [x0, y0] = at(i - 1);
    const [x1, y1] = at(i);
    const [x2, y2] = at(i + 1);
    const [x3, y3] = at(i + 2);
    d += `C${q(x1 + (x2 - x0) / 6)} ${q(y1 + (y2 - y0) / 6)} ${q(x2 - (x3 - x1) / 6)} ${q(y2 - (y3 - y1) / 6)} ${q(x2)} ${q(y2)}`;
  }
  return `${d}Z`;
}

/** Straight-edged closed polygon, as path data. */
export function poly(pts: readonly Pt[]): string {
  return pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${f(x)} ${f(y)}`).join('') + 'Z';
}

/** Open polyline / smooth curve through points (quadratic midpoints), as path data. */
export function curve(pts: readonly Pt[]): string {
  const first = pts[0];
  if (!first) return '';
  let d = `M${f(first[0])} ${f(first[1])}`;
  for (let i = 1; i < pts.length - 1; i++) {
    const p = pts[i] ?? first;
    const q = pts[i + 1] ?? p;
    d += `Q${f(p[0])} ${f(p[1])} ${f((p[0] + q[0]) / 2)} ${f((p[1] + q[1]) / 2)}`;
  }
  const last = pts[pts.length - 1] ?? first;
  return `${d}L${f(last[0])} ${f(last[1])}`;
}

export interface BlobOpts {
  /** number of outline points */
  n?: number;
  /** random radial variation, fraction of the radius */
  wobble?: number;
  /** smooth low-frequency waviness, fraction of the radius */
  wave?: number;
  /** rotation in radians */
  rot?: number;
}

/** A rollable pseudo-random generator plus the <defs> of one SVG document. */
export class Canvas {
  private readonly defs: string[] = [];
  private readonly cache = new Map<string, string>();
  private seq = 0;
  readonly rand: Rng;

  constructor(
    readonly width: number,
    readonly height: number,
    seed: string,
  ) {
    this.rand = mulberry32(seedFrom(seed));
  }

  range(a: number, b: number): number {
    return a + (b - a) * this.rand();
  }

  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.rand() * items.length)] ?? items[0];
    if (item === undefined) throw new Error('pick from empty list');
    return item;
  }

  chance(p: number): boolean {
    return this.rand() < p;
  }

  /** Outline points of an irregular round shape (cookies, bites, clusters). */
  blobPoints(cx: number, cy: number, rx: number, ry: number, o: BlobOpts = {}): Pt[] {
    const n = o.n ?? 16;
    const wobble = o.wobble ?? 0.05;
    const wave = o.wave ?? 0;
    const rot = o.rot ?? 0;
    const p1 = this.range(0, Math.PI * 2);
    const p2 = this.range(0, Math.PI * 2);
    const pts: Pt[] = [];
    for (let i = 0; i < n; i++) {
      const a = rot + ((i + this.range(-0.25, 0.25)) / n) * Math.PI * 2;
      const k =
        1 + wobble * this.range(-1, 1) + wave * (0.6 * Math.sin(3 * a + p1) + 0.4 * Math.sin(5 * a + p2));
      pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
    }
    return pts;
  }

  blob(cx: number, cy: number, rx: number, ry: number, o: BlobOpts = {}): string {
    // Small bits (crumbs, clusters) need no sub-pixel precision; unit-sized shapes need more.
    const size = Math.max(rx, ry);
    return smooth(this.blobPoints(cx, cy, rx, ry, o), size < 4 ? 2 : size < 30 ? 0 : 1);
  }

  /** A point uniformly inside an ellipse. */
  inEllipse(cx: number, cy: number, rx: number, ry: number): Pt {
    const a = this.range(0, Math.PI * 2);
    const d = Math.sqrt(this.rand());
    return [cx + Math.cos(a) * d * rx, cy + Math.sin(a) * d * ry];
  }

  private define(prefix: string, key: string | undefined, make: (id: string) => string): string {
    if (key !== undefined) {
      const hit = this.cache.get(key);
      if (hit !== undefined) return hit;
    }
    this.seq += 1;
    const id = `${prefix}${this.seq}`;
    this.defs.push(make(id));
    const ref = `url(#${id})`;
    if (key !== undefined) this.cache.set(key, ref);
    return ref;
  }

  private static stops(stops: readonly Stop[]): string {
    return stops
      .map(([o, color, op]) =>
        el('stop', { offset: o.toFixed(3), 'stop-color': color, 'stop-opacity': op?.toFixed(3) }),
      )
      .join('');
  }

  /** Linear gradient in bounding-box units (default: top to bottom); returns `url(#id)`. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const key = `L${JSON.stringify(stops)}${x1},${y1},${x2},${y2}`;
    return this.define('l', key, (id) => el('linearGradient', { id, x1, y1, x2, y2 }, Canvas.stops(stops)));
  }

  /** Radial gradient in bounding-box units; returns `url(#id)`. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const key = `R${JSON.stringify(stops)}${cx},${cy},${r},${fx},${fy}`;
    const p = (n: number): string => n.toFixed(3);
    return this.define('r', key, (id) =>
      el('radialGradient', { id, cx: p(cx), cy: p(cy), r: p(r), fx: p(fx), fy: p(fy) }, Canvas.stops(stops)),
    );
  }

  /** Clip path from the given shape markup; returns `url(#id)`. */
  clip(shape: string): string {
    return this.define('c', undefined, (id) => el('clipPath', { id }, shape));
  }

  /** Gaussian blur filter (for soft shadows and glows); returns `url(#id)`. */
  blur(std: number): string {
    return this.define('b', `B${std}`, (id) =>
      el(
        'filter',
        { id, x: '-50%', y: '-50%', width: '200%', height: '200%' },
        el('feGaussianBlur', { stdDeviation: std }),
      ),
    );
  }

  /** The standalone SVG document. */
  document(body: string): string {
    const { width, height } = this;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${this.defs.join('')}</defs>${body}</svg>`
    );
  }
}

/** Template tag for path data and transforms: every interpolated number is rounded with f(). */
export function p(strings: TemplateStringsArray, ...vals: number[]): string {
  let out = strings[0] ?? '';
  vals.forEach((v, i) => {
    out += f(v) + (strings[i + 1] ?? '');
  });
  return out;
}
