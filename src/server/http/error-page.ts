/**
 * The page a shopper sees when a page request fails outside React Router (the database is away and
 * nothing is cached, or the render itself broke): HTML in the brand's colours, never the API's JSON.
 * It stands alone (inline styles, no script), so it works when nothing else does.
 */
import { brand } from '../../domain/brand.js';

/** Its policy: the inline style and nothing else. */
export const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorPage({ title, message }: { title: string; message: string }): string {
  return `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | ${escape(brand.name)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fbf5ec; color: #2a1d15;
    font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 32rem; margin: 1.5rem; padding: 2.5rem 2rem; background: #fff; border-radius: 1.5rem;
    box-shadow: 0 1px 3px rgb(42 29 21 / 0.08); text-align: center; }
  .brand { margin: 0 0 1.5rem; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; color: #ad5a14; font-size: 0.875rem; }
  h1 { margin: 0 0 0.75rem; font-family: Georgia, "Times New Roman", serif; font-size: 1.75rem; line-height: 1.25; color: #5b3a29; }
  p { margin: 0 0 1.5rem; color: #6e5a4c; }
  a { display: inline-block; min-height: 2.75rem; box-sizing: border-box; padding: 0.75rem 1.5rem; border-radius: 999px;
    background: #5b3a29; color: #fbf5ec; font-weight: 600; text-decoration: none; }
  a:hover, a:focus-visible { background: #2a1d15; }
  a:focus-visible { outline: 3px solid #ad5a14; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<p class="brand">${escape(brand.name)}</p>
<h1>${escape(title)}</h1>
<p>${escape(message)}</p>
<a href="">Try again</a>
</main>
</body>
</html>
`;
}
