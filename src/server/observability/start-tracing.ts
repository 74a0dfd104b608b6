/**
 * Starts OpenTelemetry's Node SDK for traces (decision 0074). main.ts imports this file only when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, and before the rest of
 * the shop: the instrumentations have to be in place before Fastify, pg and undici are loaded.
 *
 * - HTTP (`@opentelemetry/instrumentation-http`): a server span per request, and a client span per
 *   outgoing call made with node:http (Stripe's client, S3).
 * - Fastify (`@fastify/otel`, the Fastify team's instrumentation): the request and its handler, and
 *   the route pattern, which names the HTTP span (`GET /api/products/:slug`).
 * - pg (`@opentelemetry/instrumentation-pg`): a span per statement on PostgreSQL; the embedded
 *   database's statements get theirs from db/pglite-tracing.ts.
 * - undici (`@opentelemetry/instrumentation-undici`): a client span per `fetch` (Klaviyo).
 * - The shop's own: each job, each e-mail handed to the SMTP server, each call to the payment
 *   provider and the image store (tracing.ts).
 *
 * Everything else is OpenTelemetry's standard settings, read by the SDK: OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER and its argument, OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_BSP_SCHEDULE_DELAY. Spans go out as OTLP over HTTP with protobuf, the protocol's default,
 * cleaned of personal data first (span-redaction.ts).
 */
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { redactingExporter } from './span-redaction.js';
import { tracingStarted } from './tracing.js';

/** Requests not traced: the load balancer's and Prometheus' polls, every few seconds all day. */
const UNTRACED_PATHS = new Set(['/api/health', '/api/health/ready', '/metrics']);

export interface TracingOptions {
  serviceVersion: string;
  /** Where spans go; OTLP over HTTP to the configured endpoint when not given (tests pass their own). */
  exporter?: SpanExporter;
}

/** Registers the SDK and its instrumentations; resolves once ES module imports will be hooked. */
export async function startTracing({ serviceVersion, exporter }: TracingOptions): Promise<void> {
  // pg is imported as an ES module: its instrumentation patches it through import-in-the-middle's
  // hook, for the modules an instrumentation asks for only (the message channel tells the hook which).
  const hooks = isMainThread ? createAddHookMessageChannel() : undefined;
  if (hooks) register('import-in-the-middle/hook.mjs', import.meta.url, hooks.registerOptions);

  const resource = defaultResource()
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: 'northbite-shop',
        [ATTR_SERVICE_VERSION]: serviceVersion,
      }),
    )
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults above.
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(redactingExporter(exporter ?? new OTLPTraceExporter()))],
  });
  // The context manager (AsyncLocalStorage) and W3C trace context propagation.
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!),
        // A call made outside any request or job (a timer's) is not a trace of its own.
        requireParentforOutgoingSpans: true,
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      // The job runner and the mailer poll the database every few seconds: their looking is not
      // traced, only the work they find (a job's span is the parent of its statements).
      new PgInstrumentation({ requireParentSpan: true }),
      // Lifecycle hooks take microseconds each; the request, its handler and what they call are
      // where time goes.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        // Named by its route, not by the chain of plugins Fastify registered it under.
        lifecycleHook: (span, { hookName, request }) => {
          if (hookName === 'handler') span.updateName(`handler ${request.routeOptions.url ?? 'unmatched'}`);
        },
      }),
    ],
  });
  await hooks?.waitForAllMessagesAcknowledged();
  tracingStarted(async () => {
    await provider.shutdown();
  });
}
