import { CATEGORY_PAGE_SLUGS } from '../../domain/catalog';
import type { Route } from './+types/sitemap';

const STATIC_PAGES = [
  '/',
  '/shop',
  '/chunky-variety-pack',
  '/about',
  '/contact',
  '/faq',
  '/terms-of-use',
  '/privacy-policy',
  '/accessibility-policy',
  '/refund-policy',
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** /sitemap.xml: every public page and product. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.settings.publicUrl;
  const products = await context.storefront.listProducts();
  const paths = [
    ...STATIC_PAGES,
    ...CATEGORY_PAGE_SLUGS.map((slug) => `/categories/${slug}`),
    ...products.map((p) => `/products/${p.slug}`),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
