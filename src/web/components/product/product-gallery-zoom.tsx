import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { RefObject } from 'react';
import { responsiveImage } from '../../../domain/images';
import type { Product } from '../../../domain/catalog';

interface ProductGalleryZoomProps {
  images: Product['images'];
  name: string;
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the view closes (the zoom button). */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

/**
 * A product photo enlarged (decision 0061): the largest stored size, with the previous and next
 * photos a button or an arrow key away. Radix's dialog keeps focus inside while open, closes on
 * Escape and gives focus back to the zoom button. Loaded on first use (product-gallery.tsx).
 */
export default function ProductGalleryZoom({
  images,
  name,
  index,
  onIndexChange,
  open,
  onOpenChange,
  returnFocus,
}: ProductGalleryZoomProps) {
  const image = images[index] ?? images[0]!;
  const many = images.length > 1;
  const go = (step: number) => onIndexChange((index + step + images.length) % images.length);
  const { src, srcSet } = responsiveImage(image.url);
  const step =
    'grid h-11 w-11 shrink-0 place-items-center rounded-full bg-white/90 text-cocoa shadow hover:bg-white';

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-ink p-3 outline-none md:p-6"
          aria-describedby={undefined}
          onKeyDown={(event) => {
            if (!many) return;
            if (event.key === 'ArrowRight') go(1);
            else if (event.key === 'ArrowLeft') go(-1);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <div className="flex w-full max-w-[800px] items-center justify-between gap-4 text-cream">
            <Dialog.Title className="font-display text-lg font-semibold text-cream">{name}</Dialog.Title>
            <Dialog.Close className={step}>
              <X className="h-5 w-5" aria-hidden="true" />
              <span className="sr-only">Close the enlarged photo</span>
            </Dialog.Close>
          </div>
          <img
            key={image.url}
            src={src}
            srcSet={srcSet}
            sizes="min(94vw, 78vh, 800px)"
            alt={image.alt}
            width={800}
            height={800}
            className="aspect-square w-[min(94vw,78vh,800px)] rounded-2xl bg-sand object-contain"
          />
          {many && (
            <div className="flex items-center gap-4">
              <button type="button" className={step} onClick={() => go(-1)}>
                <ChevronLeft className="h-5 w-5" aria-hidden="true" />
                <span className="sr-only">Previous photo</span>
              </button>
              <p className="max-w-[60vw] text-center text-sm text-cream" aria-live="polite">
                {`${index + 1} / ${images.length} · ${image.alt}`}
              </p>
              <button type="button" className={step} onClick={() => go(1)}>
                <ChevronRight className="h-5 w-5" aria-hidden="true" />
                <span className="sr-only">Next photo</span>
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
