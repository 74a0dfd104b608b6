import { describe, expect, it } from 'vitest';
import { createPageCache, type RenderedPage } from './page-cache.js';

const page = (body: string, cacheable = true): RenderedPage => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  cookies: [],
  bytes: Buffer.from(body),
  csp: "script-src 'self'",
  etag: cacheable ? `W/"${body}"` : '',
  cacheable,
});

function setup(maxAgeMs = 60_000) {
  const compressed: string[] = [];
  const cache = createPageCache({
    maxAgeMs,
    maxEntries: 2,
    compress: async (bytes) => {
      compressed.push(bytes.toString());
      return { br: Buffer.from(`br:${bytes}`), gzip: Buffer.from(`gz:${bytes}`) };
    },
  });
  return { cache, compressed };
}

describe('the cache of compressed pages', () => {
  it('renders and compresses a public page once, then serves the kept bytes', async () => {
    const { cache, compressed } = setup();
    let renders = 0;
    const render = async () => page(`shop ${++renders}`);
    const first = await cache.serve('/shop', 1, render);
    const second = await cache.serve('/shop', 1, render);
    expect([first.outcome, second.outcome]).toEqual(['miss', 'hit']);
    expect(second.page.compressed?.br.toString()).toBe('br:shop 1');
    expect(renders).toBe(1);
    expect(compressed).toEqual(['shop 1']);
  });

  it('renders again when the catalogue version moves or the page is too old', async () => {
    const { cache } = setup(0);
    let renders = 0;
    const render = async () => page(`p${++renders}`);
    await cache.serve('/', 1, render);
    expect((await cache.serve('/', 2, render)).outcome).toBe('miss');
    await new Promise((r) => setTimeout(r, 2));
    expect((await cache.serve('/', 2, render)).outcome).toBe('miss');
    expect(renders).toBe(3);
  });

  it('never keeps or compresses a page that is not for everyone', async () => {
    const { cache, compressed } = setup();
    const render = async () => page('private', false);
    expect((await cache.serve('/profile', 1, render)).outcome).toBe('bypass');
    expect((await cache.serve('/profile', 1, render)).outcome).toBe('bypass');
    expect(compressed).toEqual([]);
    expect(cache.size).toBe(0);
  });

  it('lets visitors who ask during a render share it, once it proves public', async () => {
    const { cache } = setup();
    let renders = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const render = async () => {
      renders++;
      await gate;
      return page('home');
    };
    const all = Promise.all([1, 2, 3].map(() => cache.serve('/', 1, render)));
    finish();
    const outcomes = (await all).map((r) => r.outcome);
    expect(outcomes).toEqual(['miss', 'hit', 'hit']);
    expect(renders).toBe(1);
  });

  it('gives each waiter a render of its own when the shared one is not public, or failed', async () => {
    const { cache } = setup();
    const bodies: string[] = [];
    let first = true;
    const render = async () => {
      const mine = first;
      first = false;
      await new Promise((r) => setTimeout(r, 5));
      if (mine) throw new Error('render failed');
      bodies.push('own');
      return page('own', false);
    };
    const [a, b] = await Promise.allSettled([cache.serve('/x', 1, render), cache.serve('/x', 1, render)]);
    expect(a.status).toBe('rejected');
    expect(b.status === 'fulfilled' && b.value.outcome).toBe('bypass');
    expect(bodies).toEqual(['own']);
  });

  it('says whether a page is kept for a key and version, not counting a render under way', async () => {
    const { cache } = setup();
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const rendering = cache.serve('/shop', 1, async () => {
      await gate;
      return page('shop');
    });
    expect(cache.has('/shop', 1)).toBe(false);
    finish();
    await rendering;
    expect(cache.has('/shop', 1)).toBe(true);
    expect(cache.has('/shop', 2)).toBe(false);
    expect(cache.has('/shop?cb=1', 1)).toBe(false);
  });

  it('holds at most maxEntries pages, dropping the oldest', async () => {
    const { cache } = setup();
    for (const path of ['/a', '/b', '/c']) await cache.serve(path, 1, async () => page(path));
    expect(cache.size).toBe(2);
    expect((await cache.serve('/a', 1, async () => page('/a'))).outcome).toBe('miss');
  });
});
