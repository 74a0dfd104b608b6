/**
 * The shop's own artwork: standalone SVG documents for every product and scene image, rendered to
 * WebP by the seed (see images.ts). The drawings live in ./artwork/:
 *   svg.ts          seeded random generator, element builders, gradients/clips collected per document
 *   ingredients.ts  palette, shadows, backdrops, chunks, nuts, oats, coconut, dates, maple leaf
 *   cookie.ts       the chunky cookie (and crumbs, a cookie broken in two)
 *   bites.ts        energy bites;  granola.ts  granola clusters and heaps
 *   props.ts        bowls, pouch, jar, syrup bottle;  kitchen.ts  table, linen, tools, tray, rack, box
 *   tabletop.ts     flat-lay props (berries, yogurt, lunchbox, map, compass...)
 *   products.ts     the ten product drawings;  scenes.ts  the fourteen scene drawings
 * Output is deterministic: each drawing's random generator is seeded by its key.
 */
import type { ArtworkKey, SceneKey } from './types.js';
import { drawProduct } from './artwork/products.js';
import { drawScene } from './artwork/scenes.js';
import { drawProductView, PRODUCT_VIEWS, type ProductView } from './artwork/views.js';

/** A product's other gallery views (artwork/views.ts): the pack and a serving. */
export type ViewKey = `${ArtworkKey}-${ProductView}`;
export const viewKey = (key: ArtworkKey, view: ProductView): ViewKey => `${key}-${view}`;

// Written as records so the compiler insists that every key is listed exactly once.
const products = {
  'cookie-classic-chocolate-chunk': true,
  'cookie-double-chocolate-chunk': true,
  'cookie-peanut-butter-crunch': true,
  'cookie-white-chocolate-macadamia': true,
  'variety-pack': true,
  'bites-chocolate-peanut-butter': true,
  'bites-coconut-almond': true,
  'bites-maple-pecan': true,
  'granola-maple-almond': true,
  'granola-dark-chocolate-coconut': true,
} as const satisfies Record<ArtworkKey, true>;

const scenes = {
  'scene-hero': true,
  'scene-brand-story': true,
  'scene-cookies-quality': true,
  'scene-cookies-ingredients': true,
  'scene-bites-quality': true,
  'scene-bites-ingredients': true,
  'scene-granola-quality': true,
  'scene-granola-ingredients': true,
  'scene-instagram-1': true,
  'scene-instagram-2': true,
  'scene-instagram-3': true,
  'scene-instagram-4': true,
  'scene-instagram-5': true,
  'scene-instagram-6': true,
} as const satisfies Record<SceneKey, true>;

const views = new Map<string, [ArtworkKey, ProductView]>(
  (Object.keys(products) as ArtworkKey[]).flatMap((key) =>
    PRODUCT_VIEWS.map((view) => [viewKey(key, view), [key, view]] as const),
  ),
);

/** Every key, for the seed to render. */
export const artworkKeys: readonly (ArtworkKey | SceneKey | ViewKey)[] = [
  ...(Object.keys(products) as ArtworkKey[]),
  ...(Object.keys(scenes) as SceneKey[]),
  ...([...views.keys()] as ViewKey[]),
];

function isScene(key: ArtworkKey | SceneKey | ViewKey): key is SceneKey {
  return Object.hasOwn(scenes, key);
}

/** Returns a complete standalone SVG document (string) for the key. */
export function drawArtwork(key: ArtworkKey | SceneKey | ViewKey): string {
  if (isScene(key)) return drawScene(key);
  const view = views.get(key);
  return view ? drawProductView(...view) : drawProduct(key as ArtworkKey);
}
