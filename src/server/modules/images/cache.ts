/**
 * A small in-memory cache of images in front of the store, one per instance (decision 0030): the
 * hero image and the catalogue's thumbnails are asked for on every first visit, and a name's bytes
 * never change, so a hit never needs to be checked again. Least recently used first out, bounded by
 * the total of the bytes held (IMAGE_CACHE_MB). Only hits are kept: a missing name is asked of the
 * store every time, so an image stored by another instance shows at once.
 */
import type { ImageStore, StoredImage } from './store.js';

export interface ImageCacheStats {
  entries: number;
  bytes: number;
}

/** The store with `get` answered from memory when it can; `delete` forgets the name here too. */
export function cachedImageStore(
  store: ImageStore,
  maxBytes: number,
): ImageStore & { cacheStats(): ImageCacheStats } {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  const entries = new Map<string, StoredImage>();
  let held = 0;
  // One image may take at most a quarter of the cache, so a few large ones cannot empty it.
  const largest = maxBytes / 4;

  const forget = (name: string) => {
    const entry = entries.get(name);
    if (!entry) return;
    entries.delete(name);
    held -= entry.bytes.length;
  };
  const remember = (name: string, image: StoredImage) => {
    if (image.bytes.length > largest) return;
    forget(name);
    entries.set(name, image);
    held += image.bytes.length;
    for (const [oldest, entry] of entries) {
      if (held <= maxBytes) break;
      entries.delete(oldest);
      held -= entry.bytes.length;
    }
  };

  return {
    kind: store.kind,
    put: (name, bytes, contentType) => store.put(name, bytes, contentType),
    async get(name) {
      const hit = entries.get(name);
      if (hit) {
        entries.delete(name);
        entries.set(name, hit);
        return hit;
      }
      const image = await store.get(name);
      if (image) remember(name, image);
      return image;
    },
    has: (name) => store.has(name),
    async delete(name) {
      forget(name);
      await store.delete(name);
    },
    list: () => store.list(),
    close: () => store.close(),
    cacheStats: () => ({ entries: entries.size, bytes: held }),
  };
}
