/**
 * The demo catalogue's images: the project's own SVG artwork rendered to WebP. File names carry a
 * hash of the drawing, so they can be cached forever and re-rendered only when a drawing changes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { artworkKeys, drawArtwork } from './artwork.js';
import { drawNutritionLabel } from './nutrition-label.js';
import type { ArtworkKey, SceneKey, SeedProduct } from './types.js';

/** Where served images live: DATA_DIR/images, served at /images/. */
export function imagesDir(dataDir: string): string {
  return join(dataDir, 'images');
}

const WIDE_SCENES: ReadonlySet<string> = new Set(['scene-hero', 'scene-brand-story']);

const hashOf = (content: string) =>
  createHash('sha256').update(content).update('v2').digest('hex').slice(0, 10);

/** Writes a file under a temporary name first, so a crash never leaves a half-written image. */
async function writeOnce(path: string, write: (tmp: string) => Promise<unknown> | void): Promise<void> {
  if (existsSync(path)) return;
  const tmp = `${path}.${process.pid}.tmp`;
  await write(tmp);
  renameSync(tmp, path);
}

/**
 * Public URL of each drawing, rendering any that is missing under DATA_DIR/images/seed at its full
 * width and at half width (see src/domain/images.ts for the naming rule).
 */
export async function ensureSeedImages(dataDir: string): Promise<Record<ArtworkKey | SceneKey, string>> {
  const dir = join(imagesDir(dataDir), 'seed');
  mkdirSync(dir, { recursive: true });
  const urls = {} as Record<ArtworkKey | SceneKey, string>;
  await Promise.all(
    artworkKeys.map(async (key) => {
      const svg = drawArtwork(key);
      const base = `${key}-${hashOf(svg)}`;
      const width = WIDE_SCENES.has(key) ? 1200 : 800;
      const height = WIDE_SCENES.has(key) ? 800 : 800;
      for (const w of [width, width / 2]) {
        await writeOnce(join(dir, `${base}-${w}w.webp`), (tmp) =>
          sharp(Buffer.from(svg), { density: 96 })
            .resize(w, Math.round((height * w) / width), { fit: 'cover' })
            .webp({ quality: w < width ? 78 : 82, effort: 4 })
            .toFile(tmp),
        );
      }
      urls[key] = `/images/seed/${base}-${width}w.webp`;
    }),
  );
  return urls;
}

/** Writes the product's nutrition panel (SVG) if missing and returns its URL. */
export async function ensureNutritionLabel(
  dataDir: string,
  product: Pick<SeedProduct, 'slug' | 'name' | 'category' | 'nutrition'>,
): Promise<string> {
  const dir = join(imagesDir(dataDir), 'seed');
  mkdirSync(dir, { recursive: true });
  const svg = drawNutritionLabel(product);
  const file = `nutrition-${product.slug}-${hashOf(svg)}.svg`;
  await writeOnce(join(dir, file), (tmp) => writeFileSync(tmp, svg));
  return `/images/seed/${file}`;
}
