/**
 * The demo catalogue's images: the project's own SVG artwork rendered to WebP. File names carry a
 * hash of the drawing, so they can be cached forever and re-rendered only when a drawing changes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { artworkKeys, drawArtwork } from './artwork.js';
import type { ArtworkKey, SceneKey } from './types.js';

/** Where served images live: DATA_DIR/images, served at /images/. */
export function imagesDir(dataDir: string): string {
  return join(dataDir, 'images');
}

const WIDE_SCENES: ReadonlySet<string> = new Set(['scene-hero', 'scene-brand-story']);

/** Public URL of each drawing, rendering any that is missing under DATA_DIR/images/seed. */
export async function ensureSeedImages(dataDir: string): Promise<Record<ArtworkKey | SceneKey, string>> {
  const dir = join(imagesDir(dataDir), 'seed');
  mkdirSync(dir, { recursive: true });
  const urls = {} as Record<ArtworkKey | SceneKey, string>;
  await Promise.all(
    artworkKeys.map(async (key) => {
      const svg = drawArtwork(key);
      const hash = createHash('sha256').update(svg).update('v1').digest('hex').slice(0, 10);
      const file = `${key}-${hash}.webp`;
      const path = join(dir, file);
      if (!existsSync(path)) {
        const width = WIDE_SCENES.has(key) ? 1200 : 800;
        const height = 800;
        // Written under a temporary name first so a crash never leaves a half-written image.
        const tmp = `${path}.${process.pid}.tmp`;
        await sharp(Buffer.from(svg), { density: 96 })
          .resize(width, height, { fit: 'cover' })
          .webp({ quality: 82, effort: 4 })
          .toFile(tmp);
        renameSync(tmp, path);
      }
      urls[key] = `/images/seed/${file}`;
    }),
  );
  return urls;
}
