/**
 * OpenTelemetry's SDK in the test's own process, keeping each finished span in memory (decision
 * 0074): for tests of the shop's own spans (jobs, statements on PGlite, the payment provider's
 * calls) without an exporter. Start it before the database is opened: db/client.ts wraps PGlite's
 * statements only when tracing is on.
 */
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { tracingStarted } from '../observability/tracing.js';

export function startInMemoryTracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  provider.register();
  tracingStarted(() => provider.forceFlush());
  return {
    spans: () => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    async stop() {
      await provider.shutdown();
      trace.disable();
    },
  };
}
