import { ZoomIn } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { thumbnailUrl } from '../../../domain/images';
import type { Product } from '../../../domain/catalog';
import { ProductImage } from './product-image';

const loadZoom = () => import('./product-gallery-zoom');
const ProductGalleryZoom = lazy(loadZoom);

interface ProductGalleryProps {
  images: Product['images'];
  /** Names the photos for screen readers ("Photos of …"), and stands in for a missing image. */
  name: string;
  /** The `sizes` of the main image (how wide it shows at each breakpoint). */
  sizes: string;
}

/**
 * The product page's photos (docs/product.md, Product gallery; decision 0061): the first photo is
 * the page's LCP image, preloaded and eager; the others are a row that swipes and snaps on phones
 * (CSS scroll-snap: the browser does the swiping), chosen by thumbnails, and enlarged in a zoom view
 * whose code loads on first use. Every photo is square, so nothing moves as it loads.
 */
export function ProductGallery({ images, name, sizes }: ProductGalleryProps) {
  const [current, setCurrent] = useState(0);
  const [zoom, setZoom] = useState<boolean | null>(null);
  const track = useRef<HTMLDivElement>(null);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const many = images.length > 1;

  if (images.length === 0) return <ProductImage url={null} alt={name} sizes={sizes} priority />;

  const show = (index: number) => {
    setCurrent(index);
    const el = track.current;
    el?.scrollTo({ left: index * el.clientWidth, behavior: 'smooth' });
  };
  // A swipe (or the keyboard in the row) lands on a photo: the thumbnails follow it.
  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    const index = Math.round(el.scrollLeft / el.clientWidth);
    if (index !== current && index >= 0 && index < images.length) setCurrent(index);
  };

  return (
    <div className="space-y-2 md:space-y-3" data-testid="product-gallery">
      <div className="relative">
        <div
          ref={track}
          onScroll={many ? onScroll : undefined}
          // A click on the photo enlarges it too (the button below is the keyboard's way).
          onClick={() => setZoom(true)}
          // Scrollable, so reachable by keyboard (the arrow keys then scroll it).
          tabIndex={many ? 0 : undefined}
          role={many ? 'region' : undefined}
          aria-label={many ? `Photos of ${name}` : undefined}
          className="flex cursor-zoom-in snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl shadow-sm [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maple [&::-webkit-scrollbar]:hidden"
        >
          {images.map((image, index) => (
            <div key={image.url} className="w-full shrink-0 snap-center snap-always">
              <ProductImage
                url={image.url}
                alt={image.alt}
                sizes={sizes}
                // Only the first is the LCP image (preloaded); the rest wait until swiped to.
                priority={index === 0}
              />
            </div>
          ))}
        </div>
        <button
          ref={zoomButton}
          type="button"
          aria-haspopup="dialog"
          onPointerEnter={() => void loadZoom()}
          onFocus={() => void loadZoom()}
          onClick={() => setZoom(true)}
          className="absolute right-2 bottom-2 grid h-10 w-10 place-items-center rounded-full bg-white/90 text-cocoa shadow-sm ring-1 ring-beige hover:bg-white"
        >
          <ZoomIn className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">{`Enlarge photo ${current + 1} of ${images.length}`}</span>
        </button>
      </div>
      {many && (
        <ul className="grid grid-cols-4 gap-1.5 md:grid-cols-5 md:gap-2" aria-label="Choose a photo">
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => show(index)}
                aria-current={index === current ? 'true' : undefined}
                className={`block w-full overflow-hidden rounded-lg ring-offset-2 ring-offset-cream ${
                  index === current ? 'ring-2 ring-maple' : 'opacity-80 ring-1 ring-beige hover:opacity-100'
                }`}
              >
                <img
                  src={thumbnailUrl(image.url)}
                  alt={`Show photo ${index + 1}: ${image.alt}`}
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoom !== null && (
        <Suspense fallback={null}>
          <ProductGalleryZoom
            images={images}
            name={name}
            index={current}
            onIndexChange={show}
            open={zoom}
            onOpenChange={setZoom}
            returnFocus={zoomButton}
          />
        </Suspense>
      )}
    </div>
  );
}
