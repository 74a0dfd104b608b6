import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealInlineScripts } from './inline-scripts.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const P = 'cGxhY2Vob2xkZXIxMjM0NQ==';

describe('sealInlineScripts', () => {
  it('hashes exactly the inline scripts the renderer marked, and removes the marker everywhere', () => {
    const page = [
      `<link nonce="${P}" rel="modulepreload" href="/assets/a.js"/>`,
      `<script type="application/ld+json">{"@type":"Product"}</script>`,
      `<script nonce="${P}">window.a = 1;</script>`,
      `<script nonce="${P}" type="module" async="">import("/assets/b.js");</script>`,
    ].join('');
    const sealed = sealInlineScripts(page, P);
    expect(sealed.html).not.toContain(P);
    expect(sealed.html).not.toContain('nonce');
    expect(sealed.html).toContain('<script>window.a = 1;</script>');
    expect(sealed.html).toContain('<script type="module" async="">import("/assets/b.js");</script>');
    expect(sealed.hashes).toEqual([sha('window.a = 1;'), sha('import("/assets/b.js");')]);
  });

  it('gives no hash to a script that arrived in the page without the marker (an injection)', () => {
    const injected = `<p>Great cookies</p><script>fetch('/steal?c='+document.cookie)</script>`;
    const sealed = sealInlineScripts(`<script nonce="${P}">ok()</script>${injected}`, P);
    expect(sealed.hashes).toEqual([sha('ok()')]);
    expect(sealed.hashes).not.toContain(sha("fetch('/steal?c='+document.cookie)"));
  });

  it('does not trust a marker that names another value, or sits in text instead of an attribute', () => {
    const sealed = sealInlineScripts(
      `<script nonce="other">bad()</script><script data-x="${P}">bad2()</script><p>nonce="${P}"</p>`,
      P,
    );
    expect(sealed.hashes).toEqual([]);
  });

  it('hashes the text as the browser sees it: line breaks normalised, non-ASCII as UTF-8, duplicates once', () => {
    const sealed = sealInlineScripts(
      `<script nonce="${P}">a();\r\nb("é");</script><script nonce="${P}">a();\r\nb("é");</script>`,
      P,
    );
    expect(sealed.hashes).toEqual([sha('a();\nb("é");')]);
  });

  it('skips scripts with a source: the policy allows those by origin', () => {
    const sealed = sealInlineScripts(`<script nonce="${P}" src="/assets/c.js"></script>`, P);
    expect(sealed.hashes).toEqual([]);
    expect(sealed.html).toBe('<script src="/assets/c.js"></script>');
  });

  it('refuses a marker too short to be unguessable', () => {
    expect(() => sealInlineScripts('<p></p>', 'abc')).toThrow();
  });
});
