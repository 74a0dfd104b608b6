import { index, route, type RouteConfig } from '@react-router/dev/routes';

// One file per screen of SPEC §2.
export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx'),
  route('categories/:slug', 'routes/category.tsx'),
  route('chunky-variety-pack', 'routes/variety-pack.tsx'),
  route('products/:slug', 'routes/product.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('faq', 'routes/faq.tsx'),
  // The four policy pages share one module; each needs its own route id.
  route('terms-of-use', 'routes/policy.tsx', { id: 'policy-terms' }),
  route('privacy-policy', 'routes/policy.tsx', { id: 'policy-privacy' }),
  route('accessibility-policy', 'routes/policy.tsx', { id: 'policy-accessibility' }),
  route('refund-policy', 'routes/policy.tsx', { id: 'policy-refund' }),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
