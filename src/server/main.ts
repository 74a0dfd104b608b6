/**
 * The shop's entry point (`node build/app/server/main.js`, what `npm start` runs). With an OTLP
 * endpoint set, OpenTelemetry's SDK starts first (decision 0074): its instrumentations must be in
 * place before Fastify, pg and undici are loaded, so the shop itself (serve.ts) is imported after.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './paths.js';
import { tracingRequested } from './observability/tracing.js';

const tracing = tracingRequested(process.env);
if (tracing === 'invalid') {
  console.error(
    'OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) must be an http:// or https:// address: an OTLP receiver, such as an OpenTelemetry Collector on port 4318.',
  );
  process.exit(1);
}
if (tracing) {
  const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const { startTracing } = await import('./observability/start-tracing.js');
  await startTracing({ serviceVersion: version });
}
await import('./serve.js');
