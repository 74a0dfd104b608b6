import { Clock, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { brand } from '../../domain/brand';
import { idealTimeOfDay, sizeLabel, VARIETY_PACK_SLUG, type Product } from '../../domain/catalog';
import { messages } from '../../domain/messages';
import { dollarsToCents, formatPrice, formatPriceShort } from '../../domain/money';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '../../domain/free-shipping';
import { isSlug } from '../../domain/slug';
import { nutritionFactsTable } from '../../domain/nutrition-facts';
import { Breadcrumbs } from '../components/catalog/breadcrumbs';
import { FaqList } from '../components/content/faq-list';
import { JsonLd } from '../components/json-ld';
import { AddToCartButton, LowStockNote } from '../components/product/add-to-cart-button';
import { NutritionComparison } from '../components/product/nutrition-comparison';
import { NutritionFactsTable } from '../components/product/nutrition-facts-table';
import { VarietyPackFacts, varietyFlavourFacts } from '../components/catalog/variety-pack-facts';
import { NutritionLabelDialog } from '../components/product/nutrition-label-dialog';
import { ProductGallery } from '../components/product/product-gallery';
import { ProductImage } from '../components/product/product-image';
import { PurchaseOptions } from '../components/product/purchase-options';
import { QuantitySelector } from '../components/product/quantity-selector';
import type { SubscriptionChoice } from '../../domain/subscriptions';
import { StickyAddToCart } from '../components/product/sticky-add-to-cart';
import { toCartProduct } from '../../domain/cart';
import { track } from '../features/marketing/track';
import { publicPageHeaders } from '../http-cache';
import { breadcrumbList, pageMeta, productJsonLd } from '../seo';
import type { Route } from './+types/product';
import { useShippingAreaNote } from '../shipping-note';

/**
 * The reviews (decision 0063): rendered on the server with the page, their code loaded after the
 * page's first scripts, and hydrated once it is here (React keeps the server's HTML meanwhile).
 */
const ProductReviews = lazy(() => import('../components/product/product-reviews'));

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // A draft's preview link (decision 0065): the page as it will be, for whoever holds the link.
  const preview = new URL(request.url).searchParams.get('preview');
  const product = !isSlug(params.slug)
    ? null
    : preview
      ? await context.storefront.getProductPreview(params.slug, preview)
      : await context.storefront.getProduct(params.slug);
  if (!product) throw data(null, { status: 404 });
  // Read only when there are published ones (the snapshot's rating says so): most pages have none.
  const reviews = product.rating.count > 0 ? await context.storefront.productReviews(product.id) : null;
  // Rounded on the server: the page's scripts carry no rounding rules (decision 0062).
  const nutritionFacts = product.nutrition_facts && nutritionFactsTable(product.nutrition_facts);
  // The variety pack's cookies each have their own table (docs/product.md, Nutrition Facts).
  const flavourFacts =
    product.slug === VARIETY_PACK_SLUG ? await varietyFlavourFacts(context.storefront) : [];
  return data({
    origin: context.settings.publicUrl,
    product,
    reviews,
    nutritionFacts,
    flavourFacts,
    preview: Boolean(preview),
  });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page)
    return [{ title: `${messages.productNotFound} | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
  const { product, origin, preview } = page;
  if (preview)
    return [{ title: `Preview: ${product.name} | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: product.name,
    description: `${product.description} ${sizeLabel(product)}, ${formatPrice(dollarsToCents(product.price))} CAD.`,
    origin,
    path: `/products/${product.slug}`,
    image: product.image_url,
    type: 'product',
  });
}

/** Highlights split in two columns beside the image: the first three left, the rest right. */
function Highlights({ product }: { product: Product }) {
  if (product.highlights.length === 0) return null;
  const left = product.highlights.slice(0, 3);
  const right = product.highlights.slice(3);
  const column = (items: Product['highlights'], testId: string) => (
    <ul className="space-y-6" data-testid={testId}>
      {items.map((h) => (
        <li key={h.heading} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-beige">
          <h3 className="flex items-center gap-2 font-display text-lg font-semibold">
            <Sparkles className="h-4 w-4 text-maple" aria-hidden="true" />
            {h.heading}
          </h3>
          <p className="mt-1 text-sm leading-relaxed text-muted">{h.subheading}</p>
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby="highlights-title" className="below-fold container-page py-16">
      <h2 id="highlights-title" className="section-title text-center">
        Why you'll love it
      </h2>
      <div className="mt-10 grid items-center gap-8 md:grid-cols-3">
        {column(left, 'highlights-left')}
        {/* Decorative (the gallery has every photo): its second, not the first again; left out on phones. */}
        <ProductImage
          url={product.images[1]?.url ?? product.image_url}
          alt=""
          sizes="30vw"
          className="hidden rounded-3xl md:block"
        />
        {column(right, 'highlights-right')}
      </div>
    </section>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, origin, reviews, preview } = loaderData;
  const shippingNote = useShippingAreaNote();
  const [wanted, setQuantity] = useState(1);
  const [subscription, setSubscription] = useState<SubscriptionChoice | null>(null);
  // Never more than is left (the stock may have dropped since the quantity was chosen).
  const quantity = product.stock ? Math.min(wanted, product.stock) : wanted;
  const cartProduct = toCartProduct(product);
  const buyBox = useRef<HTMLDivElement>(null);
  const pageEnd = useRef<HTMLDivElement>(null);
  const path = `/products/${product.slug}`;
  const trail = [
    { name: 'Home', path: '/' },
    { name: 'Shop', path: '/shop' },
    { name: product.name, path },
  ];

  useEffect(() => {
    track('Viewed Product', {
      ProductName: product.name,
      ProductID: product.id,
      Categories: [product.category || 'Chunky Protein Cookies'],
      Price: product.price,
      URL: window.location.href,
    });
  }, [product]);

  return (
    <>
      {preview && (
        <p role="note" className="bg-cocoa px-4 py-2 text-center text-sm font-semibold text-cream">
          Preview: this is how the page will look. Shoppers see it only once the product is active.
        </p>
      )}
      <JsonLd data={{ '@context': 'https://schema.org', ...productJsonLd(origin, product, reviews) }} />
      <JsonLd data={breadcrumbList(origin, trail)} />
      <Breadcrumbs trail={trail} />
      <section className="container-page product-hero pt-4 pb-10 md:py-12">
        <div>
          <ProductGallery images={product.images} name={product.name} sizes="(min-width: 768px) 48vw, 38vw" />
        </div>
        <div className="flex flex-col gap-2 self-center">
          <p className="eyebrow">{product.category}</p>
          <h1 className="text-2xl leading-tight font-bold sm:text-3xl md:text-4xl lg:text-5xl">
            {product.name}
          </h1>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="font-display text-2xl font-semibold text-cocoa md:text-3xl">
              {formatPrice(dollarsToCents(product.price))}
            </p>
            <p className="text-sm text-muted">{sizeLabel(product)}</p>
          </div>
          <LowStockNote stock={product.stock} className="self-start" />
        </div>
        <div className="space-y-3">
          {product.stock !== 0 && (
            <PurchaseOptions
              name={product.name}
              price={product.price}
              percent={product.subscribe_save_percent}
              value={subscription}
              onChange={setSubscription}
            />
          )}
          <div ref={buyBox} className="flex items-center gap-3">
            <QuantitySelector
              value={quantity}
              onChange={setQuantity}
              label={`Quantity of ${product.name}`}
              max={product.stock}
              disabled={product.stock === 0}
            />
            <AddToCartButton
              product={cartProduct}
              quantity={quantity}
              stock={product.stock}
              subscription={subscription}
              className="btn-primary min-h-12 flex-1 md:flex-none md:px-10"
            />
          </div>
          <p className="text-sm text-muted">
            {`Free shipping on orders over ${formatPriceShort(FREE_SHIPPING_THRESHOLD_CENTS)} · Ships in 3-7 business days`}
            <span className="block">{shippingNote}</span>
          </p>
        </div>
        <div className="space-y-5 border-t border-beige pt-6">
          <p className="leading-relaxed text-muted md:text-lg">{product.description}</p>
          {product.features.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Features">
              {product.features.map((feature) => (
                <li key={feature} className="rounded-full bg-sand px-3 py-1.5 text-sm font-medium text-cocoa">
                  {feature}
                </li>
              ))}
            </ul>
          )}
          <p className="flex items-center gap-2 text-sm text-ink">
            <Clock className="h-4 w-4 text-maple" aria-hidden="true" />
            <span>
              Best time to eat: <strong>{idealTimeOfDay(product)}</strong>
            </span>
          </p>
          {product.nutrition_info && <p className="text-sm text-muted">{product.nutrition_info}</p>}
          {product.nutrition_label && (
            <NutritionLabelDialog url={product.nutrition_label} productName={product.name} />
          )}
        </div>
      </section>
      <StickyAddToCart
        product={cartProduct}
        quantity={quantity}
        stock={product.stock}
        subscription={subscription}
        buyBox={buyBox}
        end={pageEnd}
      />

      <Highlights product={product} />

      <section
        aria-labelledby="ingredients-title"
        className="below-fold container-page grid gap-10 pb-16 md:grid-cols-2"
      >
        <div>
          <h2 id="ingredients-title" className="font-display text-2xl font-semibold">
            Ingredients
          </h2>
          {product.ingredients.length > 0 ? (
            <p className="mt-3 leading-relaxed text-ink">{product.ingredients.join(', ')}.</p>
          ) : (
            <p className="mt-3 text-muted">{messages.noIngredients}</p>
          )}
        </div>
        <div>
          <h2 className="font-display text-2xl font-semibold">Allergens</h2>
          {product.allergens.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2">
              {product.allergens.map((allergen) => (
                <li
                  key={allergen}
                  className="rounded-full border border-beige bg-white px-3 py-1.5 text-sm text-ink"
                >
                  {allergen}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-muted">{messages.noAllergens}</p>
          )}
        </div>
      </section>

      {loaderData.flavourFacts.length > 0 ? (
        <VarietyPackFacts flavours={loaderData.flavourFacts} allergens={[]} />
      ) : (
        <NutritionFactsTable table={loaderData.nutritionFacts} />
      )}

      {/* Nothing to compare with: a table of 'N/A' would say nothing (docs/product.md, Product page). */}
      {product.competitors.length > 0 && (
        <NutritionComparison nutrition={product.nutrition} competitors={product.competitors} />
      )}

      <section aria-labelledby="faq-title" className="below-fold container-page max-w-3xl py-16">
        <h2 id="faq-title" className="section-title text-center">
          Frequently asked questions
        </h2>
        {product.faqs.length > 0 ? (
          <FaqList items={product.faqs} className="mt-8" />
        ) : (
          <p className="mt-6 text-center text-muted">{messages.noFaqs}</p>
        )}
      </section>
      <Suspense fallback={null}>
        <ProductReviews key={product.slug} slug={product.slug} initial={reviews} />
      </Suspense>
      {/* Where the page's content ends: the sticky bar makes way for the footer from here on. */}
      <div ref={pageEnd} />
    </>
  );
}

/** Unknown product: 'Product not found' (the loader answers 404). */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error('Failed to load product', error);
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-6 py-24 text-center">
      <h1 role="alert" className={`font-display text-3xl font-semibold ${notFound ? '' : 'text-danger'}`}>
        {notFound ? messages.productNotFound : messages.categoryFailed}
      </h1>
      <Link to="/shop" className="btn-primary">
        Browse all snacks
      </Link>
    </section>
  );
}
