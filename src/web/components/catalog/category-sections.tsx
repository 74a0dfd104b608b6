import { ArrowUp, Check } from 'lucide-react';
import type { CategoryConfig } from '../../../domain/catalog';
import { responsiveImage } from '../../../domain/images';
import { FeatureIcon } from '../feature-icon';

/** The row of feature icons under a category's products. */
export function FeatureRow({ features }: { features: CategoryConfig['features'] }) {
  return (
    <section aria-label="Why you'll love them" className="below-fold border-y border-beige bg-white">
      <ul className="container-page grid grid-cols-2 gap-6 py-10 sm:grid-cols-3 lg:grid-cols-5">
        {features.map((feature) => (
          <li key={feature.label} className="flex flex-col items-center gap-3 text-center">
            <span className="grid h-14 w-14 place-items-center rounded-full bg-sand text-cocoa">
              <FeatureIcon name={feature.icon} className="h-7 w-7" />
            </span>
            <span className="text-sm font-semibold text-cocoa">{feature.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A square scene from md on; on phones a 4:3 crop of it, so the section is not a screen tall. */
function SceneImage({ url, alt }: { url: string; alt: string }) {
  const image = responsiveImage(url);
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes="(min-width: 768px) 45vw, 92vw"
      alt={alt}
      width={800}
      height={800}
      loading="lazy"
      decoding="async"
      className="aspect-[4/3] w-full rounded-3xl object-cover shadow-lg md:aspect-square"
    />
  );
}

export function QualityPromise({
  promise,
  categoryName,
}: {
  promise: CategoryConfig['qualityPromise'];
  categoryName: string;
}) {
  return (
    <section
      aria-labelledby="quality-title"
      className="below-fold container-page grid items-center gap-8 py-12 md:grid-cols-2 md:gap-10 md:py-24"
    >
      <div className="space-y-5">
        <p className="eyebrow">Our quality promise</p>
        <h2 id="quality-title" className="section-title">
          Baked in small batches, never rushed
        </h2>
        <p className="text-lg leading-relaxed text-muted">{promise.text}</p>
      </div>
      {promise.imageUrl && (
        <SceneImage url={promise.imageUrl} alt={`${categoryName} fresh from our Vancouver kitchen`} />
      )}
    </section>
  );
}

export function IngredientHighlight({ highlight }: { highlight: CategoryConfig['ingredientHighlight'] }) {
  return (
    <section aria-labelledby="ingredients-title" className="below-fold bg-sand py-12 md:py-24">
      <div className="container-page grid items-center gap-8 md:grid-cols-2 md:gap-10">
        {highlight.imageUrl && <SceneImage url={highlight.imageUrl} alt={highlight.altText} />}
        <div className="space-y-5">
          <p className="eyebrow">{highlight.tag}</p>
          <h2 id="ingredients-title" className="section-title">
            {highlight.title}
          </h2>
          <p className="leading-relaxed text-muted">{highlight.description}</p>
          <ul className="space-y-3">
            {highlight.points.map((point) => (
              <li key={point} className="flex gap-3">
                <span className="mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-forest text-cream">
                  <Check className="h-3.5 w-3.5" aria-hidden="true" />
                </span>
                <span className="text-ink">{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The scroll-to-header helper: back to the category header and its products. */
export function ScrollToHeader({ targetId }: { targetId: string }) {
  return (
    <div className="container-page flex justify-center py-10">
      <button
        type="button"
        className="btn-outline gap-2"
        onClick={() => {
          const target = document.getElementById(targetId);
          target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          target?.focus({ preventScroll: true });
        }}
      >
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
        Back to the products
      </button>
    </div>
  );
}
