import { index, route, type RouteConfig } from '@react-router/dev/routes';

// One file per screen of SPEC §2.
export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx'),
  route('categories/:slug', 'routes/category.tsx'),
  route('chunky-variety-pack', 'routes/variety-pack.tsx'),
  route('products/:slug', 'routes/product.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/shipping', 'routes/checkout-shipping.tsx'),
  route('checkout/payment', 'routes/checkout-payment.tsx'),
  route('order-confirmation', 'routes/order-confirmation.tsx'),
  route('orders/:orderId', 'routes/order-details.tsx'),
  route('track-orders', 'routes/track-orders.tsx'),
  route('admin/dashboard', 'routes/admin-dashboard.tsx'),
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
