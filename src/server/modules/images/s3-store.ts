/**
 * Images in an S3-compatible bucket (decision 0030): Amazon S3, Cloudflare R2, MinIO and the like,
 * through the AWS SDK v3. Chosen by S3_URL or S3_BUCKET (config.ts); the database store is the
 * default.
 *
 * An image `products/ab12…-800w.webp` is the object `PREFIX + name`. Names never change content, so a
 * put is conditional (`If-None-Match: *`): the first write wins and a later one answers 412, which is
 * success. A server that ignores the condition rewrites the same bytes, which is harmless.
 *
 * Failures: a bucket that cannot answer now (a network error, a timeout, a 5xx, throttling) is an
 * UnavailableError, which the HTTP layer answers 503 as it does a database outage; anything else (wrong
 * keys, a missing bucket, a refused request) is an Error naming the operation, answered 500 and logged
 * with its cause. The SDK has already retried transient failures (3 attempts) by then.
 */
import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { UnavailableError } from '../../../domain/errors.js';
import type { S3Settings } from '../../s3-settings.js';
import type { ImageStore, StoredImage } from './store.js';

/** Stored with every object, so a CDN or browser fetching from the bucket caches as /images does. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What a request answers while the bucket cannot be reached. */
export const IMAGES_UNAVAILABLE =
  'We are having trouble reaching our image storage. Please try again in a moment.';

export interface S3StoreOptions {
  /** Keys asked for per ListObjectsV2 page (S3's most, and default, is 1000). */
  listPageSize?: number;
  /** Attempts per request, the first included, before a failure is reported (SDK default: 3). */
  maxAttempts?: number;
}

/** Socket errors of a bucket that cannot be reached (no HTTP answer at all). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** S3's names for "not now": throttling and timeouts, whatever their status. */
const TRANSIENT_NAMES = new Set(['SlowDown', 'RequestTimeout', 'TimeoutError', 'ThrottlingException']);

type SdkError = {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  $metadata?: { httpStatusCode?: number };
};

const statusOf = (error: unknown) => (error as SdkError | undefined)?.$metadata?.httpStatusCode;
const nameOf = (error: unknown) => String((error as SdkError | undefined)?.name ?? '');

/** The bucket cannot answer right now: worth trying again later. */
export function isS3Unavailable(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && (status >= 500 || status === 429)) return true;
  if (TRANSIENT_NAMES.has(nameOf(error))) return true;
  const code = (error as SdkError | undefined)?.code;
  return typeof code === 'string' && NETWORK_CODES.has(code);
}

/** What a failed request becomes: UnavailableError (503) or an Error naming what failed (500). */
function failure(operation: string, key: string, error: unknown): Error {
  if (isS3Unavailable(error))
    return Object.assign(new UnavailableError(IMAGES_UNAVAILABLE), { cause: error });
  const status = statusOf(error);
  return new Error(
    `S3 ${operation} of ${key} failed: ${nameOf(error) || 'error'}${status ? ` (HTTP ${status})` : ''}`,
    { cause: error },
  );
}

/** S3's ETag when it is a plain MD5 (quoted), else the quoted MD5 of the bytes: the same on every instance. */
export function strongEtag(objectEtag: string | undefined, bytes: Buffer): string {
  if (objectEtag && /^"[0-9a-f]{32}"$/.test(objectEtag)) return objectEtag;
  return `"${createHash('md5').update(bytes).digest('hex')}"`;
}

export function createS3Store(settings: S3Settings, options: S3StoreOptions = {}): ImageStore {
  const { bucket, prefix } = settings;
  const listPageSize = options.listPageSize ?? 1000;
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint
      ? // MinIO and other self-hosted servers: the bucket goes in the path, not the host name.
        { endpoint: settings.endpoint, forcePathStyle: true }
      : { followRegionRedirects: true }),
    // No keys: the SDK's default chain (AWS_* variables, ~/.aws, an instance or task role).
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: not every S3-compatible server takes the newer
    // x-amz-checksum-* headers, and the body is signed (its SHA-256) all the same.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: options.maxAttempts ?? 3,
    // A bucket that does not answer fails the request in seconds, not after the OS's minutes.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
  const keyOf = (name: string) => `${prefix}${name}`;
  /** Servers without conditional writes answer 501 to If-None-Match; then plain puts are used. */
  let conditionalPuts = true;

  const store: ImageStore = {
    kind: 's3',

    async put(name, bytes, contentType) {
      const Key = keyOf(name);
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key,
              Body: bytes,
              ContentType: contentType,
              CacheControl: IMAGE_CACHE_CONTROL,
              ...(conditionalPuts ? { IfNoneMatch: '*' } : {}),
            }),
          );
          return;
        } catch (error) {
          const status = statusOf(error);
          // The name exists: first write wins, and its bytes are these bytes.
          if (status === 412) return;
          // S3: a concurrent conditional write of the same key was in flight; try again (it then answers 412).
          if (status === 409 && attempt < 3) continue;
          if (status === 501 && conditionalPuts) {
            conditionalPuts = false;
            continue;
          }
          throw failure('PutObject', Key, error);
        }
      }
    },

    async get(name): Promise<StoredImage | null> {
      const Key = keyOf(name);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        if (!object.Body) throw new Error('no body');
        const array = await object.Body.transformToByteArray();
        const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength);
        return {
          bytes,
          contentType: object.ContentType ?? 'application/octet-stream',
          etag: strongEtag(object.ETag, bytes),
        };
      } catch (error) {
        // NoSuchKey only: a missing bucket (NoSuchBucket, also 404) is a misconfiguration, not a missing image.
        if (nameOf(error) === 'NoSuchKey') return null;
        throw failure('GetObject', Key, error);
      }
    },

    async has(name) {
      const Key = keyOf(name);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return true;
      } catch (error) {
        // A HEAD answer has no body, so a 404 cannot say whether the key or the bucket is missing.
        if (statusOf(error) === 404) return false;
        throw failure('HeadObject', Key, error);
      }
    },

    async delete(name) {
      const Key = keyOf(name);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible servers answer 404 NoSuchKey.
        if (nameOf(error) === 'NoSuchKey') return;
        throw failure('DeleteObject', Key, error);
      }
    },

    /**
     * S3 lists in key order, the interface asks for oldest first: the listing is read whole (a name and
     * a date per image, a few MB for tens of thousands) and sorted by LastModified, then name.
     */
    async *list() {
      const found: Array<{ name: string; storedAt: Date }> = [];
      let token: string | undefined;
      do {
        let page: ListObjectsV2CommandOutput;
        try {
          page = await client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              ...(prefix ? { Prefix: prefix } : {}),
              MaxKeys: listPageSize,
              ...(token ? { ContinuationToken: token } : {}),
            }),
          );
        } catch (error) {
          throw failure('ListObjectsV2', prefix || '(all)', error);
        }
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(prefix) || object.Key.length === prefix.length) continue;
          found.push({ name: object.Key.slice(prefix.length), storedAt: object.LastModified ?? new Date(0) });
        }
        if (page.IsTruncated && !page.NextContinuationToken) {
          throw new Error('S3 ListObjectsV2 answered a truncated page without a continuation token');
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      found.sort(
        (a, b) =>
          a.storedAt.getTime() - b.storedAt.getTime() || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
      );
      yield* found;
    },

    async close() {
      client.destroy();
    },
  };
  return store;
}
