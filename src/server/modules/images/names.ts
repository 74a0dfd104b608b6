/**
 * The names of stored images (decision 0030): the path under /images, as the naming rules make
 * them.
 *
 * - `products/<24 hex>-800w.webp` and its `-400w` sibling (uploads/product-images.ts);
 * - `seed/<key>-<10 hex>-<width>w.webp` and its half-width sibling (db/seed/images.ts);
 * - `seed/nutrition-<slug>-<10 hex>.svg` (the nutrition panels).
 *
 * Only lowercase letters, digits and single hyphens, in one folder of two: no `..`, no second slash,
 * no dot but the extension's. Every request name is checked against this before any lookup.
 */
import { variantUrls } from '../../../domain/images.js';

const NAME = /^(?:products|seed)\/[a-z0-9]+(?:-[a-z0-9]+)*\.(?:webp|svg)$/;
/** Far beyond any name the rules make; bounds what is looked up. */
const MAX_NAME_LENGTH = 160;

export const IMAGE_URL_PREFIX = '/images/';

export function isImageName(name: string): boolean {
  return name.length <= MAX_NAME_LENGTH && NAME.test(name);
}

/** The content type a name's extension stands for (the only two the rules make). */
export function contentTypeOf(name: string): string | null {
  if (name.endsWith('.webp')) return 'image/webp';
  if (name.endsWith('.svg')) return 'image/svg+xml';
  return null;
}

/** `/images/<name>` → `<name>`, or null for a URL that names no stored image. */
export function imageNameOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(IMAGE_URL_PREFIX)) return null;
  const name = url.slice(IMAGE_URL_PREFIX.length);
  return isImageName(name) ? name : null;
}

export const imageUrlOf = (name: string): string => `${IMAGE_URL_PREFIX}${name}`;

/**
 * The names a stored URL keeps alive: the image itself and, for a sized one, every smaller size of
 * it (the srcset and thumbnail rule of src/domain/images.ts).
 */
export function namesReferencedBy(url: string | null | undefined): string[] {
  if (!imageNameOf(url)) return [];
  return variantUrls(url!)
    .map(imageNameOf)
    .filter((name): name is string => name !== null);
}
