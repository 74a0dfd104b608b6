import type { Route } from './+types/robots';

/** /robots.txt: private areas stay out of search results; the sitemap is named with the public origin. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /admin/',
    'Disallow: /api/',
    'Disallow: /cart',
    'Disallow: /newsletter/',
    'Disallow: /checkout',
    'Disallow: /order-confirmation',
    'Disallow: /orders/',
    'Disallow: /profile',
    'Disallow: /reset-password',
    'Disallow: /verify-email',
    'Disallow: /unsubscribe',
    '',
    `Sitemap: ${context.settings.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
