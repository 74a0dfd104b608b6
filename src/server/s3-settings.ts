/**
 * Where product images go when not in the database (decision 0030): an S3-compatible bucket,
 * configured by S3_URL or by S3_BUCKET and its S3_* companions. config.ts validates the environment
 * with this; each problem names its variable.
 */

/**
 * Where product images are kept when not in the database (decision 0030): an S3-compatible bucket.
 */
export interface S3Settings {
  bucket: string;
  /** `us-east-1` unless given; `auto` for Cloudflare R2. */
  region: string;
  /** Set for anything but Amazon S3 (R2, MinIO…): requests go there, path-style. */
  endpoint?: string;
  /** Unset: the AWS SDK's default credential chain (AWS_* variables, ~/.aws, an instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Starts every object's key: '' or ends with '/', e.g. `images/`. */
  prefix: string;
}

const S3_URL_EXAMPLE = 's3://ACCESS_KEY_ID:SECRET_ACCESS_KEY@BUCKET/PREFIX/?region=REGION&endpoint=URL';
/** The variables of the S3_BUCKET form, which S3_URL replaces whole. */
const S3_PARTS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
] as const;
/** S3's bucket naming rules (R2 and MinIO keep to them too). */
const BUCKET_NAME = /^(?!\d+\.\d+\.\d+\.\d+$)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_REGION = /^[a-z0-9-]{1,32}$/;
/** Folders of letters, digits and . _ -, no `.` or `..` folder, each ended by '/'. */
const S3_PREFIX = /^(?:(?!\.\.?\/)[\w.-]+\/)*$/;
const S3_PUBLIC_URL_REFUSED =
  'is not supported: images are served by the shop under /images (cached for a year as immutable), so a CDN goes in front of the shop, not of the bucket';

type S3Problem = { variable: string; message: string };
type S3Env = { [K in 'S3_URL' | 'S3_PUBLIC_URL' | (typeof S3_PARTS)[number]]?: string };

/** `images`, `/images/` → `images/`; '' stays ''. */
const normalPrefix = (prefix: string) => prefix.replace(/^\/+/, '').replace(/\/*$/, '/').replace(/^\/$/, '');

/**
 * The S3 settings from S3_URL or from S3_BUCKET and its S3_* companions, or the problems with them
 * (each naming its variable). Neither set: no settings, images stay in the database.
 */
export function resolveS3(env: S3Env): { settings?: S3Settings; problems: S3Problem[] } {
  const problems: S3Problem[] = [];
  const problem = (variable: string, message: string) => problems.push({ variable, message });
  if (env.S3_PUBLIC_URL) problem('S3_PUBLIC_URL', S3_PUBLIC_URL_REFUSED);

  let parts: {
    bucket?: string;
    region?: string;
    endpoint?: string;
    key?: string;
    secret?: string;
    prefix?: string;
  };
  let from: (part: 'bucket' | 'region' | 'endpoint' | 'key' | 'secret' | 'prefix') => string;
  if (env.S3_URL) {
    for (const variable of S3_PARTS) {
      if (env[variable])
        problem(variable, 'must not be set with S3_URL: write it in the URL, or use S3_BUCKET alone');
    }
    const raw = env.S3_URL.trim();
    let url: URL;
    try {
      url = new URL(raw);
      if (url.protocol !== 's3:' || !url.hostname) throw new Error('not s3');
    } catch {
      problem(
        'S3_URL',
        `must be a URL like ${S3_URL_EXAMPLE} (percent-encode / + : @ in the keys, e.g. / as %2F)`,
      );
      return { problems };
    }
    let key: string | undefined;
    let secret: string | undefined;
    try {
      key = url.username ? decodeURIComponent(url.username) : undefined;
      secret = url.password ? decodeURIComponent(url.password) : undefined;
    } catch {
      problem('S3_URL', 'has a badly percent-encoded access key or secret');
    }
    const known = new Set(['region', 'endpoint']);
    for (const name of url.searchParams.keys()) {
      if (!known.has(name)) {
        problem(
          'S3_URL',
          name === 'prefix'
            ? 'takes the key prefix as its path (s3://BUCKET/images/), not as ?prefix='
            : name === 'public_url'
              ? `public_url ${S3_PUBLIC_URL_REFUSED}`
              : `has an unknown parameter "${name}": it takes region and endpoint`,
        );
      }
    }
    parts = {
      bucket: url.hostname,
      region: url.searchParams.get('region') ?? undefined,
      endpoint: url.searchParams.get('endpoint') ?? undefined,
      key,
      secret,
      prefix: url.pathname,
    };
    from = () => 'S3_URL';
  } else {
    parts = {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      key: env.S3_ACCESS_KEY_ID,
      secret: env.S3_SECRET_ACCESS_KEY,
      prefix: env.S3_PREFIX,
    };
    const names = {
      bucket: 'S3_BUCKET',
      region: 'S3_REGION',
      endpoint: 'S3_ENDPOINT',
      key: 'S3_ACCESS_KEY_ID',
      secret: 'S3_SECRET_ACCESS_KEY',
      prefix: 'S3_PREFIX',
    };
    from = (part) => names[part];
    if (!env.S3_BUCKET) {
      for (const variable of S3_PARTS) {
        if (env[variable])
          problem(variable, 'is set but S3_BUCKET is not: set the bucket too, or use S3_URL');
      }
      return { problems };
    }
  }

  const { bucket = '', region = 'us-east-1', endpoint, key, secret } = parts;
  if (!BUCKET_NAME.test(bucket)) {
    problem(
      from('bucket'),
      `bucket "${bucket}" is not a bucket name: 3–63 lowercase letters, digits, dots and hyphens`,
    );
  }
  if (!S3_REGION.test(region))
    problem(from('region'), `region "${region}" is not a region, like ca-central-1 or auto`);
  let endpointUrl: string | undefined;
  if (endpoint !== undefined) {
    try {
      const parsed = new URL(endpoint);
      if (!['http:', 'https:'].includes(parsed.protocol) || parsed.search || parsed.hash || parsed.username) {
        throw new Error('not a plain http(s) URL');
      }
      endpointUrl = parsed.href.replace(/\/+$/, '');
    } catch {
      problem(
        from('endpoint'),
        'endpoint must be an http(s) URL like https://ACCOUNT.r2.cloudflarestorage.com',
      );
    }
  }
  if (Boolean(key) !== Boolean(secret)) {
    problem(
      from(key ? 'secret' : 'key'),
      'needs both the access key id and the secret access key, or neither (then the SDK finds credentials itself)',
    );
  }
  const prefix = normalPrefix(parts.prefix ?? '');
  if (!S3_PREFIX.test(prefix)) {
    problem(from('prefix'), `prefix "${prefix}" must be folders of letters, digits, . _ and -, like images/`);
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    settings: {
      bucket,
      region,
      ...(endpointUrl ? { endpoint: endpointUrl } : {}),
      ...(key && secret ? { accessKeyId: key, secretAccessKey: secret } : {}),
      prefix,
    },
  };
}
