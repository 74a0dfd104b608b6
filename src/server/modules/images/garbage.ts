/**
 * Garbage collection of stored images (decision 0030): a daily job of the one job engine (decision
 * 0025) that deletes images nothing refers to any more, for any ImageStore (it uses only list and
 * delete).
 *
 * Referred to: a product's image (both sizes: the srcset and thumbnail rule of src/domain/images.ts),
 * every photo of its gallery (decision 0061) and its nutrition panel, hidden products included, which is also what keeps a past order's product
 * image (order lines keep their product, which is hidden rather than deleted once ordered, and store
 * no image URL of their own); the categories' page images; and the seed artwork of this build, which
 * the home, shop and about pages show whatever the database holds.
 *
 * When an image stopped being referred to cannot be known afterwards, so each pass records it:
 * `image_orphans` holds every stored name that nothing referred to, with when a pass first found it
 * so. An image is deleted only when it has been unreferenced for RETENTION_DAYS.unreferencedImages
 * and was stored longer ago than that too (an upload whose product row is not committed yet is not
 * referred to), and only if it is still unreferenced when read again just before deleting. An image
 * referred to again leaves the table, and its clock starts afresh next time.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { nextHousekeepingRun, RETENTION_DAYS } from '../../../domain/retention.js';
import { imageCollectionJobPayloadSchema } from '../../../domain/stored/job-payloads.js';
import type { Database } from '../../db/client.js';
import { categories, imageOrphans, productImages, products } from '../../db/schema.js';
import { seedArtworkNames } from '../../db/seed/images.js';
import { defineJob, enqueueJob, type JobHandler } from '../jobs/queue.js';
import { namesReferencedBy } from './names.js';
import type { ImageStore } from './store.js';

export const imageCollectionJob = defineJob('images.collect-garbage', imageCollectionJobPayloadSchema);
export const IMAGE_GC_JOB = imageCollectionJob.type;
const DAY_MS = 86_400_000;
export const IMAGE_GRACE_MS = RETENTION_DAYS.unreferencedImages * DAY_MS;
/** Rows per statement when recording or clearing orphans. */
const BATCH = 500;

export interface ImageCollectionResult {
  /** Images in the store. */
  stored: number;
  /** Of them, unreferenced (tracked in image_orphans). */
  unreferenced: number;
  /** Deleted by this pass. */
  deleted: number;
}

/** Queues the pass after `after`, at the housekeeping hour (idempotent: one job per run time). */
export async function scheduleImageCollection(
  db: Pick<Database, 'insert'>,
  after = new Date(),
): Promise<void> {
  const runAt = nextHousekeepingRun(after);
  await enqueueJob(db, {
    job: imageCollectionJob,
    payload: { runAt: runAt.toISOString() },
    runAt,
    maxAttempts: 5,
    dedupeKey: `${IMAGE_GC_JOB}:${runAt.toISOString()}`,
  });
}

/** Every stored name something refers to now (see the top of this file). */
export async function referencedImageNames(db: Database): Promise<Set<string>> {
  const names = new Set(seedArtworkNames());
  const add = (url: string | null | undefined) => {
    for (const name of namesReferencedBy(url)) names.add(name);
  };
  const productRows = await db
    .select({ image: products.imageUrl, label: products.nutritionLabelUrl })
    .from(products);
  for (const row of productRows) {
    add(row.image);
    add(row.label);
  }
  for (const { url } of await db.select({ url: productImages.url }).from(productImages)) add(url);
  for (const { config } of await db.select({ config: categories.config }).from(categories)) {
    add(config?.qualityPromise?.imageUrl);
    add(config?.ingredientHighlight?.imageUrl);
  }
  return names;
}

const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

export async function collectImageGarbage(options: {
  db: Database;
  store: ImageStore;
  /** The pass's clock (tests move it). */
  now?: Date;
  graceMs?: number;
}): Promise<ImageCollectionResult> {
  const { db, store, now = new Date(), graceMs = IMAGE_GRACE_MS } = options;
  const cutoff = now.getTime() - graceMs;

  const referenced = await referencedImageNames(db);
  const unreferenced = new Map<string, Date>();
  let stored = 0;
  for await (const image of store.list()) {
    stored++;
    if (!referenced.has(image.name)) unreferenced.set(image.name, image.storedAt);
  }

  // The table holds exactly this pass's unreferenced names: new ones from now, known ones keep their
  // date; names referred to again, or gone from the store, leave it.
  for (const batch of chunks([...unreferenced.keys()])) {
    await db
      .insert(imageOrphans)
      .values(batch.map((name) => ({ name, unreferencedSince: now })))
      .onConflictDoNothing({ target: imageOrphans.name });
  }
  const tracked = await db.select().from(imageOrphans);
  const stale = tracked.filter((row) => !unreferenced.has(row.name)).map((row) => row.name);
  for (const batch of chunks(stale)) {
    await db.delete(imageOrphans).where(inArray(imageOrphans.name, batch));
  }

  const due = tracked.filter((row) => {
    const storedAt = unreferenced.get(row.name);
    return (
      storedAt !== undefined && row.unreferencedSince.getTime() <= cutoff && storedAt.getTime() <= cutoff
    );
  });
  let deleted = 0;
  if (due.length > 0) {
    // Read again just before deleting: a product saved during the pass keeps its image.
    const stillReferenced = await referencedImageNames(db);
    for (const { name } of due) {
      if (stillReferenced.has(name)) continue;
      await store.delete(name);
      await db.delete(imageOrphans).where(inArray(imageOrphans.name, [name]));
      deleted++;
    }
  }
  return { stored, unreferenced: unreferenced.size - deleted, deleted };
}

export function imageCollectionHandler(
  db: Database,
  store: ImageStore,
  log: FastifyBaseLogger,
): JobHandler<typeof imageCollectionJob> {
  return async ({ runAt: scheduled }) => {
    // The next run first, so a pass failing for good does not end the daily chain (as housekeeping).
    const now = new Date();
    await scheduleImageCollection(db, scheduled > now ? scheduled : now);
    const result = await collectImageGarbage({ db, store });
    log.info({ images: result }, 'image garbage collection done');
  };
}
