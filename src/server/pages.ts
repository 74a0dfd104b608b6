/**
 * The storefront's pages (web.ts), served by the same app as the API: what a render is given
 * from the configuration and from the catalogue and image modules.
 */
import type { FastifyInstance } from 'fastify';
import type { Storefront } from '../domain/storefront.js';
import type { Config } from './config.js';
import { ensureSeedImages } from './db/seed/images.js';
import { registerWeb, type WebMode } from './web.js';

export async function registerPages(app: FastifyInstance, mode: WebMode, config: Config): Promise<void> {
  const storefront: Storefront = {
    ...app.catalog,
    productReviews: (productId) =>
      app.productReviews.listFor(productId, { sort: 'newest', page: 1 }).catch((error: unknown) => {
        // The page stays up without its reviews, as it does with the database away (decision 0020).
        app.log.warn({ err: error, productId }, 'product reviews could not be read for the page');
        return null;
      }),
    search: (params) => app.catalogSearch.searchParams(params),
  };
  await registerWeb(app, {
    mode,
    upgradeInsecureRequests: config.publicUrl.startsWith('https:'),
    googleSignIn: Boolean(config.googleClientId),
    stripe: Boolean(config.stripe),
    klaviyo: Boolean(config.klaviyoPublicKey),
    catalogVersion: async () => (await app.catalogCache.snapshot()).version,
    renders: config.pageRenders,
    context: {
      storefront,
      siteImages: await ensureSeedImages(app.images),
      settings: {
        publicUrl: config.publicUrl,
        contactEmail: config.contactEmail,
        businessAddress: config.businessAddress,
        instagramUrl: config.instagramUrl,
        googleClientId: config.googleClientId ?? null,
        klaviyoPublicKey: config.klaviyoPublicKey ?? null,
        vitalsSampleRate: config.vitalsSampleRate,
        stripePublishableKey: config.stripe?.publishableKey ?? null,
        freeShippingEmail: config.freeShippingEmail ?? null,
        taxShipping: config.pricing.taxShipping,
        shippingArea: config.pricing.shippingArea,
        business: config.business,
        marketingOptInDefault: config.marketingOptInDefault,
      },
    },
  });
}
