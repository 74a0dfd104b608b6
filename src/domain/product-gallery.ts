/**
 * A product's photo gallery (docs/product.md, Product gallery; decision 0061): an ordered list of
 * stored images, each with the alt text shoppers' screen readers read. The first image is the
 * product's `image_url` (cards, cart, orders, feeds). The server and the admin form use this file;
 * storefront pages read `images` from the product shape and never load it.
 */
import { containsNul, NUL_MESSAGE, wellFormed } from './text.js';
import { z } from './zod.js';

/** Photos per product: plenty for pack, close-ups and servings, and a bound on the page's weight. */
export const MAX_GALLERY_IMAGES = 12;
/** Photos one upload may carry (each at most 5 MB, as the single product image). */
export const MAX_GALLERY_UPLOAD_FILES = 6;
/** Characters of one alt text: a sentence, as WCAG's guidance for informative images asks. */
export const MAX_ALT_LENGTH = 250;

export const GALLERY_FULL = `A product has at most ${MAX_GALLERY_IMAGES} images: delete one first.`;
export const GALLERY_MISMATCH =
  "Send every image of the product's gallery exactly once, in the new order (it changed meanwhile?).";

export interface GalleryImage {
  url: string;
  alt: string;
}

/**
 * The gallery as shoppers get it: the stored rows in order, or, for a product whose image was
 * written without them (an operator's SQL), that image alone described by the product's name.
 */
export function productGallery(
  imageUrl: string | null,
  name: string,
  rows: readonly GalleryImage[],
): GalleryImage[] {
  if (rows.length > 0) return rows.map(({ url, alt }) => ({ url, alt }));
  return imageUrl ? [{ url: imageUrl, alt: name }] : [];
}

/** The alt text of a photo nobody described yet: the product's name (never empty for shoppers). */
export const defaultAlt = (productName: string): string => productName.trim().slice(0, MAX_ALT_LENGTH);

/**
 * Whether `wanted` is a new order of exactly the images `current` holds (each once, none added,
 * none missing): the rule a reorder must pass, so two admins editing at once cannot lose a photo.
 */
export function isReorderOf(current: readonly string[], wanted: readonly string[]): boolean {
  if (current.length !== wanted.length) return false;
  const left = new Set(current);
  for (const url of wanted) if (!left.delete(url)) return false;
  return left.size === 0;
}

const altText = z
  .string({ message: 'alt must be text.' })
  .transform(wellFormed)
  .refine((value) => !containsNul(value), { message: NUL_MESSAGE })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, { message: 'alt: describe the image (shoppers who cannot see it hear this).' })
      .max(MAX_ALT_LENGTH, { message: `alt must be at most ${MAX_ALT_LENGTH} characters.` }),
  );

export const galleryImageSchema = z.strictObject({
  url: z.string().min(1).max(300, { message: 'url must be at most 300 characters.' }),
  alt: altText,
});

/** PATCH /api/products/{id}/images: the whole gallery in its new order, with each alt text. */
export const galleryOrderSchema = z.strictObject({
  images: z
    .array(galleryImageSchema)
    .min(1, { message: 'images: send the gallery (at least one image).' })
    .max(MAX_GALLERY_IMAGES, { message: GALLERY_FULL }),
});

/** DELETE /api/products/{id}/images?url=…: the image to take out of the gallery. */
export const galleryDeleteQuerySchema = z.strictObject({
  url: z.string().min(1, { message: 'url: name the image to delete.' }).max(300),
});

export type GalleryOrder = z.infer<typeof galleryOrderSchema>;
