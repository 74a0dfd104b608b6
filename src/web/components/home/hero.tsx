import { Link } from 'react-router';
import { responsiveImage } from '../../../domain/images';

export function Hero({ imageUrl }: { imageUrl: string | undefined }) {
  return (
    <section className="relative overflow-hidden bg-sand">
      <div className="container-page grid items-center gap-8 py-12 md:grid-cols-2 md:py-20">
        <div className="space-y-6 text-center md:text-left">
          <p className="eyebrow">High-protein snacks, baked in Canada</p>
          <h1 className="font-display text-5xl leading-[1.05] font-bold text-cocoa sm:text-6xl lg:text-7xl">
            Snack Smarter, Live Better
          </h1>
          <p className="mx-auto max-w-md text-lg leading-relaxed text-muted md:mx-0">
            Chunky cookies with 20 g of protein, energy bites and maple granola. Sweetened with dates, made
            with coconut oil, and never a gram of added sugar.
          </p>
          <Link to="/shop" className="btn-primary px-8 text-base">
            SHOP ALL PRODUCTS
          </Link>
        </div>
        {imageUrl && (
          <img
            {...responsiveImage(imageUrl)}
            sizes="(min-width: 768px) 46vw, 92vw"
            alt="A stack of chunky protein cookies with energy bites and chocolate chunks"
            width={1200}
            height={800}
            fetchPriority="high"
            className="aspect-[3/2] w-full rounded-3xl object-cover shadow-xl"
          />
        )}
      </div>
    </section>
  );
}
