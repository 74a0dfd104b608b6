/**
 * The shop's own artwork: standalone SVG documents for every product and scene image, rendered to
 * WebP by the seed. Drawings live in ./artwork/ (svg toolkit, shared shapes, props, products, scenes).
 */
import type { ArtworkKey, SceneKey } from './types.js';
import { drawProduct } from './artwork/products.js';
import { drawScene } from './artwork/scenes.js';

const productKeys = [
  'cookie-classic-chocolate-chunk',
  'cookie-double-chocolate-chunk',
  'cookie-peanut-butter-crunch',
  'cookie-white-chocolate-macadamia',
  'variety-pack',
  'bites-chocolate-peanut-butter',
  'bites-coconut-almond',
  'bites-maple-pecan',
  'granola-maple-almond',
  'granola-dark-chocolate-coconut',
] as const satisfies readonly ArtworkKey[];

const sceneKeys = [
  'scene-hero',
  'scene-brand-story',
  'scene-cookies-quality',
  'scene-cookies-ingredients',
  'scene-bites-quality',
  'scene-bites-ingredients',
  'scene-granola-quality',
  'scene-granola-ingredients',
  'scene-instagram-1',
  'scene-instagram-2',
  'scene-instagram-3',
  'scene-instagram-4',
  'scene-instagram-5',
  'scene-instagram-6',
] as const satisfies readonly SceneKey[];

/** Every key, for the seed to render. */
export const artworkKeys: readonly (ArtworkKey | SceneKey)[] = [...productKeys, ...sceneKeys];

function isScene(key: ArtworkKey | SceneKey): key is SceneKey {
  return key.startsWith('scene-');
}

/** Returns a complete standalone SVG document (string) for the key. */
export function drawArtwork(key: ArtworkKey | SceneKey): string {
  return isScene(key) ? drawScene(key) : drawProduct(key);
}
