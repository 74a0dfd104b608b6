import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { productSummary, sizeLabel, type Product, type ProductSummary } from '../../../domain/catalog';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import { toCartProduct } from '../../../domain/cart';
import type { SubscriptionChoice } from '../../../domain/subscriptions';
import { AddToCartButton, LowStockNote } from './add-to-cart-button';
import { ProductImage } from './product-image';
import { QuantitySelector } from './quantity-selector';
import { StarRating } from './star-rating';
import { SubscribeToggle } from './subscribe-toggle';

/**
 * Card sizes in the 1/2/3/4-column grid, for the browser's image choice. In the one-column layout
 * of extra-small screens the image is a 7 rem thumbnail beside the text (decision 0051).
 */
const CARD_SIZES = '(min-width: 1024px) 22vw, (min-width: 768px) 30vw, (min-width: 640px) 45vw, 7rem';

/**
 * What a card shows: the summary, the units left (decision 0022; null for made to order) and the
 * subscribe-and-save percentage (decision 0056).
 */
export type CardProduct = ProductSummary &
  Pick<Product, 'stock' | 'subscribe_save_percent' | 'rating' | 'tax_class'>;

/** A catalogue product as the page sends it to the browser for a card or the starter pack. */
export function cardProduct(p: CardProduct): CardProduct {
  return {
    ...productSummary(p),
    stock: p.stock,
    subscribe_save_percent: p.subscribe_save_percent,
    rating: p.rating,
    // The cart's tax estimate reads it (decision 0066).
    tax_class: p.tax_class,
  };
}

/**
 * Image, name, description, size line, price, quantity (default 1) and Add to Cart, with
 * 'Only N left' under the threshold and a disabled 'Sold out' button (docs/product.md, Catalogue).
 * On extra-small screens the card lies flat: a square thumbnail beside the name, the description
 * (two lines), size and price, and the stepper and Add to Cart across the bottom; from `sm` on it
 * stands up, image on top (decision 0051), and above the stepper offers to subscribe (decision
 * 0056), as the product page does for every product it sells. A phone's card stays compact
 * (decision 0055): the choice is not shown there unless Subscribe was ticked at a wider width, so
 * that what Add to Cart adds is always on screen.
 */
export function ProductCard({
  product,
  headingLevel: Heading = 'h3',
  imageLoading = 'lazy',
  highlighted,
}: {
  product: CardProduct;
  /** The name and description as search results show them, with the matched words marked. */
  highlighted?: { name: ReactNode; description: ReactNode };
  headingLevel?: 'h2' | 'h3';
  /** The first cards of a page are above the fold: 'priority' for the first, 'eager' for its row. */
  imageLoading?: 'priority' | 'eager' | 'lazy';
}) {
  const [quantity, setQuantity] = useState(1);
  const [subscription, setSubscription] = useState<SubscriptionChoice | null>(null);
  const href = `/products/${product.slug}`;
  return (
    <article className="product-card h-full overflow-hidden rounded-3xl border border-beige bg-white shadow-sm">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden">
        <ProductImage
          url={product.image_url}
          alt=""
          sizes={CARD_SIZES}
          priority={imageLoading === 'priority'}
          eager={imageLoading === 'eager'}
          className="transition hover:scale-[1.03]"
        />
      </Link>
      <div className="flex min-w-0 flex-col gap-1 sm:gap-2">
        <Heading className="font-display text-lg leading-snug font-semibold sm:text-xl">
          <Link to={href} className="hover:text-maple-dark">
            {highlighted?.name ?? product.name}
          </Link>
        </Heading>
        {product.rating.count > 0 && (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <StarRating value={product.rating.average} />
            <span>
              {product.rating.count}
              <span className="sr-only"> reviews</span>
            </span>
          </p>
        )}
        <p className="line-clamp-2 text-sm leading-relaxed text-muted sm:line-clamp-none sm:flex-1">
          {highlighted?.description ?? product.description}
        </p>
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <p className="font-display text-xl font-semibold text-cocoa sm:text-2xl">
            {formatPrice(dollarsToCents(product.price))}
          </p>
          <p className="text-sm text-muted">{sizeLabel(product)}</p>
          <LowStockNote stock={product.stock} />
        </div>
      </div>
      <div className="flex flex-col gap-3">
        {product.stock !== 0 && (
          <SubscribeToggle
            name={product.name}
            price={product.price}
            percent={product.subscribe_save_percent}
            value={subscription}
            onChange={setSubscription}
            className={subscription ? undefined : 'hidden sm:block'}
          />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <QuantitySelector
            value={quantity}
            onChange={setQuantity}
            label={`Quantity of ${product.name}`}
            size="sm"
            max={product.stock}
            disabled={product.stock === 0}
          />
          <AddToCartButton
            product={toCartProduct(product)}
            quantity={quantity}
            stock={product.stock}
            subscription={subscription}
            className="btn-primary min-h-10 flex-1 px-4 py-2 whitespace-nowrap"
          />
        </div>
      </div>
    </article>
  );
}

/** The card grid: 1, 2, 3 and 4 columns from extra-small to large screens. */
export function ProductGrid({
  products,
  headingLevel,
  aboveTheFold = false,
}: {
  products: CardProduct[];
  headingLevel?: 'h2' | 'h3';
  /** The grid opens the page: its first row loads at once instead of lazily. */
  aboveTheFold?: boolean;
}) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            imageLoading={aboveTheFold && i === 0 ? 'priority' : aboveTheFold && i < 4 ? 'eager' : 'lazy'}
          />
        </li>
      ))}
    </ul>
  );
}
