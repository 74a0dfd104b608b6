/**
 * Moving images out of DATA_DIR (decision 0030). Before the image store, each instance kept the
 * images it received under its own DATA_DIR/images (products/ and seed/). At start, an instance
 * that still has that folder copies every image in it into the store, once: `put` leaves names
 * already stored alone, so a second instance's folder, a start that crashed half-way or a seed
 * image already rendered into the store are all harmless. A marker file in the folder records that
 * the import finished, so later starts do not read the folder again. The folder is left in place
 * for the operator to remove.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { contentTypeOf, isImageName } from './names.js';
import type { ImageStore } from './store.js';

/** Where images were kept before the store: DATA_DIR/images. */
export const legacyImagesDir = (dataDir: string): string => join(dataDir, 'images');

/** Written into the folder once every image in it is in the store (its content says which store). */
export const IMPORT_MARKER = 'IMPORTED-INTO-IMAGE-STORE.json';

export interface LegacyImportResult {
  /** Whether the folder was read at all (it exists and had not been imported into this kind of store). */
  ran: boolean;
  /** Images read from the folder and given to the store (names it had already are not counted apart). */
  imported: number;
  /** Files that are not images the shop serves (temporary files, other names): left alone. */
  skipped: number;
}

/** Imports DATA_DIR/images into `store` unless that was done before; safe to run at every start. */
export async function importLegacyImages(
  store: ImageStore,
  dataDir: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<LegacyImportResult> {
  const dir = legacyImagesDir(dataDir);
  const marker = join(dir, IMPORT_MARKER);
  if (!existsSync(dir)) return { ran: false, imported: 0, skipped: 0 };
  if (existsSync(marker)) {
    const done = JSON.parse(await readFile(marker, 'utf8').catch(() => '{}')) as { store?: string };
    // Imported into this kind of store already; a switch of store (to S3) imports the folder again.
    if (done.store === store.kind) return { ran: false, imported: 0, skipped: 0 };
  }

  let imported = 0;
  let skipped = 0;
  for (const folder of ['products', 'seed']) {
    const files = await readdir(join(dir, folder), { withFileTypes: true }).catch(() => []);
    for (const file of files) {
      const name = `${folder}/${file.name}`;
      const contentType = contentTypeOf(name);
      if (!file.isFile() || !isImageName(name) || !contentType) {
        skipped++;
        continue;
      }
      // One file at a time: a folder of thousands of uploads never sits in memory at once.
      await store.put(name, await readFile(join(dir, name)), contentType);
      imported++;
    }
  }
  const record = { store: store.kind, importedAt: new Date().toISOString(), imported, skipped };
  try {
    await writeFile(marker, `${JSON.stringify(record, null, 2)}\n`);
  } catch (error) {
    // Nothing is lost: the next start reads the folder again and finds every name stored.
    log.warn({ err: error, marker }, 'could not record the image import; the next start repeats it');
  }
  log.warn(
    { folder: dir, imported, skipped, store: store.kind },
    `the images under ${dir} are now in the image store (${store.kind}) and served from it; the folder is no longer read and can be removed`,
  );
  return { ran: true, imported, skipped };
}
