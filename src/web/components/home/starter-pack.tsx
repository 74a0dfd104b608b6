import { Link } from 'react-router';
import { formatPrice, dollarsToCents } from '../../../domain/money';

export interface StarterPackProduct {
  name: string;
  description: string;
  price: number;
  imageUrl: string | null;
}

const flavours = [
  'Classic Chocolate Chunk',
  'Double Chocolate Chunk',
  'Peanut Butter Crunch',
  'White Chocolate & Macadamia',
];

export function StarterPack({ product }: { product: StarterPackProduct }) {
  return (
    <section aria-labelledby="starter-title" className="container-page py-16 md:py-24">
      <div className="grid items-center gap-10 overflow-hidden rounded-[2rem] bg-white p-6 shadow-sm ring-1 ring-beige md:grid-cols-2 md:p-12">
        {product.imageUrl && (
          <img
            src={product.imageUrl}
            alt={product.name}
            width={800}
            height={800}
            loading="lazy"
            decoding="async"
            className="aspect-square w-full rounded-3xl object-cover"
          />
        )}
        <div className="space-y-5">
          <p className="eyebrow">New to Northbite?</p>
          <h2 id="starter-title" className="section-title">
            The Perfect Starter Pack
          </h2>
          <p className="leading-relaxed text-muted">{product.description}</p>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {flavours.map((flavour) => (
              <li key={flavour} className="rounded-xl bg-sand px-4 py-2 text-sm font-medium text-cocoa">
                {flavour}
              </li>
            ))}
          </ul>
          <p className="font-display text-2xl font-semibold text-cocoa">
            {formatPrice(dollarsToCents(product.price))}
            <span className="ml-2 font-sans text-sm font-normal text-muted">Pack of 4</span>
          </p>
          <Link to="/chunky-variety-pack" className="btn-primary">
            Try the Variety Pack
          </Link>
        </div>
      </div>
    </section>
  );
}
