/**
 * Responsive images. Every image the shop serves under /images is stored at a width written in its
 * name (`…-800w.webp`) with a sibling at half that width (`…-400w.webp`); an image 1200 px wide or
 * more also has one at two thirds (`…-800w.webp`), which is what a phone asks for when the image
 * spans the screen. Seeded artwork and admin uploads both follow this rule, so any page can build a
 * srcset from the one stored URL.
 */
const SIZED = /^(.*)-(\d+)w\.webp$/;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  width?: number;
}

/** The widths an image stored at `width` is kept at, smallest first (the rule above). */
export function variantWidths(width: number): number[] {
  const half = Math.round(width / 2);
  return width >= 1200 ? [half, Math.round((width * 2) / 3), width] : [half, width];
}

/** The src and srcset for a stored image URL; plain URLs are returned as they are. */
export function responsiveImage(url: string): ResponsiveImage {
  const match = SIZED.exec(url);
  if (!match) return { src: url };
  const [, base, w] = match;
  const width = Number(w);
  const srcSet = variantWidths(width)
    .map((size) => `${base}-${size}w.webp ${size}w`)
    .join(', ');
  return { src: url, srcSet, width };
}

/** Every stored size of a sized image URL, smallest first; other URLs as they are. */
export function variantUrls(url: string): string[] {
  const match = SIZED.exec(url);
  if (!match) return [url];
  return variantWidths(Number(match[2])).map((size) => `${match[1]}-${size}w.webp`);
}

/** The smaller (half-width) variant of a sized image, for thumbnails; other URLs as they are. */
export function thumbnailUrl(url: string): string {
  const match = SIZED.exec(url);
  return match ? `${match[1]}-${Math.round(Number(match[2]) / 2)}w.webp` : url;
}
