/**
 * What leaves the shop in a span (decision 0074): the libraries' instrumentations record what they see
 * (a request's full address with its query, the shopper's address and browser, an error's message),
 * and a trace backend keeps it for weeks, seen by whoever operates it. Every span is cleaned on its
 * way to the exporter, whichever instrumentation made it:
 *
 * - a request's address becomes its route pattern (`/api/orders/:id`, `/reset-password/:token` is
 *   never its address); an outgoing call keeps its host and path but loses its query;
 * - the client's network address and user agent are dropped (personal information under PIPEDA,
 *   and not needed to find a slow request);
 * - an error keeps its type, not its message or stack (a database error's message may quote a
 *   value a shopper typed);
 * - any string that still holds an e-mail address has it replaced.
 *
 * Database statements stay: the shop's queries are parameterized, so their text holds no value.
 */
import { SpanKind, type Attributes, type AttributeValue } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter, TimedEvent } from '@opentelemetry/sdk-trace-node';

/** Keys never exported: who the client is. */
const DROPPED = new Set([
  'http.user_agent',
  'user_agent.original',
  'http.client_ip',
  'client.address',
  'client.port',
  'enduser.id',
  'exception.message',
  'exception.stacktrace',
  'url.query',
  'http.request.header.cookie',
  'http.request.header.authorization',
]);
/** The peer's address: the client on a request to the shop (dropped), the service on a call out (kept). */
const PEER_ADDRESS = new Set(['net.peer.ip', 'net.peer.port', 'network.peer.address', 'network.peer.port']);
/** Keys holding a path (with its query), or a whole address. */
const PATHS = new Set(['http.target', 'url.path']);
const ADDRESSES = new Set(['http.url', 'url.full']);

const EMAIL = /[^\s"'<>(),;:@]+@[^\s"'<>(),;:@]+\.[a-z]{2,}/gi;

const withoutEmail = (value: string) => value.replace(EMAIL, '[email]');

function cleanValue(value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value === 'string') return withoutEmail(value);
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? withoutEmail(item) : item)) as AttributeValue;
  }
  return value;
}

/** The part of an address before its query and fragment. */
function withoutQuery(address: string): string {
  const end = address.search(/[?#]/);
  return end === -1 ? address : address.slice(0, end);
}

/**
 * A span's attributes as they may leave the shop. `kind` tells whose address a peer is: a server
 * span's peer is the shopper.
 */
export function cleanAttributes(kind: SpanKind, attributes: Attributes): Attributes {
  const route = attributes['http.route'];
  const pattern = typeof route === 'string' ? route : undefined;
  const incoming = kind === SpanKind.SERVER || kind === SpanKind.INTERNAL;
  const clean: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED.has(key) || key.startsWith('http.request.header.')) continue;
    if (incoming && PEER_ADDRESS.has(key)) continue;
    if (PATHS.has(key) && typeof value === 'string') {
      // A request to the shop is named by its route; a call out keeps its path, not its query.
      clean[key] = incoming ? (pattern ?? '[path]') : withoutEmail(withoutQuery(value));
      continue;
    }
    if (ADDRESSES.has(key) && typeof value === 'string') {
      const address = withoutQuery(value);
      if (!incoming) {
        clean[key] = withoutEmail(address);
        continue;
      }
      try {
        clean[key] = `${new URL(address).origin}${pattern ?? '/[path]'}`;
      } catch {
        // Not an address: nothing of it is needed.
      }
      continue;
    }
    clean[key] = cleanValue(value);
  }
  return clean;
}

function cleanEvent(kind: SpanKind, event: TimedEvent): TimedEvent {
  return event.attributes ? { ...event, attributes: cleanAttributes(kind, event.attributes) } : event;
}

/**
 * `span` as it may leave the shop: the same span (its context, times, links and resource read
 * through), with its name, attributes, events and status cleaned.
 */
export function cleanSpan(span: ReadableSpan): ReadableSpan {
  return Object.create(span, {
    name: { value: withoutEmail(span.name) },
    attributes: { value: cleanAttributes(span.kind, span.attributes) },
    events: { value: span.events.map((event) => cleanEvent(span.kind, event)) },
    // A status message is an error's message: its type is in the events.
    status: { value: { code: span.status.code } },
  }) as ReadableSpan;
}

/** `exporter`, given only cleaned spans. */
export function redactingExporter(exporter: SpanExporter): SpanExporter {
  return {
    export(spans, done) {
      exporter.export(spans.map(cleanSpan), done);
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
