/**
 * The shop's own spans (decision 0074), with OpenTelemetry's SDK in this process keeping them in
 * memory: when traces are asked for; a span per piece of work, current while it runs, failed by a
 * thrown error with its type and no message; the payment provider's calls as client spans inside a
 * trace only; the trace's ids for the log; a job as a trace of its own whoever started the round, its
 * statements under it (PGlite's, wrapped by db/pglite-tracing.ts), failed when the job fails.
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startInMemoryTracing } from '../testing/in-memory-tracing.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.js';
import { createJobRunner, defineJob, enqueueJob } from '../modules/jobs/queue.js';
import { inSpan, logTraceFields, traced, tracingEnabled, tracingRequested, untraced } from './tracing.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
let tracing: ReturnType<typeof startInMemoryTracing>;
let database: TestDatabase;

beforeAll(async () => {
  tracing = startInMemoryTracing();
  // Opened with tracing on, as main.ts starts it before the shop.
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
  await tracing?.stop();
});
beforeEach(() => tracing.reset());

const byName = (name: string) => tracing.spans().filter((span) => span.name === name);

describe('tracingRequested', () => {
  it("follows OpenTelemetry's own settings", () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example.com/v1/traces' }),
    ).toBe(true);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(
      tracingRequested({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_EXPORTER: 'none',
      }),
    ).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toBe('invalid');
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not an address' })).toBe('invalid');
  });
});

describe('inSpan', () => {
  it('makes its span current for the work, children under it, and ends it', async () => {
    expect(tracingEnabled()).toBe(true);
    const answer = await inSpan('outer', {}, async () => {
      const outerId = trace.getActiveSpan()!.spanContext().spanId;
      await inSpan('inner', { kind: SpanKind.CLIENT }, async () => {});
      return outerId;
    });
    const [outer] = byName('outer');
    const [inner] = byName('inner');
    expect(outer!.spanContext().spanId).toBe(answer);
    expect(inner!.parentSpanContext?.spanId).toBe(answer);
    expect(inner!.kind).toBe(SpanKind.CLIENT);
    expect(outer!.ended && inner!.ended).toBe(true);
  });

  it("fails the span with the error's type, not its message, and rethrows", async () => {
    class PaymentRefused extends Error {}
    await expect(
      inSpan('refused', {}, async () => {
        throw new PaymentRefused('card of leonie@example.ca declined');
      }),
    ).rejects.toThrow('declined');
    expect(() =>
      inSpan('sync', {}, () => {
        throw new TypeError('bad');
      }),
    ).toThrow(TypeError);
    const [refused] = byName('refused');
    expect(refused!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'PaymentRefused' });
    expect(refused!.events.map((event) => event.attributes)).toEqual([
      { 'exception.type': 'PaymentRefused' },
    ]);
    expect(byName('sync')[0]!.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('returns what synchronous work returns, not a promise', () => {
    expect(inSpan('sync answer', {}, () => 42)).toBe(42);
  });
});

describe('traced', () => {
  const provider = {
    label: 'test',
    async refund(amountCents: number) {
      if (amountCents > 100) throw new RangeError('too much');
      return 'refunded';
    },
  };
  const watched = traced(provider, 'payment');

  it("puts each call in a client span inside a trace, and none outside one (start-up's calls)", async () => {
    expect(watched.label).toBe('test');
    expect(await watched.refund(50)).toBe('refunded');
    expect(byName('payment refund')).toHaveLength(0);
    await inSpan('POST /api/orders/:id/refunds', {}, async () => {
      expect(await watched.refund(50)).toBe('refunded');
      await expect(watched.refund(500)).rejects.toThrow(RangeError);
    });
    const calls = byName('payment refund');
    expect(calls.map((span) => [span.kind, span.status.code])).toEqual([
      [SpanKind.CLIENT, SpanStatusCode.UNSET],
      [SpanKind.CLIENT, SpanStatusCode.ERROR],
    ]);
    expect(calls[0]!.attributes).toEqual({ 'shop.service': 'payment', 'shop.operation': 'refund' });
  });
});

describe('log fields and untraced work', () => {
  it('names the current trace for a log line, and nothing outside one', async () => {
    expect(logTraceFields()).toEqual({});
    await inSpan('logged', {}, async () => {
      const { traceId, spanId } = trace.getActiveSpan()!.spanContext();
      expect(logTraceFields()).toEqual({ trace_id: traceId, span_id: spanId, trace_flags: '01' });
      expect(untraced(() => trace.getActiveSpan())).toBeUndefined();
    });
  });
});

describe('jobs', () => {
  const sums = defineJob('test.traced', z.object({ n: z.number() }));
  const log = pino({ level: 'silent' });

  it('runs each job as a trace of its own, its statements under it, failed when the job fails', async () => {
    const runner = createJobRunner({ db: database.db, log });
    runner.handle(sums, async ({ n }) => {
      await database.db.execute(`select ${Number(n)} as n`);
      if (n < 0) throw new Error('negative');
    });
    await enqueueJob(database.db, { job: sums, payload: { n: 1 } });
    await enqueueJob(database.db, { job: sums, payload: { n: -1 }, maxAttempts: 1 });
    try {
      // Asked for by a request: the jobs are still traces of their own.
      await inSpan('POST /api/something', {}, () => runner.runDue());
    } finally {
      await runner.stop();
    }
    const jobs = byName('job test.traced');
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect(job.parentSpanContext).toBeUndefined();
    const [ok, failed] = [...jobs].sort(
      (a, b) => Number(a.attributes['job.id']) - Number(b.attributes['job.id']),
    );
    expect(ok!.status.code).toBe(SpanStatusCode.UNSET);
    expect(failed!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Error' });
    expect(ok!.attributes).toMatchObject({ 'job.type': 'test.traced', 'job.attempt': 1 });
    if (!onPostgres) {
      // pg's own instrumentation makes PostgreSQL's (the built shop's journey checks them).
      const statements = tracing
        .spans()
        .filter((span) => span.parentSpanContext?.spanId === ok!.spanContext().spanId)
        .filter((span) => span.name.startsWith('pglite.query:'));
      expect(statements.map((span) => span.attributes['db.query.text'])).toContain('select 1 as n');
      expect(statements.every((span) => span.kind === SpanKind.CLIENT)).toBe(true);
      // The runner's polling (claiming) is not a trace: no statement span without a parent.
      expect(
        tracing.spans().filter((span) => span.name.startsWith('pglite.query:') && !span.parentSpanContext),
      ).toEqual([]);
    }
  });
});
