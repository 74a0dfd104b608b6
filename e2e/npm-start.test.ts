/**
 * `npm start` serves the production build whatever NODE_ENV says (decision 0031): with
 * NODE_ENV=development in the environment it once built and served React's development bundle (a
 * 552 kB framework chunk). The shop is started through scripts/start.mjs, as `npm start` does,
 * after `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModules } from '../src/server/http/deferred-start';
import { startShop, type RunningShop } from './server';

let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop({ NODE_ENV: 'development' }, { script: 'scripts/start.mjs' });
});
afterAll(async () => {
  await shop?.stop();
});

describe('npm start with NODE_ENV=development', () => {
  it('serves the build made for production, with React in its production form', async () => {
    const stamp = JSON.parse(readFileSync('build/.build-stamp', 'utf8')) as { mode: string };
    expect(stamp.mode).toBe('production');
    expect(shop.output()).not.toMatch(/building the shop/);

    const html = await (await fetch(`${shop.url}/`)).text();
    const scripts = startModules(html);
    expect(scripts.length).toBeGreaterThan(0);
    const bodies = await Promise.all(scripts.map(async (src) => (await fetch(`${shop.url}${src}`)).text()));
    const all = bodies.join('\n');
    // React's production build points at its error decoder; the development build carries the full
    // messages and its own markers instead.
    expect(all).toContain('react.dev/errors/');
    expect(all).not.toContain('react-dom.development');
    expect(all).not.toMatch(/Warning: |validateDOMNesting|__REACT_DEVTOOLS_APPEND_COMPONENT_STACK__/);
  });
});
