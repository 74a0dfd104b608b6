import { lazy, Suspense } from 'react';
import { data } from 'react-router';
import { brand } from '../../domain/brand';
import { CATEGORY_PAGE_SLUGS, VARIETY_PACK_SLUG } from '../../domain/catalog';
import { formatAmount, dollarsToCents } from '../../domain/money';
import { schemaAvailability } from '../../domain/stock';
import { BenefitsStrip } from '../components/home/benefits-strip';
import { Bestsellers } from '../components/home/bestsellers';
import { Hero } from '../components/home/hero';
import { StarterPack } from '../components/catalog/starter-pack';
import { JsonLd } from '../components/json-ld';
import { cardProduct } from '../components/product/product-card';
import { publicPageHeaders } from '../http-cache';
import { websiteJsonLd } from '../seo';
import type { Route } from './+types/home';

// Below the fold: rendered on the server like the rest, but their scripts load after the page's
// own, so a phone's first visit downloads less before it paints (decision 0035). React hydrates
// each section when its script arrives; until then the server's HTML stands.
const ComparisonTable = lazy(() =>
  import('../components/home/comparison-table').then((m) => ({ default: m.ComparisonTable })),
);
const ReviewsSection = lazy(() =>
  import('../components/home/reviews-section').then((m) => ({ default: m.ReviewsSection })),
);
const NewsletterBanner = lazy(() =>
  import('../components/home/newsletter-banner').then((m) => ({ default: m.NewsletterBanner })),
);

const TITLE = `${brand.name} | High-Protein Cookies, Energy Bites & Granola Made in Canada`;
const DESCRIPTION =
  'Chunky protein cookies with 20 g of protein, energy bites and maple granola. Gluten-free, no added sugar, no preservatives, sweetened with dates. Baked in small batches in Vancouver, BC.';

export async function loader({ context }: Route.LoaderArgs) {
  const { storefront, settings, siteImages } = context;
  const categories = await storefront.listCategories();
  // Categories come with their products, in shop order: one catalogue read serves the whole page.
  const products = categories.flatMap((c) => c.products);
  const variety = products.find((p) => p.slug === VARIETY_PACK_SLUG);
  return data({
    // Only what the page shows or puts in its structured data: loader data travels twice, in the
    // HTML and again in the hydration payload.
    site: {
      publicUrl: settings.publicUrl,
      contactEmail: settings.contactEmail,
      instagramUrl: settings.instagramUrl,
    },
    products: products.map((p) => ({
      name: p.name,
      slug: p.slug,
      sku: p.sku,
      description: p.description,
      image: p.image_url,
      category: p.category,
      price: p.price,
      stock: p.stock,
    })),
    heroImage: siteImages['scene-hero'],
    bestsellers: CATEGORY_PAGE_SLUGS.flatMap((slug) => {
      const category = categories.find((c) => c.slug === slug);
      if (!category) return [];
      return [
        {
          slug: category.slug,
          name: category.name,
          description: category.description,
          imageUrl: category.products[0]?.image_url ?? null,
          productCount: category.products.length,
        },
      ];
    }),
    starterPack: variety ? cardProduct(variety) : null,
  });
}

export const headers = publicPageHeaders;

type HomeData = Awaited<ReturnType<typeof loader>>['data'];

/** The organisation and the ten products with CAD offers (schema.org), for search engines. */
function structuredData(site: HomeData['site'], products: HomeData['products']) {
  const url = (path: string) => new URL(path, site.publicUrl).href;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': `${site.publicUrl}/#organization`,
        name: brand.name,
        url: site.publicUrl,
        email: site.contactEmail,
        logo: url('/favicon.svg'),
        sameAs: [site.instagramUrl],
      },
      websiteJsonLd(site.publicUrl),
      {
        '@type': 'ItemList',
        name: `${brand.name} snacks`,
        itemListElement: products.map((p, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          item: {
            '@type': 'Product',
            name: p.name,
            sku: p.sku ?? undefined,
            description: p.description,
            image: p.image ? url(p.image) : undefined,
            url: url(`/products/${p.slug}`),
            brand: { '@type': 'Brand', name: brand.name },
            category: p.category,
            offers: {
              '@type': 'Offer',
              price: formatAmount(dollarsToCents(p.price)),
              priceCurrency: brand.currency,
              availability: schemaAvailability(p.stock),
              url: url(`/products/${p.slug}`),
            },
          },
        })),
      },
    ],
  };
}

export function meta({ data: page }: Route.MetaArgs) {
  return [
    { title: TITLE },
    { name: 'description', content: DESCRIPTION },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: TITLE },
    { property: 'og:description', content: DESCRIPTION },
    ...(page ? [{ tagName: 'link', rel: 'canonical', href: `${page.site.publicUrl}/` }] : []),
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={structuredData(loaderData.site, loaderData.products)} />
      <p className="bg-forest-dark py-2.5 text-center text-sm font-medium text-cream">
        Fuel your day with healthy, sustainable snacks.
      </p>
      <Hero imageUrl={loaderData.heroImage} />
      <BenefitsStrip />
      <Bestsellers categories={loaderData.bestsellers} />
      <Suspense>
        <ComparisonTable />
      </Suspense>
      {loaderData.starterPack && <StarterPack product={loaderData.starterPack} />}
      <Suspense>
        <ReviewsSection />
        <NewsletterBanner />
      </Suspense>
    </>
  );
}
