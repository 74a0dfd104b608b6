import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

export interface BestsellerCard {
  slug: string;
  name: string;
  description: string;
  imageUrl: string | null;
  productCount: number;
}

export function Bestsellers({ categories }: { categories: BestsellerCard[] }) {
  return (
    <section aria-labelledby="bestsellers-title" className="below-fold container-page py-16 md:py-24">
      <div className="text-center">
        <p className="eyebrow">Fan favourites</p>
        <h2 id="bestsellers-title" className="section-title mt-2">
          Explore Our Bestsellers
        </h2>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={`/categories/${category.slug}`}
              className="group flex h-full flex-col overflow-hidden rounded-3xl border border-beige bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-lg"
            >
              {category.imageUrl ? (
                <img
                  src={category.imageUrl}
                  alt=""
                  width={800}
                  height={800}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              ) : (
                <div className="aspect-square w-full bg-sand" />
              )}
              <div className="flex flex-1 flex-col gap-2 p-6">
                <h3 className="font-display text-2xl font-semibold">{category.name}</h3>
                <p className="flex-1 text-sm leading-relaxed text-muted">{category.description}</p>
                <span className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-maple-dark">
                  Shop {category.productCount} {category.productCount === 1 ? 'flavour' : 'flavours'}
                  <ArrowRight className="h-4 w-4 transition group-hover:translate-x-1" aria-hidden="true" />
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
