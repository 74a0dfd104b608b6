/**
 * The SDK as main.ts starts it (decision 0074), in this test's own process with the spans kept in
 * memory instead of sent: a `fetch` (Klaviyo's calls) made inside a trace is a client span of
 * undici's instrumentation, named by its method, its address without the query; one made outside
 * any trace is none; the service is named from OTEL_SERVICE_NAME. The journey (e2e/traces.test.ts)
 * checks the rest on the built shop.
 */
import { createServer, type Server } from 'node:http';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing } from './start-tracing.js';
import { flushTraces, inSpan } from './tracing.js';

const exporter = new InMemorySpanExporter();
let server: Server;
let url: string;

beforeAll(async () => {
  process.env.OTEL_SERVICE_NAME = 'northbite-unit';
  // Kept past the provider's shutdown (the memory exporter forgets its spans when shut down).
  await startTracing({
    serviceVersion: '9.9.9',
    exporter: { export: (spans, done) => exporter.export(spans, done), shutdown: async () => {} },
  });
  server = createServer((_request, response) => response.end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  server?.close();
  delete process.env.OTEL_SERVICE_NAME;
});

describe('startTracing', () => {
  it('traces fetch inside a trace only, without the query, under the service name', async () => {
    await fetch(`${url}/api/alone`);
    await inSpan('job consent.klaviyo', { root: true }, async () => {
      await fetch(`${url}/api/profile-subscription-bulk-create-jobs/?email=leonie@example.ca`, {
        method: 'POST',
        body: '{}',
      });
    });
    // Shuts the provider down, sending what the batch held.
    await flushTraces();
    const spans = exporter.getFinishedSpans();
    const calls = spans.filter(
      (span) => span.instrumentationScope.name === '@opentelemetry/instrumentation-undici',
    );
    expect(calls).toHaveLength(1);
    const [call] = calls;
    const job = spans.find((span) => span.name === 'job consent.klaviyo')!;
    expect(call!.kind).toBe(SpanKind.CLIENT);
    expect(call!.name).toBe('POST');
    expect(call!.parentSpanContext?.spanId).toBe(job.spanContext().spanId);
    expect(call!.attributes['url.full']).toBe(`${url}/api/profile-subscription-bulk-create-jobs/`);
    expect(call!.attributes['http.response.status_code']).toBe(200);
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('leonie');
    expect(job.resource.attributes).toMatchObject({
      'service.name': 'northbite-unit',
      'service.version': '9.9.9',
    });
  });
});
