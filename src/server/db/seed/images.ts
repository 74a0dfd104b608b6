/**
 * The demo catalogue's images: the project's own SVG artwork rendered to WebP, and the nutrition
 * panels (SVG). Names carry a hash of the drawing, so they can be cached forever and are rendered
 * only when the image store (modules/images) does not have them yet: the first instance on a
 * database renders them, every later start and every other instance finds them there.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { variantWidths } from '../../../domain/images.js';
import type { ImageStore } from '../../modules/images/store.js';
import { artworkKeys, drawArtwork, type ViewKey } from './artwork.js';
import { drawNutritionLabel } from './nutrition-label.js';
import type { ArtworkKey, SceneKey, SeedProduct } from './types.js';

const WIDE_SCENES: ReadonlySet<string> = new Set(['scene-hero', 'scene-brand-story']);

const hashOf = (content: string) =>
  createHash('sha256').update(content).update('v2').digest('hex').slice(0, 10);

/** A drawing's stored base name and its full width; its sizes are `<base>-<w>w.webp` (variantWidths). */
function artworkName(key: ArtworkKey | SceneKey | ViewKey, svg: string) {
  const width = WIDE_SCENES.has(key) ? 1200 : 800;
  return { base: `seed/${key}-${hashOf(svg)}`, width, height: 800 };
}

let buildNames: readonly string[] | undefined;

/**
 * Every name the artwork of this build is stored under, both sizes of each drawing: what the
 * pages of this build can show whatever the database holds (garbage collection keeps them).
 */
export function seedArtworkNames(): readonly string[] {
  buildNames ??= artworkKeys.flatMap((key) => {
    const { base, width } = artworkName(key, drawArtwork(key));
    return variantWidths(width).map((w) => `${base}-${w}w.webp`);
  });
  return buildNames;
}

/**
 * Public URL of each drawing, rendering and storing any size the store does not have, at each width
 * of the naming rule in src/domain/images.ts.
 */
export async function ensureSeedImages(
  store: ImageStore,
): Promise<Record<ArtworkKey | SceneKey | ViewKey, string>> {
  const urls = {} as Record<ArtworkKey | SceneKey | ViewKey, string>;
  await Promise.all(
    artworkKeys.map(async (key) => {
      const svg = drawArtwork(key);
      const { base, width, height } = artworkName(key, svg);
      for (const w of variantWidths(width)) {
        const name = `${base}-${w}w.webp`;
        if (await store.has(name)) continue;
        const bytes = await sharp(Buffer.from(svg), { density: 96 })
          .resize(w, Math.round((height * w) / width), { fit: 'cover' })
          .webp({ quality: w < width ? 78 : 82, effort: 4 })
          .toBuffer();
        // Another instance may store it meanwhile: the same name holds the same drawing, first wins.
        await store.put(name, bytes, 'image/webp');
      }
      urls[key] = `/images/${base}-${width}w.webp`;
    }),
  );
  return urls;
}

/** Stores the product's nutrition panel (SVG) if the store does not have it, and returns its URL. */
export async function ensureNutritionLabel(
  store: ImageStore,
  product: Pick<SeedProduct, 'slug' | 'name' | 'nutritionFacts'>,
): Promise<string> {
  const svg = drawNutritionLabel(product);
  const name = `seed/nutrition-${product.slug}-${hashOf(svg)}.svg`;
  if (!(await store.has(name))) await store.put(name, Buffer.from(svg), 'image/svg+xml');
  return `/images/${name}`;
}
