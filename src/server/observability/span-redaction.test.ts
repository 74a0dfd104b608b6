/**
 * What may leave the shop in a span (decision 0074): a request's address becomes its route, a call
 * out loses its query, the shopper's address and browser and an error's message are dropped, and an
 * e-mail address anywhere is replaced.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { describe, expect, it } from 'vitest';
import { cleanAttributes, redactingExporter } from './span-redaction.js';

describe('cleanAttributes', () => {
  it('names a request to the shop by its route, never its address or query', () => {
    const attributes = cleanAttributes(SpanKind.SERVER, {
      'http.request.method': 'GET',
      'http.route': '/api/orders/:id',
      'url.path': '/api/orders/1042',
      'url.query': 'email=leonie@example.ca',
      'url.full': 'https://shop.example.ca/api/orders/1042?token=abc',
      'http.target': '/api/orders/1042?token=abc',
      'http.response.status_code': 200,
    });
    expect(attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/api/orders/:id',
      'url.path': '/api/orders/:id',
      'url.full': 'https://shop.example.ca/api/orders/:id',
      'http.target': '/api/orders/:id',
      'http.response.status_code': 200,
    });
  });

  it('keeps no path at all for a request that matched no route', () => {
    expect(cleanAttributes(SpanKind.SERVER, { 'url.path': '/reset-password/abc123' })).toEqual({
      'url.path': '[path]',
    });
    // Fastify's own request span is internal, under the HTTP server span: the same rule.
    expect(cleanAttributes(SpanKind.INTERNAL, { 'url.path': '/orders/7?x=1', 'http.route': '/*' })).toEqual({
      'url.path': '/*',
      'http.route': '/*',
    });
  });

  it("drops the shopper's network address and browser, and any header", () => {
    expect(
      cleanAttributes(SpanKind.SERVER, {
        'client.address': '203.0.113.7',
        'network.peer.address': '203.0.113.7',
        'net.peer.ip': '203.0.113.7',
        'user_agent.original': 'Mozilla/5.0',
        'http.user_agent': 'Mozilla/5.0',
        'http.request.header.cookie': ['session=1'],
        'server.port': 443,
      }),
    ).toEqual({ 'server.port': 443 });
  });

  it("keeps a call's host and path, not its query, and the service's address", () => {
    expect(
      cleanAttributes(SpanKind.CLIENT, {
        'url.full': 'https://a.klaviyo.com/api/profiles/?filter=equals(email,"leonie@example.ca")',
        'url.path': '/v1/payment_intents/pi_123?expand=x',
        'network.peer.address': '10.0.0.9',
      }),
    ).toEqual({
      'url.full': 'https://a.klaviyo.com/api/profiles/',
      'url.path': '/v1/payment_intents/pi_123',
      'network.peer.address': '10.0.0.9',
    });
  });

  it('replaces an e-mail address in any string, and keeps what holds none', () => {
    expect(
      cleanAttributes(SpanKind.CLIENT, {
        'db.query.text': "select 1 where email = 'leonie.vachon+shop@example.ca'",
        tags: ['ok', 'x@y.ca'],
        'job.id': 42,
        'db.system.name': 'postgresql',
      }),
    ).toEqual({
      'db.query.text': "select 1 where email = '[email]'",
      tags: ['ok', '[email]'],
      'job.id': 42,
      'db.system.name': 'postgresql',
    });
  });
});

describe('redactingExporter', () => {
  it("sends spans with their error's type and no message, their ids and times as they were", async () => {
    const memory = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(redactingExporter(memory))],
    });
    const span = provider.getTracer('test').startSpan('GET /api/users/:id', {
      kind: SpanKind.SERVER,
      attributes: { 'url.path': '/api/users/leonie@example.ca', 'http.route': '/api/users/:id' },
    });
    span.recordException(new Error('duplicate key: (email)=(leonie@example.ca)'));
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'duplicate key: (email)=(leonie@example.ca)' });
    span.end();
    await provider.forceFlush();
    const [sent] = memory.getFinishedSpans();
    expect(sent!.name).toBe('GET /api/users/:id');
    expect(sent!.spanContext()).toEqual(span.spanContext());
    expect(sent!.attributes['url.path']).toBe('/api/users/:id');
    expect(sent!.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(sent!.events.map((event) => event.attributes)).toEqual([{ 'exception.type': 'Error' }]);
    expect(JSON.stringify([sent!.attributes, sent!.events, sent!.status, sent!.name])).not.toContain(
      'leonie',
    );
    await provider.shutdown();
  });
});
