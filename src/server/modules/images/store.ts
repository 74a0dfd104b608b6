/**
 * Where the shop keeps the images it serves under /images (decision 0030): product uploads, the
 * seed artwork and the nutrition panels. One interface, so every instance behind a load balancer
 * sees the same images with no shared disk: the database by default (database-store.ts),
 * S3-compatible object storage when S3_URL or S3_BUCKET is set (s3-store.ts).
 *
 * Names are the path under /images, e.g. `products/3f9a…-800w.webp` or `seed/scene-hero-1a2b…-1200w.webp`:
 * content-hashed or random, so a name's bytes never change and can be cached forever.
 */
export interface StoredImage {
  bytes: Buffer;
  contentType: string;
  /** A strong ETag (quoted), the same on every instance for the same bytes. */
  etag: string;
}

export interface ImageStore {
  /** What the store is, for logs and the health page: 'database' or 's3'. */
  readonly kind: 'database' | 's3';
  /**
   * Stores `bytes` under `name`. Storing a name that exists is not an error: names never change
   * content, so the first write wins and a concurrent second one is a no-op.
   */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The image, or null when there is none by that name. */
  get(name: string): Promise<StoredImage | null>;
  /** Whether an image of that name is stored (without reading its bytes). */
  has(name: string): Promise<boolean>;
  /** Removes the image; removing a missing name is not an error. */
  delete(name: string): Promise<void>;
  /** Every stored name with when it was stored, for garbage collection (oldest first). */
  list(): AsyncIterable<{ name: string; storedAt: Date }>;
  /** Releases connections (S3 client); the database store has none of its own. */
  close(): Promise<void>;
}
