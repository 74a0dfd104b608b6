import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deferScriptStart, START_SCRIPT_ID, startModules } from './deferred-start.js';
import { sealInlineScripts } from './inline-scripts.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const P = 'cGxhY2Vob2xkZXIxMjM0NQ==';
const BODY = 'import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-2.js");';

/** A page as React Router writes it, with the marker nonce on its links and inline scripts. */
const page = [
  '<html><head>',
  `<link rel="preload" href="/assets/inter.woff2" as="font"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="${P}"/>`,
  `<link rel="modulepreload" href="/assets/framework-3.js" nonce="${P}"/>`,
  '</head><body><main>Cookies</main>',
  `<script nonce="${P}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${P}" type="module" async="">${BODY}</script>`,
  `<script nonce="${P}">window.__reactRouterContext.streamController.close();</script>`,
  '</body></html>',
].join('');

describe('deferScriptStart', () => {
  it('keeps the module script as inert text naming its preloads, and adds the loader', () => {
    const html = deferScriptStart(page, P);
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="preload" href="/assets/inter.woff2" as="font"/>');
    expect(html).toContain(
      `<script nonce="${P}" type="text/plain" id="${START_SCRIPT_ID}" data-preload="/assets/entry.client-2.js /assets/framework-3.js">${BODY}</script>`,
    );
    expect(startModules(html)).toEqual(['/assets/entry.client-2.js', '/assets/framework-3.js']);
    // The loader starts after the first contentful paint, and comes right after the inert copy it reads.
    const loader = new RegExp(
      `id="${START_SCRIPT_ID}"[^>]*>[^<]*</script><script nonce="${P}">([^<]*)</script>`,
    ).exec(html)?.[1];
    expect(loader).toContain("getEntriesByName('first-contentful-paint')");
    expect(loader).toMatch(/requestAnimationFrame\(function\(\)\{setTimeout\(go,0\)\}\)/);
    expect(loader).toContain("m.type='module'");
    // The rest of the page is untouched.
    expect(html).toContain('<main>Cookies</main>');
    expect(html).toContain(
      `<script nonce="${P}">window.__reactRouterContext.streamController.close();</script>`,
    );
  });

  it("lets the policy allow the module script the loader makes: the inert copy's text is hashed", () => {
    const sealed = sealInlineScripts(deferScriptStart(page, P), P);
    expect(sealed.hashes).toContain(sha(BODY));
    expect(sealed.html).not.toContain(P);
    expect(startModules(sealed.html)).toEqual(['/assets/entry.client-2.js', '/assets/framework-3.js']);
  });

  it('keeps the exact attributes, whatever the marker spells', () => {
    const marker = 'async+async/asyncAAAAAAAAAAA==';
    const html = deferScriptStart(page.replaceAll(P, marker), marker);
    expect(html).toContain(`<script nonce="${marker}" type="text/plain" id="${START_SCRIPT_ID}"`);
  });

  it('leaves a page alone when it has no module script of the renderer (an error page, an injection)', () => {
    const plain = `<html><body><p>Not found</p></body></html>`;
    expect(deferScriptStart(plain, P)).toBe(plain);
    const injected = `<p>x</p><script type="module">alert(1)</script>`;
    expect(deferScriptStart(injected, P)).toBe(injected);
    const unclosed = `<p>x</p><script nonce="${P}" type="module" async="">import("/a.js");`;
    expect(deferScriptStart(unclosed, P)).toBe(unclosed);
  });
});
