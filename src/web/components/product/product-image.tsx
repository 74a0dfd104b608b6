import { responsiveImage } from '../../../domain/images';
import { messages } from '../../../domain/messages';

interface ProductImageProps {
  url: string | null;
  alt: string;
  /** The `sizes` attribute: how wide the image shows at each breakpoint. */
  sizes: string;
  /** The page's main image: loaded eagerly with high priority (and preloaded by React). */
  priority?: boolean;
  /** Above the fold but not the main image: loaded eagerly at normal priority. */
  eager?: boolean;
  className?: string;
}

/** A square product image from its responsive variants, or the spec's 'No Image Available'. */
export function ProductImage({
  url,
  alt,
  sizes,
  priority = false,
  eager = false,
  className = '',
}: ProductImageProps) {
  if (!url) {
    return (
      <div
        className={`grid aspect-square w-full place-items-center bg-sand text-sm font-medium text-muted ${className}`}
      >
        {messages.noImage}
      </div>
    );
  }
  const image = responsiveImage(url);
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={alt}
      width={image.width ?? 800}
      height={image.width ?? 800}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      className={`aspect-square w-full object-cover ${className}`}
    />
  );
}
