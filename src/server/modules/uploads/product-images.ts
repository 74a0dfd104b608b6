/**
 * Product image uploads: checked by their bytes (JPEG, PNG or WebP, whatever the name or header
 * says), limited in size and in pixels, re-encoded by sharp into WebP at 800 and 400 px under a random
 * name (the naming rule of src/domain/images.ts), and kept in the image store (modules/images), from
 * which every instance serves them with immutable caching. Re-encoding also drops metadata (location,
 * camera) and anything hidden after the image data.
 */
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { DomainError, TooLargeError, UnsupportedTypeError } from '../../../domain/errors.js';
import type { ImageStore } from '../images/store.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** 40 megapixels: any real product photo fits; a decompression bomb does not. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const WIDTH = 800;

export const UNSUPPORTED_IMAGE = 'The image must be a JPEG, PNG or WebP file.';
export const IMAGE_TOO_LARGE = 'The image must be at most 5 MB.';
export const TOO_MANY_PIXELS = 'The image is too large: at most 40 megapixels.';

/** Stores an uploaded product image and answers its public URL (`/images/products/…-800w.webp`). */
export async function storeProductImage(store: ImageStore, bytes: Buffer): Promise<string> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new TooLargeError(IMAGE_TOO_LARGE);
  let meta: Metadata;
  try {
    // Reads the header only: the dimensions are known before anything is decoded.
    meta = await sharp(bytes).metadata();
  } catch {
    throw new UnsupportedTypeError(UNSUPPORTED_IMAGE);
  }
  const { format, width = 0, height = 0 } = meta;
  if (!format || !ACCEPTED.has(format)) throw new UnsupportedTypeError(UNSUPPORTED_IMAGE);
  if (width * height > MAX_IMAGE_PIXELS) throw new TooLargeError(TOO_MANY_PIXELS);

  const base = randomBytes(12).toString('hex');
  // Both sizes are encoded before either is stored: a broken file stores nothing.
  const variants: [number, Buffer][] = [];
  try {
    for (const w of [WIDTH, WIDTH / 2]) {
      const encoded = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize(w, w, { fit: 'cover', position: 'attention' })
        .webp({ quality: w < WIDTH ? 78 : 82, effort: 4 })
        .toBuffer();
      variants.push([w, encoded]);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // Valid header, broken data (a truncated file): still the uploader's problem.
    throw new UnsupportedTypeError(UNSUPPORTED_IMAGE);
  }
  const url = `/images/products/${base}-${WIDTH}w.webp`;
  try {
    for (const [w, encoded] of variants)
      await store.put(`products/${base}-${w}w.webp`, encoded, 'image/webp');
  } catch (error) {
    // One size stored and the other not: neither is left behind.
    await removeProductImage(store, url).catch(() => {});
    throw error;
  }
  return url;
}

/** Removes both sizes of an image stored by `storeProductImage` (its write was refused). */
export async function removeProductImage(store: ImageStore, url: string): Promise<void> {
  const base = /^\/images\/products\/([0-9a-f]{24})-\d+w\.webp$/.exec(url)?.[1];
  if (!base) return;
  await Promise.all([WIDTH, WIDTH / 2].map((w) => store.delete(`products/${base}-${w}w.webp`)));
}

/**
 * Stores the image (if any), runs the product write with its URL, and removes the image again when
 * the write is refused or fails, so no image is left that no product shows.
 */
export async function withStoredImage<T>(
  store: ImageStore,
  bytes: Buffer | null,
  write: (imageUrl: string | null) => Promise<T>,
): Promise<T> {
  const imageUrl = bytes ? await storeProductImage(store, bytes) : null;
  try {
    return await write(imageUrl);
  } catch (error) {
    if (imageUrl) await removeProductImage(store, imageUrl).catch(() => {});
    throw error;
  }
}

/**
 * Stores several uploaded images (a gallery upload, decision 0061), runs the write with their URLs in
 * the order sent, and removes every one of them again when a file is refused or the write fails.
 */
export async function withStoredImages<T>(
  store: ImageStore,
  files: Buffer[],
  write: (imageUrls: string[]) => Promise<T>,
): Promise<T> {
  const imageUrls: string[] = [];
  const removeAll = () => Promise.all(imageUrls.map((url) => removeProductImage(store, url).catch(() => {})));
  try {
    for (const bytes of files) imageUrls.push(await storeProductImage(store, bytes));
    return await write(imageUrls);
  } catch (error) {
    await removeAll();
    throw error;
  }
}
