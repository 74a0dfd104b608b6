import { observed } from '../../observability/outside-services.js';
import { defineModule } from '../shop-module.js';
import { cachedImageStore } from './cache.js';
import { imageCollectionHandler, imageCollectionJob, scheduleImageCollection } from './garbage.js';
import { createImageStore, type ImageStore } from './index.js';
import { importLegacyImages } from './legacy-import.js';
import { imageRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the images served under /images are kept (modules/images), behind this instance's cache. */
    images: ImageStore;
  }
}

/**
 * Images under /images, the same for every instance (decision 0030): the store, this instance's
 * cache of it, and the daily removal of images nothing refers to any more.
 */
export const imagesModule = defineModule('images', async (app, context) => {
  const { config, database, images: given, importImagesFrom } = context;
  const store = given ?? createImageStore(config, database.db);
  if (!given) app.addHook('onClose', async () => store.close());
  // The store's calls timed and traced (the cache in front of it answers most reads), when metrics
  // are read or traces sent.
  const images = cachedImageStore(observed(store, 'images', app.metrics), config.imageCacheBytes);
  app.decorate('images', images);
  if (importImagesFrom) await importLegacyImages(store, importImagesFrom, app.log);
  app.jobs.handle(imageCollectionJob, imageCollectionHandler(database.db, images, app.log));
  app.addHook('onReady', async () => scheduleImageCollection(database.db));
  // Product and page images: content-hashed or random names, so they never change.
  imageRoutes(app, images);
});
