/**
 * A small S3-compatible server for tests (decision 0030): no S3, R2 or MinIO can run on the build
 * machines, so the S3 image store (modules/images/s3-store.ts) is tested against this. It keeps
 * objects in memory and answers path-style requests (`/BUCKET/KEY`) the way S3 does for what the
 * store uses: PutObject (with `If-None-Match: *` answering 412 when the key exists), GetObject,
 * HeadObject, DeleteObject and ListObjectsV2 (prefix, max-keys, continuation-token, start-after;
 * S3's XML). Signatures are not checked. Bodies sent as `aws-chunked` (the SDK's streaming
 * checksums) are decoded.
 *
 * `setFault` makes every request fail until cleared: `'unavailable'` answers 503 ServiceUnavailable,
 * `'drop'` closes the connection without an answer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInObject {
  bytes: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  etag: string;
  lastModified: Date;
}

export type StandInFault = 'unavailable' | 'drop' | null;

export interface S3StandIn {
  /** `http://127.0.0.1:PORT`, for the client's endpoint (path-style). */
  readonly endpoint: string;
  readonly bucket: string;
  /** The bucket's objects by key, to look at or change directly. */
  readonly objects: Map<string, StandInObject>;
  /** Every request answered, in order: its S3 operation and key (or prefix, for a listing). */
  readonly requests: Array<{ operation: string; key: string }>;
  setFault(fault: StandInFault): void;
  close(): Promise<void>;
}

export interface S3StandInOptions {
  bucket?: string;
  /**
   * `'md5'` (default): an object's ETag is the quoted MD5 of its bytes, as S3 gives for a plain upload.
   * `'opaque'`: an ETag that is not an MD5 (as for multipart or SSE-KMS objects), e.g. `"…-1"`.
   */
  etags?: 'md5' | 'opaque';
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const S3_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';
const DEFAULT_MAX_KEYS = 1000;

const XML_ENTITIES: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&${XML_ENTITIES[c]};`);
const OBJECT_OPERATIONS: Record<string, string> = {
  PUT: 'PutObject',
  GET: 'GetObject',
  HEAD: 'HeadObject',
  DELETE: 'DeleteObject',
};

function sendError(res: ServerResponse, status: number, code: string, message: string, extra = '') {
  const body = `${XML_HEAD}<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${extra}<RequestId>stand-in</RequestId></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  // A HEAD answer has no body: S3 sends the status alone, and so the SDK knows only the status.
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Decodes an `aws-chunked` body: chunks of `HEX-SIZE[;chunk-signature=…]\r\nDATA\r\n`, ended by a
 * zero-size chunk and optional trailers (`x-amz-checksum-crc32:…`). Node has already undone the
 * HTTP `Transfer-Encoding: chunked` around it.
 */
export function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('aws-chunked body: a chunk header without its line end');
    const sizeText = body.subarray(at, lineEnd).toString('latin1').split(';')[0]!.trim();
    if (!/^[0-9a-fA-F]+$/.test(sizeText)) throw new Error(`aws-chunked body: bad chunk size "${sizeText}"`);
    const size = parseInt(sizeText, 16);
    at = lineEnd + 2;
    if (size === 0) return Buffer.concat(parts);
    if (at + size + 2 > body.length) throw new Error('aws-chunked body: a chunk longer than the body');
    parts.push(body.subarray(at, at + size));
    at += size + 2;
  }
}

/** Opaque continuation tokens, as S3's are: here the last key of the page, in base64url. */
const tokenFor = (key: string) => Buffer.from(key, 'utf8').toString('base64url');
const keyOfToken = (token: string) => Buffer.from(token, 'base64url').toString('utf8');

export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'shop-images';
  const objects = new Map<string, StandInObject>();
  const requests: Array<{ operation: string; key: string }> = [];
  let fault: StandInFault = null;

  const etagOf = (bytes: Buffer) => {
    const md5 = createHash('md5').update(bytes).digest('hex');
    return options.etags === 'opaque'
      ? `"${md5.slice(0, 24)}${randomBytes(4).toString('hex')}-1"`
      : `"${md5}"`;
  };

  async function putObject(req: IncomingMessage, res: ServerResponse, key: string) {
    let bytes = await readBody(req);
    const encodings = (req.headers['content-encoding'] ?? '').split(',').map((e) => e.trim());
    if (encodings.includes('aws-chunked')) {
      try {
        bytes = decodeAwsChunked(bytes);
      } catch (error) {
        return sendError(res, 400, 'IncompleteBody', (error as Error).message);
      }
      const declared = req.headers['x-amz-decoded-content-length'];
      if (declared !== undefined && Number(declared) !== bytes.length) {
        return sendError(res, 400, 'IncompleteBody', 'The decoded length does not match the declared one');
      }
    }
    // Checked after the body is read, and set in the same tick: concurrent puts cannot both win.
    if (req.headers['if-none-match'] === '*' && objects.has(key)) {
      return sendError(
        res,
        412,
        'PreconditionFailed',
        'At least one of the pre-conditions you specified did not hold',
        '<Condition>If-None-Match</Condition>',
      );
    }
    const contentType = req.headers['content-type'] ?? 'binary/octet-stream';
    const object: StandInObject = {
      bytes,
      contentType,
      cacheControl: req.headers['cache-control'],
      etag: etagOf(bytes),
      lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
    };
    objects.set(key, object);
    res.writeHead(200, { etag: object.etag, 'content-length': 0 });
    res.end();
  }

  function getObject(req: IncomingMessage, res: ServerResponse, key: string) {
    const object = objects.get(key);
    if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
    res.writeHead(200, {
      'content-type': object.contentType,
      'content-length': object.bytes.length,
      etag: object.etag,
      'last-modified': object.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
      ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : object.bytes);
  }

  function listObjects(res: ServerResponse, query: URLSearchParams) {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? DEFAULT_MAX_KEYS), DEFAULT_MAX_KEYS);
    if (!Number.isInteger(maxKeys) || maxKeys < 0) {
      return sendError(res, 400, 'InvalidArgument', 'max-keys must be a non-negative integer');
    }
    const token = query.get('continuation-token');
    const after = token !== null ? keyOfToken(token) : (query.get('start-after') ?? '');
    const urlEncoded = query.get('encoding-type') === 'url';
    const keys = [...objects.keys()]
      .filter((key) => key.startsWith(prefix) && key > after)
      // S3 lists keys in UTF-8 byte order.
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const shown = (text: string) => escapeXml(urlEncoded ? encodeURIComponent(text) : text);
    const contents = page
      .map((key) => {
        const object = objects.get(key)!;
        return `<Contents><Key>${shown(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escapeXml(object.etag)}</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const body =
      `${XML_HEAD}<ListBucketResult xmlns="${S3_NAMESPACE}"><Name>${escapeXml(bucket)}</Name>` +
      `<Prefix>${shown(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>` +
      (urlEncoded ? '<EncodingType>url</EncodingType>' : '') +
      `<IsTruncated>${truncated}</IsTruncated>` +
      (token !== null ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : '') +
      (truncated ? `<NextContinuationToken>${tokenFor(page.at(-1)!)}</NextContinuationToken>` : '') +
      `${contents}</ListBucketResult>`;
    res.writeHead(200, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const method = req.method ?? 'GET';
    const operation =
      key === ''
        ? method === 'GET' && url.searchParams.get('list-type') === '2'
          ? 'ListObjectsV2'
          : `${method} bucket`
        : (OBJECT_OPERATIONS[method] ?? `${method} object`);
    requests.push({
      operation,
      key: operation === 'ListObjectsV2' ? (url.searchParams.get('prefix') ?? '') : key,
    });

    if (fault === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault === 'unavailable') {
      req.resume();
      return sendError(res, 503, 'ServiceUnavailable', 'Please reduce your request rate.');
    }
    if (decodeURIComponent(bucketName) !== bucket) {
      req.resume();
      return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    switch (operation) {
      case 'PutObject':
        return putObject(req, res, key);
      case 'GetObject':
      case 'HeadObject':
        return getObject(req, res, key);
      case 'DeleteObject':
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      case 'ListObjectsV2':
        return listObjects(res, url.searchParams);
      default:
        req.resume();
        return sendError(res, 501, 'NotImplemented', `The stand-in does not do ${operation}`);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'InternalError', String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    setFault(next) {
      fault = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
