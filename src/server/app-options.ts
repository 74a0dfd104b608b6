/** What buildApp is given (app.ts): the configuration, the database, and what tests put in place. */
import type { JWTVerifyGetKey } from 'jose';
import type { Transporter } from 'nodemailer';
import type Stripe from 'stripe';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { ImageStore } from './modules/images/index.js';
import type { WebMode } from './web.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the pages too; API tests leave it out. */
  web?: WebMode;
  /** Overrides SMTP_URL with a ready transport (tests). */
  mailTransport?: Transporter;
  /** Overrides how the reviews service reaches Google (tests). */
  reviewsFetch?: typeof fetch;
  /** Overrides Google's published keys for verifying Google ID tokens (tests). */
  googleKeys?: JWTVerifyGetKey;
  /** A Stripe client to use instead of one made from STRIPE_SECRET_KEY (tests). */
  stripeClient?: Stripe;
  /** Overrides how the Klaviyo sign-up job reaches Klaviyo (tests). */
  klaviyoFetch?: typeof fetch;
  /**
   * The image store, when the caller made it already (tests seed into it first); its caller closes
   * it. Otherwise one is made from the configuration and closed with the app.
   */
  images?: ImageStore;
  /**
   * A DATA_DIR whose `images/` folder (where versions before decision 0030 kept images) is imported
   * into the store before anything is served, once (modules/images/legacy-import.ts). main.ts
   * passes it.
   */
  importImagesFrom?: string;
}
