import { data } from 'react-router';
import { CATEGORY_PAGE_SLUGS, VARIETY_PACK_SLUG } from '../../domain/catalog';
import { BrandStory } from '../components/catalog/brand-story';
import { FeaturesBanner } from '../components/catalog/features-banner';
import { StarterPack } from '../components/catalog/starter-pack';
import { JsonLd } from '../components/json-ld';
import { cardProduct, ProductGrid } from '../components/product/product-card';
import { publicPageHeaders } from '../http-cache';
import { breadcrumbList, pageMeta } from '../seo';
import type { Route } from './+types/shop';

export async function loader({ context }: Route.LoaderArgs) {
  const { storefront, settings, siteImages } = context;
  const categories = await storefront.listCategories();
  const sections = CATEGORY_PAGE_SLUGS.flatMap((slug) => {
    const category = categories.find((c) => c.slug === slug);
    return category
      ? [{ slug, name: category.name, products: category.products.map((p) => cardProduct(p)) }]
      : [];
  });
  const variety = categories.flatMap((c) => c.products).find((p) => p.slug === VARIETY_PACK_SLUG);
  return data({
    origin: settings.publicUrl,
    sections,
    variety: variety ? cardProduct(variety) : null,
    brandStoryImage: siteImages['scene-brand-story'],
  });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Shop',
    description:
      'Shop chunky protein cookies, energy bites, granola and the variety pack. Gluten-free, no added sugar, sweetened with dates and maple.',
    origin: page.origin,
    path: '/shop',
  });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { origin, sections, variety, brandStoryImage } = loaderData;
  return (
    <>
      <JsonLd
        data={breadcrumbList(origin, [
          { name: 'Home', path: '/' },
          { name: 'Shop', path: '/shop' },
        ])}
      />
      <header className="bg-sand py-8 text-center md:py-16">
        <p className="eyebrow">Fresh from our Vancouver kitchen</p>
        <h1 className="mt-2 font-display text-4xl font-bold sm:text-5xl">Shop Our Snacks</h1>
      </header>
      {sections.map((section, i) => (
        <section
          key={section.slug}
          aria-labelledby={`section-${section.slug}`}
          // The first section holds the largest image of a phone's first screen; the rest wait.
          className={`container-page py-8 md:py-16${i === 0 ? '' : ' below-fold'}`}
        >
          <div className="mb-5 flex flex-wrap items-end justify-between gap-4 md:mb-8">
            <h2 id={`section-${section.slug}`} className="section-title">
              {section.name}
            </h2>
          </div>
          <ProductGrid products={section.products} aboveTheFold={i === 0} />
        </section>
      ))}
      {variety && <StarterPack product={variety} />}
      <BrandStory imageUrl={brandStoryImage} />
      <FeaturesBanner />
    </>
  );
}
