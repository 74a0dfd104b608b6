import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { brand } from '../../domain/brand';
import { CATEGORY_PAGE_SLUGS, VARIETY_PACK_SLUG } from '../../domain/catalog';
import { messages } from '../../domain/messages';
import { Breadcrumbs } from '../components/catalog/breadcrumbs';
import {
  FeatureRow,
  IngredientHighlight,
  QualityPromise,
  ScrollToHeader,
} from '../components/catalog/category-sections';
import { ScrollingBanner } from '../components/catalog/scrolling-banner';
import { StarterPack } from '../components/catalog/starter-pack';
import { JsonLd } from '../components/json-ld';
import { cardProduct, ProductGrid } from '../components/product/product-card';
import { publicPageHeaders } from '../http-cache';
import { breadcrumbList, pageMeta, productJsonLd } from '../seo';
import type { Route } from './+types/category';

const isCategoryPage = (slug: string): slug is (typeof CATEGORY_PAGE_SLUGS)[number] =>
  (CATEGORY_PAGE_SLUGS as readonly string[]).includes(slug);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { storefront, settings } = context;
  if (!isCategoryPage(params.slug)) throw data(null, { status: 404 });
  const isCookies = params.slug === 'chunky-protein-cookies';
  const [category, variety] = await Promise.all([
    storefront.getCategory(params.slug),
    isCookies ? storefront.getProduct(VARIETY_PACK_SLUG) : Promise.resolve(null),
  ]);
  if (!category) throw data(null, { status: 404 });
  const products = category.products.map((p) => cardProduct(p));
  return data({
    origin: settings.publicUrl,
    category: {
      slug: category.slug,
      name: category.name,
      description: category.description,
      config: category.config,
    },
    products,
    variety: variety ? cardProduct(variety) : null,
  });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [{ title: `Category not found | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: page.category.name,
    description: page.category.description,
    origin: page.origin,
    path: `/categories/${page.category.slug}`,
    image: page.products[0]?.image_url,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { origin, category, products, variety } = loaderData;
  const path = `/categories/${category.slug}`;
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Shop', path: '/shop' },
    { name: category.name, path },
  ];
  const isCookies = category.slug === 'chunky-protein-cookies';
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: category.name,
          url: `${origin}${path}`,
          numberOfItems: products.length,
          itemListElement: products.map((p, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            item: productJsonLd(origin, p),
          })),
        }}
      />
      <JsonLd data={breadcrumbList(origin, trail)} />
      <Breadcrumbs trail={trail} />
      <section
        id="category-header"
        tabIndex={-1}
        aria-labelledby="category-title"
        className="container-page scroll-mt-24 py-10 outline-none md:py-14"
      >
        <div className="mb-10 max-w-2xl">
          <h1 id="category-title" className="font-display text-4xl font-bold sm:text-5xl">
            {category.name}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-muted">{category.description}</p>
        </div>
        <ProductGrid products={products} headingLevel="h2" aboveTheFold />
      </section>
      {category.config && (
        <>
          <FeatureRow features={category.config.features} />
          <QualityPromise promise={category.config.qualityPromise} categoryName={category.name} />
          <IngredientHighlight highlight={category.config.ingredientHighlight} />
        </>
      )}
      <ScrollingBanner text={isCookies ? 'The Perfect Starter Pack' : category.name} />
      {isCookies && variety && <StarterPack product={variety} />}
      <ScrollToHeader targetId="category-header" />
    </>
  );
}

/** Unknown category or a failed load: the spec's message in the error colour. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) console.error('Failed to load category', error);
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-6 py-24 text-center">
      <p role="alert" className="font-display text-2xl font-semibold text-danger">
        {messages.categoryFailed}
      </p>
      <Link to="/shop" className="btn-primary">
        Browse all snacks
      </Link>
    </section>
  );
}
