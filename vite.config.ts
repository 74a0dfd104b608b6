import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Hashed file names under /assets are served with immutable caching.
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // A first visit should fetch a handful of scripts, not twenty: the framework in one chunk,
            // the shop's shared components in another, and one chunk per route.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                {
                  name: 'shop',
                  // Schema modules (zod) and the lazily loaded mobile menu (Radix) stay out.
                  test: /src[\\/](domain[\\/](?!abandoned-cart|marketing|catalog-schemas|zod|account|phone|orders|checkout|recipes|product-admin)|web[\\/](components[\\/](?!chrome[\\/]mobile-menu-dialog|cart[\\/]cart-drawer|home[\\/]|account|checkout|orders|admin)|features[\\/](?!checkout|admin|cart[\\/]restore-cart)|api|nonce|navigation|seo|http-cache))|node_modules[\\/]lucide-react/,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
}));
