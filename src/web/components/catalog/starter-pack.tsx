import { useState } from 'react';
import { Link } from 'react-router';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import { toCartProduct } from '../../../domain/cart';
import type { SubscriptionChoice } from '../../../domain/subscriptions';
import { AddToCartButton, LowStockNote } from '../product/add-to-cart-button';
import type { CardProduct } from '../product/product-card';
import { ProductImage } from '../product/product-image';
import { PurchaseOptions } from '../product/purchase-options';
import { QuantitySelector } from '../product/quantity-selector';

export type StarterPackProduct = CardProduct;

export const VARIETY_FLAVOURS = [
  'Classic Chocolate Chunk',
  'Double Chocolate Chunk',
  'Peanut Butter Crunch',
  'White Chocolate & Macadamia',
] as const;

/**
 * 'The Perfect Starter Pack': the variety pack with its four flavours, the product page's One-time /
 * Subscribe choice (decision 0056), quantity and Add to Cart. On the variety pack page (`buyBox`) the
 * choice is there at every width, as on a product page. Where the section closes another page
 * (home, /shop, the cookies), phones keep the compact section of decision 0055 and the choice shows
 * from `md` on; once Subscribe is chosen it stays in view at any width, so what is added is on screen.
 */
export function StarterPack({
  product,
  id = 'starter-pack',
  buyBox = false,
}: {
  product: StarterPackProduct;
  id?: string;
  /** The section is the page's buy box (the variety pack page). */
  buyBox?: boolean;
}) {
  const [quantity, setQuantity] = useState(1);
  const [subscription, setSubscription] = useState<SubscriptionChoice | null>(null);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      // Closing another page it sits far below the fold; as the variety pack page's buy box it does not.
      className={`container-page scroll-mt-24 py-8 md:py-24${buyBox ? '' : ' below-fold'}`}
    >
      <div className="grid items-center gap-6 overflow-hidden rounded-[2rem] bg-white p-5 shadow-sm ring-1 ring-beige md:grid-cols-2 md:gap-10 md:p-12">
        {/* A smaller picture on phones keeps the price and Add to Cart near the heading. */}
        <Link
          to={`/products/${product.slug}`}
          tabIndex={-1}
          aria-hidden="true"
          className="mx-auto block w-48 md:w-auto"
        >
          <ProductImage
            url={product.image_url}
            alt=""
            sizes="(min-width: 768px) 40vw, 12rem"
            className="rounded-3xl"
          />
        </Link>
        <div className="space-y-4 md:space-y-5">
          <p className="eyebrow">New to Northbite?</p>
          <h2 id={`${id}-title`} className="section-title">
            The Perfect Starter Pack
          </h2>
          <p className="leading-relaxed text-muted">{product.description}</p>
          <ul className="grid grid-cols-2 gap-2" aria-label="Flavours in the pack">
            {VARIETY_FLAVOURS.map((flavour) => (
              <li
                key={flavour}
                className="rounded-xl bg-sand px-3 py-2 text-sm font-medium text-cocoa sm:px-4"
              >
                {flavour}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <p className="font-display text-2xl font-semibold text-cocoa">
              {formatPrice(dollarsToCents(product.price))}
              <span className="ml-2 font-sans text-sm font-normal text-muted">Pack of 4</span>
            </p>
            <LowStockNote stock={product.stock} />
          </div>
          {product.stock !== 0 && (
            <div className={buyBox || subscription ? undefined : 'hidden md:block'}>
              <PurchaseOptions
                name={product.name}
                price={product.price}
                percent={product.subscribe_save_percent}
                value={subscription}
                onChange={setSubscription}
              />
            </div>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <QuantitySelector
              value={quantity}
              onChange={setQuantity}
              label={`Quantity of ${product.name}`}
              max={product.stock}
              disabled={product.stock === 0}
            />
            <AddToCartButton
              product={toCartProduct(product)}
              quantity={quantity}
              stock={product.stock}
              subscription={subscription}
            />
            <Link
              to={`/products/${product.slug}`}
              className="text-sm font-semibold text-maple-dark underline-offset-4 hover:underline"
            >
              See what's inside
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
