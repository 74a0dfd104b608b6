/**
 * OpenTelemetry traces (decision 0074): the helpers the shop's own code uses. Only the API is imported
 * here (a few kilobytes that do nothing until an SDK registers); the SDK itself is loaded by
 * start-tracing.ts, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set. While tracing is off every
 * helper here is a plain call: no span is made and no context is kept.
 *
 * Span attributes are never personal: operations, route patterns, ids the shop makes (a job's id, an
 * e-mail's Message-ID), never an address, a name, an e-mail address or a token. What the libraries'
 * instrumentations record is cleaned on the way out (span-redaction.ts).
 */
import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { aroundMethods } from './method-proxy.js';

const TRACER = 'northbite-shop';

let started: { flush: () => Promise<void> } | undefined;

/**
 * Whether traces are asked for, by OpenTelemetry's own settings: an OTLP endpoint for traces (or for
 * all signals), unless OTEL_SDK_DISABLED is true or OTEL_TRACES_EXPORTER is none. `invalid` when the
 * endpoint is not an http(s) address: the shop refuses to start rather than lose every span quietly.
 */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean | 'invalid' {
  const endpoint = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || '').trim();
  if (!endpoint) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  try {
    const { protocol } = new URL(endpoint);
    return protocol === 'http:' || protocol === 'https:' ? true : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** True once start-tracing.ts has registered the SDK in this process. */
export const tracingEnabled = (): boolean => started !== undefined;

/** Called by start-tracing.ts (and the tests' in-memory SDK) once spans go somewhere. */
export function tracingStarted(flush: () => Promise<void>): void {
  started = { flush };
}

/** Sends the spans still held before the process exits; nothing when tracing is off. */
export async function flushTraces(): Promise<void> {
  await started?.flush();
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /**
   * A trace of its own (a job, an e-mail), not a child of whatever happened to start the round it
   * runs in: a round started by one request may run work that another request queued.
   */
  root?: boolean;
  /** Only inside a trace already under way (a statement, a call out): alone, it is not worth one. */
  requireParent?: boolean;
}

/**
 * `work` inside a span named `name`: the span is current while it runs (database statements and
 * outside calls made in it are its children), ends when it settles, and records a thrown error.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: () => T): T {
  if (!started || (options.requireParent && !trace.getActiveSpan())) return work();
  return trace
    .getTracer(TRACER)
    .startActiveSpan(
      name,
      { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, root: options.root },
      (span) => {
        let result: T;
        try {
          result = work();
        } catch (error) {
          failed(span, error);
          span.end();
          throw error;
        }
        if (!(result instanceof Promise)) {
          span.end();
          return result;
        }
        return result.then(
          (answer: unknown) => {
            span.end();
            return answer;
          },
          (error: unknown) => {
            failed(span, error);
            span.end();
            throw error;
          },
        ) as T;
      },
    );
}

/** `work` outside any trace: what it does is not counted as part of the caller's. */
export function untraced<T>(work: () => T): T {
  return started ? context.with(ROOT_CONTEXT, work) : work();
}

/** Marks the current span failed, for work that records its failure rather than throwing it. */
export function currentSpanFailed(error: unknown): void {
  const span = started && trace.getActiveSpan();
  if (span) failed(span, error);
}

/**
 * Marks `span` failed. The error's type is recorded, not its message: a message may quote what a
 * shopper typed (a database error's detail, a provider's refusal).
 */
function failed(span: Span, error: unknown): void {
  const type = error instanceof Error ? error.constructor.name : typeof error;
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
  span.addEvent('exception', { 'exception.type': type });
}

/**
 * `target` with each method call in a client span `${service} ${method}` (the payment provider, the
 * image store): what the shop asked of the service and how long it took, whatever the service's own
 * client does underneath (its HTTP calls are the span's children).
 */
export function traced<T extends object>(target: T, service: string): T {
  return aroundMethods(
    target,
    (method, call) =>
      inSpan(
        `${service} ${method}`,
        {
          kind: SpanKind.CLIENT,
          // Start-up's calls (the demo catalogue's images) are not traces of their own.
          requireParent: true,
          attributes: { 'shop.service': service, 'shop.operation': method },
        },
        call,
      ),
    tracingEnabled,
  );
}

/**
 * The current trace and span ids for a log line (pino's mixin), named as OpenTelemetry's log data
 * model names them, so a log line leads to its trace. Empty outside a span or with tracing off.
 */
export function logTraceFields(): Record<string, string> {
  if (!started) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}`.slice(-2) };
}
