/**
 * Responsive images. Every image the shop serves under /images is stored at a width written in its
 * name (`…-800w.webp`) with a sibling at half that width (`…-400w.webp`). Seeded artwork and admin
 * uploads both follow this rule, so any page can build a srcset from the one stored URL.
 */
const SIZED = /^(.*)-(\d+)w\.webp$/;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  width?: number;
}

/** The src and srcset for a stored image URL; plain URLs are returned as they are. */
export function responsiveImage(url: string): ResponsiveImage {
  const match = SIZED.exec(url);
  if (!match) return { src: url };
  const [, base, w] = match;
  const width = Number(w);
  const half = Math.round(width / 2);
  return { src: url, srcSet: `${base}-${half}w.webp ${half}w, ${url} ${width}w`, width };
}

/** The smaller (half-width) variant of a sized image, for thumbnails; other URLs as they are. */
export function thumbnailUrl(url: string): string {
  const match = SIZED.exec(url);
  return match ? `${match[1]}-${Math.round(Number(match[2]) / 2)}w.webp` : url;
}
