import type { MetaDescriptor } from 'react-router';
import { brand } from '../domain/brand';
import { dollarsToCents, formatAmount } from '../domain/money';
import type { ProductReviewPage } from '../domain/product-review-schemas';
import { schemaAvailability } from '../domain/stock';

export interface PageSeo {
  title: string;
  description: string;
  /** absolute origin (PUBLIC_URL) */
  origin: string;
  /** path of the canonical URL, e.g. '/shop' */
  path: string;
  image?: string | null;
  noindex?: boolean;
  type?: 'website' | 'product' | 'article';
}

/** Title, description, canonical URL and social cards for a page. */
export function pageMeta({
  title,
  description,
  origin,
  path,
  image,
  noindex,
  type = 'website',
}: PageSeo): MetaDescriptor[] {
  const fullTitle = title === brand.name ? title : `${title} | ${brand.name}`;
  const url = `${origin}${path}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: brand.name },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: new URL(image, origin).href }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    ...(noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
  ];
}

/**
 * schema.org WebSite with its SearchAction (decision 0064): search engines may offer a search box
 * for the shop that lands on /search.
 */
export function websiteJsonLd(origin: string) {
  return {
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: brand.name,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** schema.org BreadcrumbList for the trail of a page. */
export function breadcrumbList(origin: string, trail: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

/**
 * schema.org Product with a CAD offer, OutOfStock when it is sold out (docs/product.md, Catalogue).
 * `image` lists every photo of the gallery, the first first (decision 0061).
 */
/** The product's photos as absolute URLs: its gallery, or its one image; undefined with none. */
function productImageUrls(
  origin: string,
  p: { image_url: string | null; images?: readonly { url: string }[] },
) {
  const urls = p.images?.length ? p.images.map((image) => image.url) : p.image_url ? [p.image_url] : [];
  return urls.length > 0 ? urls.map((url) => new URL(url, origin).href) : undefined;
}

export function productJsonLd(
  origin: string,
  p: {
    name: string;
    slug: string;
    sku: string | null;
    description: string;
    image_url: string | null;
    images?: readonly { url: string }[];
    price: number;
    category: string;
    stock: number | null;
  },
  reviews?: Pick<ProductReviewPage, 'summary' | 'reviews'> | null,
) {
  const url = `${origin}/products/${p.slug}`;
  // Only from real, published reviews (decision 0063): Google asks for the reviews it rates on.
  const rated = reviews && reviews.summary.count > 0 ? reviews : null;
  return {
    '@type': 'Product',
    name: p.name,
    sku: p.sku ?? undefined,
    description: p.description,
    image: productImageUrls(origin, p),
    url,
    category: p.category,
    brand: { '@type': 'Brand', name: brand.name },
    offers: {
      '@type': 'Offer',
      price: formatAmount(dollarsToCents(p.price)),
      priceCurrency: brand.currency,
      availability: schemaAvailability(p.stock),
      itemCondition: 'https://schema.org/NewCondition',
      url,
    },
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rated.summary.average,
            reviewCount: rated.summary.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: rated.reviews.map((r) => ({
            '@type': 'Review',
            name: r.title,
            reviewBody: r.text,
            datePublished: r.created_at.slice(0, 10),
            author: { '@type': 'Person', name: r.author },
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
