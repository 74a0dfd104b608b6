/**
 * A product's gallery in the database (decision 0061): its ordered rows in `product_images`, and
 * `products.image_url`, which is always the first row's URL. Everything that writes either goes
 * through here, in the caller's transaction, so the two never disagree for cards, the cart, orders,
 * feeds and garbage collection, which read `image_url` only.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../../domain/errors.js';
import {
  GALLERY_FULL,
  defaultAlt,
  GALLERY_MISMATCH,
  isReorderOf,
  MAX_GALLERY_IMAGES,
  type GalleryImage,
} from '../../../domain/product-gallery.js';
import type { Database, Transaction } from '../../db/client.js';
import { productImages, products } from '../../db/schema.js';
import { PRODUCT_NOT_FOUND } from '../stock/adjustments.js';

type Db = Pick<Database, 'select'>;

/** Every gallery row of these products, in gallery order (one query, as the catalogue's reads). */
export async function galleryRows(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: productImages.productId, url: productImages.url, alt: productImages.alt })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
}

/** Locks the product (one gallery edit at a time) and answers its gallery, in order. */
async function lockedGallery(tx: Transaction, productId: number) {
  const [product] = await tx
    .select({ name: products.name, isActive: products.isActive })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const gallery: GalleryImage[] = await tx
    .select({ url: productImages.url, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return { name: product.name, isActive: product.isActive, gallery };
}

/** Writes the gallery as `images` says, in that order, and `image_url` as its first. */
async function writeGallery(tx: Transaction, productId: number, images: GalleryImage[]): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (images.length > 0) {
    await tx
      .insert(productImages)
      .values(images.map(({ url, alt }, position) => ({ productId, position, url, alt })));
  }
  await tx
    .update(products)
    .set({ imageUrl: images[0]?.url ?? null, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

/**
 * The product's one image (the product form's photo, or a new product's): it becomes the gallery's
 * first, in place of the first there was, keeping that one's alt text.
 */
export async function replaceFirstImage(tx: Transaction, productId: number, url: string): Promise<void> {
  const { name, gallery } = await lockedGallery(tx, productId);
  const rest = gallery.slice(1).filter((image) => image.url !== url);
  await writeGallery(tx, productId, [{ url, alt: gallery[0]?.alt ?? defaultAlt(name) }, ...rest]);
}

/**
 * Adds uploaded images at the end of the gallery, at most MAX_GALLERY_IMAGES in all, each described
 * by the product's name until the admin writes better.
 */
export async function appendImages(tx: Transaction, productId: number, urls: string[]): Promise<void> {
  const { name, gallery } = await lockedGallery(tx, productId);
  if (gallery.length + urls.length > MAX_GALLERY_IMAGES) throw new ConflictError(GALLERY_FULL);
  await writeGallery(tx, productId, [...gallery, ...urls.map((url) => ({ url, alt: defaultAlt(name) }))]);
}

/** The gallery in a new order with new alt texts: exactly the images it holds (else 409). */
export async function reorderImages(
  tx: Transaction,
  productId: number,
  wanted: GalleryImage[],
): Promise<void> {
  const { gallery } = await lockedGallery(tx, productId);
  const urls = wanted.map((image) => image.url);
  if (
    !isReorderOf(
      gallery.map((image) => image.url),
      urls,
    )
  ) {
    throw new ConflictError(GALLERY_MISMATCH);
  }
  await writeGallery(tx, productId, wanted);
}

/** Takes one image out of the gallery; the next becomes the first. The stored file is left to GC. */
export async function removeImage(tx: Transaction, productId: number, url: string): Promise<void> {
  const { gallery, isActive } = await lockedGallery(tx, productId);
  if (!gallery.some((image) => image.url === url)) {
    throw new NotFoundError('This product has no such image.');
  }
  // Shoppers never see a product without a photo (decision 0065): make it a draft first.
  if (isActive && gallery.length === 1) {
    throw new ConflictError(
      'This is the only photo of an active product. Add another first, or make the product a draft.',
    );
  }
  await writeGallery(
    tx,
    productId,
    gallery.filter((image) => image.url !== url),
  );
}
