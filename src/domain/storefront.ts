/**
 * What server-rendered pages may read. The server implements it with its catalogue and review
 * services and hands it to page loaders through React Router's load context; the pages depend on
 * this interface only, never on server code.
 */
import type { Category, Product } from './catalog.js';
import type { ProductReviewPage } from './product-review-schemas.js';
import type { SearchAnswer, SearchParams } from './search-schemas.js';
import type { BusinessIdentity } from './receipt.js';
import type { ShippingArea } from './shipping-areas.js';

export interface Storefront {
  listCategories(): Promise<Category[]>;
  getCategory(slug: string): Promise<Category | null>;
  listProducts(): Promise<Product[]>;
  getProduct(slug: string): Promise<Product | null>;
  /**
   * A product by slug, draft or active, for the holder of a preview link the admin made (decision
   * 0065); null when the token is not a live link to that product.
   */
  getProductPreview(slug: string, token: string): Promise<Product | null>;
  /**
   * The first page of a product's published reviews, newest first, with their summary (decision
   * 0063); null when they cannot be read now (the page shows the product without them).
   */
  productReviews(productId: number): Promise<ProductReviewPage | null>;
  /** Catalogue search (decision 0064): the answer, or the problem with the query, in words. */
  search(params: SearchParams): Promise<{ answer: SearchAnswer } | { problem: string }>;
}

/** Settings the browser may know (no secrets). */
export interface PublicSettings {
  publicUrl: string;
  contactEmail: string;
  /** The business's mailing address on one line (BUSINESS_ADDRESS), shown in the footer. */
  businessAddress: string;
  instagramUrl: string;
  googleClientId: string | null;
  klaviyoPublicKey: string | null;
  /** The share of page loads whose Web Vitals are reported (decision 0072); 0: none. */
  vitalsSampleRate: number;
  stripePublishableKey: string | null;
  /**
   * The account that ships free (docs/product.md, Prices, shipping and tax); checkout compares the
   * signed-in user's e-mail with it.
   */
  freeShippingEmail: string | null;
  /** Shipping taxed like the goods it carries (TAX_SHIPPING, decision 0066). */
  taxShipping: boolean;
  /** Where the shop ships and at what rates (SHIPPING_PROVINCES, SHIPPING_RATES; decision 0068). */
  shippingArea: ShippingArea;
  /** Who issues receipts (decision 0069): legal name, address, GST/HST number. */
  business: BusinessIdentity;
  /** Whether the registration form's marketing boxes start ticked (MARKETING_OPT_IN_DEFAULT). */
  marketingOptInDefault: 'checked' | 'unchecked';
}

/** URLs of the site's own illustrations (hero, brand story, ...), keyed by name. */
export type SiteImages = Readonly<Record<string, string>>;

/** The load context every page loader receives. */
export interface PageContext {
  storefront: Storefront;
  settings: PublicSettings;
  siteImages: SiteImages;
  /**
   * A marker nonce for the inline scripts the renderer writes; the server swaps it for their hashes
   * in the page's Content-Security-Policy (decision 0032). Empty in development.
   */
  cspNonce: string;
}
