import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of ARCHITECTURE.md: domain imports nothing of ours; web never imports server. */
const boundary = (message, layers, packages = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        // Relative imports that climb into another layer's folder.
        { regex: `^(\\.{1,2}/)+(.*/)?(${layers.join('|')})(/|$)`, message },
        ...(packages.length > 0 ? [{ group: packages, message }] : []),
      ],
    },
  ],
});

/**
 * Zones inside the web app (issue 18; decision 0007): shared UI (src/web/components) imports no feature
 * and no route; a feature (a folder of src/web/features) imports no other feature and no route. The
 * feature folders are read from disk, so a new one is a zone at once.
 */
const WEB_FEATURES = readdirSync(new URL('./src/web/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What any component or feature may import of a feature: app-wide state, not a feature's insides. */
const SHARED_FEATURE_PATHS = [
  // The stored session (token and user): app-wide state, which the request helper (web/api.ts) reads too.
  'session/stored-session',
  // The analytics events that the cart, the checkout and signing in all send.
  'marketing/track',
];

/**
 * One zone's import rule: the web app's server boundary again (a later block replaces a rule's
 * options, it does not add to them), then the zone's own. `zone` is 'components' or a feature's
 * folder; `allow` adds paths under features/ (regex) that the files of an exception may import.
 */
function webZone(zone, { allow = [], routes = true } = {}) {
  const shared = [...SHARED_FEATURE_PATHS, ...allow].join('|');
  const features =
    zone === 'components'
      ? {
          regex: `^(\\.\\./)+features/(?!(${shared})$)[^/]+/`,
          message:
            'Shared UI (src/web/components) imports no feature: take data and callbacks as props, or move the component into its feature folder.',
        }
      : {
          regex: `^(\\.\\./)+(features/)?(?!(${shared})$)(${WEB_FEATURES.filter((f) => f !== zone).join('|')})/`,
          message: `A feature imports no other feature (src/web/features/${zone} -> another folder): share through props, the session store, src/web/components or src/domain.`,
        };
  const intoRoutes = {
    regex: '^(\\.\\./)+routes(/|$)',
    message: 'Routes are the top of the web app: components and features do not import them.',
  };
  const server = boundary('The web app must not import server code; read data through loaders or /api.', [
    'server',
  ])['no-restricted-imports'][1].patterns;
  return {
    'no-restricted-imports': ['error', { patterns: [...server, features, ...(routes ? [intoRoutes] : [])] }],
  };
}

/** Imports across the zones that the files named may make, each for its reason. */
const WEB_ZONE_EXCEPTIONS = [
  {
    // The cart's drawer, button and Add to Cart are the cart feature's UI, in components/ from before feature folders.
    files: ['src/web/components/cart/*.tsx', 'src/web/components/product/add-to-cart-button.tsx'],
    zone: 'components',
    allow: ['cart/.+'],
  },
  {
    // The order page's cancel button reads the order texts, which live with the checkout's texts.
    files: ['src/web/components/orders/cancel-order.tsx'],
    zone: 'components',
    allow: ['checkout/texts'],
  },
  {
    // The account screens' parts read the e-mail link rules of the account feature.
    files: ['src/web/components/account/*.tsx'],
    zone: 'components',
    allow: ['account/.+'],
  },
  {
    // A subscription's new card is taken with the checkout's card forms (Stripe's Payment Element,
    // the test card fields) and its bank's confirmation with the checkout's Stripe.js (decision 0059).
    files: ['src/web/components/account/subscription-payment.tsx'],
    zone: 'components',
    allow: [
      'account/.+',
      'checkout/stripe',
      'checkout/components/stripe-payment-element',
      'checkout/components/test-card-fields',
    ],
  },
  {
    // The product page's states are tested by rendering its route module.
    files: ['src/web/components/product/product-states.test.tsx'],
    zone: 'components',
    routes: false,
  },
  {
    // The checkout ends in the cart: an order empties it, forgets the stock it held and the saved
    // cart, and a payment refused for stock updates what the cart shows as left.
    files: ['src/web/features/checkout/**/*.{ts,tsx}'],
    zone: 'checkout',
    allow: ['cart/cart-stock', 'cart/cart-store', 'cart/abandoned-cart'],
  },
  {
    // A restore link (abandoned cart) brings the cart back and signs its owner in.
    files: ['src/web/features/cart/restore-cart.ts'],
    zone: 'cart',
    allow: ['session/session-actions'],
  },
];

export default tseslint.config(
  { ignores: ['build/', 'data/', '.react-router/', 'node_modules/', 'coverage/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary('The web app must not import server code; read data through loaders or /api.', ['server']),
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: boundary(
      'Domain rules are pure: they import no server, web or I/O code.',
      ['server', 'web'],
      [
        'node:*',
        'fs',
        'path',
        'http',
        'pg',
        '@electric-sql/*',
        'drizzle-orm',
        'drizzle-orm/*',
        'fastify',
        'react',
        'react-*',
      ],
    ),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundary('The server reaches the web app only through its built request handler.', ['web']),
  },
  // Services throw domain errors (src/domain/errors.ts) and know no HTTP; only routes import http/errors.
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/routes.ts', 'src/server/modules/**/*-routes.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // A later block's options replace the earlier ones: the server's boundary is repeated here.
            ...boundary('The server reaches the web app only through its built request handler.', ['web'])[
              'no-restricted-imports'
            ][1].patterns,
            {
              regex: '^(\\.{1,2}/)+(.*/)?http/errors(\\.js)?$',
              message:
                'Services throw domain errors (src/domain/errors.ts: NotFoundError, ConflictError, …); http/errors.ts maps them to statuses and is for routes only.',
            },
          ],
        },
      ],
    },
  },
  // Zones inside the web app (issue 18): shared UI, each feature, and the exceptions with their reasons.
  { files: ['src/web/components/**/*.{ts,tsx}'], rules: webZone('components') },
  ...WEB_FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: webZone(feature),
  })),
  ...WEB_ZONE_EXCEPTIONS.map(({ files, zone, ...options }) => ({ files, rules: webZone(zone, options) })),
);
