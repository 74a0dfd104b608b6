#!/usr/bin/env node
/** Writes .br and .gz beside each hashed build asset, so they are served compressed at maximum quality. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = join(
  import.meta.dirname ?? new URL('.', import.meta.url).pathname,
  '..',
  'build',
  'client',
  'assets',
);
let count = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const body = readFileSync(join(dir, name));
  if (body.length < 1024) continue;
  writeFileSync(
    join(dir, `${name}.br`),
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} assets`);
