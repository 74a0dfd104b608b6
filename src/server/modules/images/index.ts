/**
 * Which image store the shop uses (decision 0030): S3-compatible object storage when it is
 * configured, otherwise rows in the shop's own database. Every instance on one configuration picks
 * the same one, so each serves every image.
 */
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createDatabaseImageStore } from './database-store.js';
import { createS3Store } from './s3-store.js';
import type { ImageStore } from './store.js';

export type { ImageStore, StoredImage } from './store.js';

export function createImageStore(config: Config, db: Database): ImageStore {
  if (config.s3) return createS3Store(config.s3);
  return createDatabaseImageStore(db);
}
