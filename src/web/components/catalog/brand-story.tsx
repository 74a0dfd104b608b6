import { useLocation } from 'react-router';
import { responsiveImage } from '../../../domain/images';

/** Scrolls to the variety-pack section when the page has one, else to the top of the page. */
function scrollToVarietyOrTop() {
  const target = document.getElementById('starter-pack') ?? document.getElementById('variety-pack');
  if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  else window.scrollTo({ top: 0, behavior: 'smooth' });
}

/** 'Where Smart Snacking Meets Heart'. Its 'Shop Now' button is not shown on /shop itself. */
export function BrandStory({ imageUrl }: { imageUrl: string | undefined }) {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="brand-story-title" className="below-fold bg-sand py-10 md:py-24">
      <div className="container-page grid items-center gap-10 md:grid-cols-2">
        {/* Decorative beside the story; on phones it would be a screen of scrolling, so it is not shown
            there (a lazy image that is not displayed is not fetched). */}
        {imageUrl && (
          <img
            {...responsiveImage(imageUrl)}
            sizes="(min-width: 768px) 45vw, 92vw"
            alt="A baker's bench with a bowl of cookie dough, dates, oats and maple syrup"
            width={1200}
            height={800}
            loading="lazy"
            decoding="async"
            className="hidden aspect-[3/2] w-full rounded-3xl object-cover shadow-lg md:block"
          />
        )}
        <div className="space-y-4 md:space-y-5">
          <p className="eyebrow">Our story</p>
          <h2 id="brand-story-title" className="section-title">
            Where Smart Snacking Meets Heart
          </h2>
          <p className="leading-relaxed text-muted">
            Northbite began in a small Vancouver kitchen with one question: why should a snack with real
            protein taste like a compromise? We bake every batch with whole ingredients, sweeten with Medjool
            dates and pure maple, and skip the added sugar and preservatives entirely.
          </p>
          <p className="leading-relaxed text-muted">
            The result is a chunky, bakery-style cookie, a bite-sized energy ball and a crunchy granola that
            fuel a morning run, an afternoon meeting or a late-night craving, and that we are proud to put our
            name on.
          </p>
          {pathname !== '/shop' && (
            <button type="button" className="btn-primary" onClick={scrollToVarietyOrTop}>
              Shop Now
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
