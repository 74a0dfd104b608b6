/**
 * Product image uploads: checked by their bytes (JPEG, PNG or WebP, whatever the name or header
 * says), limited in size and in pixels, re-encoded by sharp into WebP at 800 and 400 px under a random
 * name (the naming rule of src/domain/images.ts), and served from our own origin with immutable caching.
 * Re-encoding also drops metadata (location, camera) and anything hidden after the image data.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { DomainError, TooLargeError, UnsupportedTypeError } from '../../../domain/errors.js';
import { imagesDir } from '../../db/seed/images.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** 40 megapixels: any real product photo fits; a decompression bomb does not. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const WIDTH = 800;

export const UNSUPPORTED_IMAGE = 'The image must be a JPEG, PNG or WebP file.';
export const IMAGE_TOO_LARGE = 'The image must be at most 5 MB.';
export const TOO_MANY_PIXELS = 'The image is too large: at most 40 megapixels.';

/** Stores an uploaded product image and answers its public URL (`/images/products/…-800w.webp`). */
export async function storeProductImage(dataDir: string, bytes: Buffer): Promise<string> {
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

  const dir = join(imagesDir(dataDir), 'products');
  await mkdir(dir, { recursive: true });
  const base = randomBytes(12).toString('hex');
  try {
    for (const w of [WIDTH, WIDTH / 2]) {
      const file = join(dir, `${base}-${w}w.webp`);
      const tmp = `${file}.${process.pid}.tmp`;
      await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize(w, w, { fit: 'cover', position: 'attention' })
        .webp({ quality: w < WIDTH ? 78 : 82, effort: 4 })
        .toFile(tmp);
      await rename(tmp, file);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // Valid header, broken data (a truncated file): still the uploader's problem.
    throw new UnsupportedTypeError(UNSUPPORTED_IMAGE);
  }
  return `/images/products/${base}-${WIDTH}w.webp`;
}

/** Removes both sizes of an image stored by `storeProductImage` (its write was refused). */
export async function removeProductImage(dataDir: string, url: string): Promise<void> {
  const base = /^\/images\/products\/([0-9a-f]{24})-\d+w\.webp$/.exec(url)?.[1];
  if (!base) return;
  const dir = join(imagesDir(dataDir), 'products');
  await Promise.all([WIDTH, WIDTH / 2].map((w) => rm(join(dir, `${base}-${w}w.webp`), { force: true })));
}

/**
 * Stores the image (if any), runs the product write with its URL, and removes the image again when
 * the write is refused or fails, so no file is left that no product shows (issue 16).
 */
export async function withStoredImage<T>(
  dataDir: string,
  bytes: Buffer | null,
  write: (imageUrl: string | null) => Promise<T>,
): Promise<T> {
  const imageUrl = bytes ? await storeProductImage(dataDir, bytes) : null;
  try {
    return await write(imageUrl);
  } catch (error) {
    if (imageUrl) await removeProductImage(dataDir, imageUrl).catch(() => {});
    throw error;
  }
}
