import { Check, Cookie, Droplet, Dumbbell, Leaf } from 'lucide-react';
import { useEffect } from 'react';
import { data } from 'react-router';
import { brand } from '../../domain/brand';
import { VARIETY_PACK_SLUG } from '../../domain/catalog';
import { responsiveImage } from '../../domain/images';
import { InstagramGlyph } from '../components/brand-marks';
import { Breadcrumbs } from '../components/catalog/breadcrumbs';
import { ScrollingBanner } from '../components/catalog/scrolling-banner';
import { StarterPack, VARIETY_FLAVOURS } from '../components/catalog/starter-pack';
import { VarietyPackFacts, varietyFlavourFacts } from '../components/catalog/variety-pack-facts';
import { FeatureIcon } from '../components/feature-icon';
import { JsonLd } from '../components/json-ld';
import { cardProduct } from '../components/product/product-card';
import { ProductImage } from '../components/product/product-image';
import { track } from '../features/marketing/track';
import { publicPageHeaders } from '../http-cache';
import { breadcrumbList, pageMeta, productJsonLd } from '../seo';
import type { Route } from './+types/variety-pack';

const PATH = '/chunky-variety-pack';

export async function loader({ context }: Route.LoaderArgs) {
  const { storefront, settings, siteImages } = context;
  // A failure leaves the page without the pack section; it is only logged.
  const [product, flavourFacts] = await Promise.all([
    storefront.getProduct(VARIETY_PACK_SLUG).catch((error: unknown) => {
      console.error('Failed to fetch variety pack product', error);
      return null;
    }),
    varietyFlavourFacts(storefront),
  ]);
  return data({
    origin: settings.publicUrl,
    instagramUrl: settings.instagramUrl,
    instagramPhotos: [1, 2, 3, 4, 5, 6].flatMap((n) => siteImages[`scene-instagram-${n}`] ?? []),
    product: product && cardProduct(product),
    allergens: product?.allergens ?? [],
    flavourFacts,
  });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Chunky Protein Cookie Variety Pack',
    description:
      'All four chunky protein cookie flavours in one box: 20 g of protein each, sweetened with dates, made with coconut oil, gluten-free.',
    origin: page.origin,
    path: PATH,
    image: page.product?.image_url,
    type: 'product',
  });
}

const sellingPoints = [
  { icon: Cookie, label: 'Freshly Baked' },
  { icon: Dumbbell, label: 'Packed with 20g of protein' },
  { icon: Droplet, label: 'Made with Coconut Oil' },
  { icon: null, label: 'Sweetened with Dates' },
  { icon: Leaf, label: 'No Preservatives' },
] as const;

const scrollToPack = () =>
  document.getElementById('variety-pack')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

export default function VarietyPackPage({ loaderData }: Route.ComponentProps) {
  const { origin, product, instagramUrl, instagramPhotos, flavourFacts, allergens } = loaderData;
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Shop', path: '/shop' },
    { name: 'Variety Pack', path: PATH },
  ];

  useEffect(() => {
    if (!product) return;
    track('Viewed Product', {
      ProductName: product.name,
      ProductID: product.id,
      Categories: [product.category || 'Variety Pack'],
      Price: product.price,
      URL: window.location.href,
    });
  }, [product]);

  const handle = instagramUrl.replace(/\/+$/, '').split('/').pop() ?? brand.instagramHandle;

  return (
    <>
      {product && <JsonLd data={{ '@context': 'https://schema.org', ...productJsonLd(origin, product) }} />}
      <JsonLd data={breadcrumbList(origin, trail)} />
      <Breadcrumbs trail={trail} />
      <section
        aria-labelledby="variety-title"
        className="container-page grid items-center gap-10 py-10 md:grid-cols-2 md:py-16"
      >
        <div className="space-y-6">
          <p className="eyebrow">The Chunky Protein Cookie Variety Pack</p>
          <h1 id="variety-title" className="font-display text-5xl leading-[1.05] font-bold sm:text-6xl">
            4 Flavours in 1 Pack
          </h1>
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="The four flavours">
            {VARIETY_FLAVOURS.map((flavour) => (
              <li key={flavour} className="flex items-center gap-2 font-medium text-cocoa">
                <Check className="h-4 w-4 text-forest" aria-hidden="true" />
                {flavour}
              </li>
            ))}
          </ul>
          <ul className="flex flex-wrap gap-2" aria-label="Made with">
            {['Sweetened with Dates', 'Made with Coconut Oil', 'Gluten-Free'].map((tag) => (
              <li key={tag} className="rounded-full bg-sand px-3 py-1.5 text-sm font-medium text-cocoa">
                {tag}
              </li>
            ))}
          </ul>
          <button type="button" className="btn-primary px-8 text-base" onClick={scrollToPack}>
            Shop Now
          </button>
        </div>
        {product && (
          <ProductImage
            url={product.image_url}
            alt={product.name}
            sizes="(min-width: 768px) 45vw, 92vw"
            priority
            className="rounded-3xl shadow-lg"
          />
        )}
      </section>

      <section aria-label="Why this pack" className="below-fold bg-forest text-cream">
        <ul className="container-page grid grid-cols-2 gap-6 py-10 sm:grid-cols-3 lg:grid-cols-5">
          {sellingPoints.map(({ icon: Icon, label }) => (
            <li key={label} className="flex flex-col items-center gap-3 text-center">
              <span className="grid h-14 w-14 place-items-center rounded-full bg-white/10">
                {Icon ? (
                  <Icon className="h-7 w-7" aria-hidden="true" />
                ) : (
                  <FeatureIcon name="date" className="h-7 w-7" />
                )}
              </span>
              <span className="text-sm font-semibold">{label}</span>
            </li>
          ))}
        </ul>
      </section>

      {product && <StarterPack product={product} id="variety-pack" buyBox />}

      <VarietyPackFacts flavours={flavourFacts} allergens={allergens} />

      <ScrollingBanner text="Chunky Protein Cookie Variety Pack" />

      <section aria-labelledby="instagram-title" className="below-fold container-page py-16 md:py-24">
        <div className="text-center">
          <p className="eyebrow">@{handle}</p>
          <h2 id="instagram-title" className="section-title mt-2">
            Follow us on Instagram
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">
            Snack ideas, new flavours and behind-the-scenes from our Vancouver kitchen.
          </p>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4">
          {instagramPhotos.map((url, i) => {
            const image = responsiveImage(url);
            return (
              <li key={url}>
                <a
                  href={instagramUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="group block overflow-hidden rounded-2xl"
                  aria-label={`Photo ${i + 1} on our Instagram (opens in a new tab)`}
                >
                  <img
                    src={image.src}
                    srcSet={image.srcSet}
                    sizes="(min-width: 640px) 30vw, 46vw"
                    alt=""
                    width={800}
                    height={800}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full object-cover transition group-hover:scale-105"
                  />
                </a>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 text-center">
          <a href={instagramUrl} target="_blank" rel="noopener noreferrer" className="btn-outline gap-2">
            <InstagramGlyph />
            Follow @{handle}
          </a>
        </div>
      </section>
    </>
  );
}
