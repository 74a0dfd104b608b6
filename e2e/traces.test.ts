/**
 * OpenTelemetry traces of the built shop (decision 0074), on the embedded database and on PostgreSQL:
 * the shop started with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a stand-in OTLP receiver on loopback
 * (src/server/testing/otlp-receiver.ts decodes what arrives, OTLP/HTTP with protobuf), and an SMTP
 * server on loopback for the e-mails. A named customer checks out with the test card and the admin
 * refunds part of the order; then:
 *
 * - the checkout's trace is a tree: the HTTP server span (named by its route), Fastify's request and
 *   handler under it, and under the handler the payment provider's call and the database statements
 *   (pg's instrumentation on PostgreSQL, the shop's own spans on PGlite); the order's insert is in the
 *   confirmation's trace, the provider's refund in the refund's;
 * - each e-mail handed to the SMTP server is a trace of its own, its statements under it;
 * - the log lines of a request carry its trace id;
 * - nothing the customer gave (e-mail, names, address, phone, the order's address in the shop, a
 *   token) is in any span: every request body the receiver got is searched, byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox, type Mailbox } from '../src/server/testing/mailbox';
import {
  SPAN_KIND,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from '../src/server/testing/otlp-receiver';
import { createDatabase, dropDatabase, postgresUnavailable, type TestDatabase } from './postgres';
import { startShop, type RunningShop } from './server';
import { payWithTestCard, shopApi } from './shop-api';

const ADMIN = { email: 'owner@northbite.test', password: 'traces of a good shop 2026' };
const CUSTOMER = {
  firstName: 'Léonie',
  lastName: 'Vachon-Tremblay',
  phoneNumber: '6045550177',
  password: 'maple oat clusters 2026',
};
const ADDRESS = {
  firstName: CUSTOMER.firstName,
  lastName: CUSTOMER.lastName,
  address1: '4700 Kingsway',
  city: 'Burnaby',
  state: 'British Columbia',
  postalCode: 'V5H 4M1',
  country: 'Canada',
  phoneNumber: '+16045550177',
};

interface Auth {
  token: string;
  user: { id: number; email: string };
}
interface ApiProduct {
  id: number;
  name: string;
  price: number;
}

const pgSkip = await postgresUnavailable();
if (pgSkip) {
  if (process.env.CI) throw new Error(`traces.test.ts needs PostgreSQL in CI: ${pgSkip}`);
  console.warn(`traces.test.ts: skipping PostgreSQL: ${pgSkip}`);
}

/** The spans of one trace, by id, with each span's children. */
function treeOf(spans: ReceivedSpan[], traceId: string) {
  const inTrace = spans.filter((span) => span.traceId === traceId);
  const children = (span: ReceivedSpan) => inTrace.filter((child) => child.parentSpanId === span.spanId);
  const descendants = (span: ReceivedSpan): ReceivedSpan[] =>
    children(span).flatMap((child) => [child, ...descendants(child)]);
  return { spans: inTrace, children, descendants };
}

const isStatement = (span: ReceivedSpan) => /^(pg|pglite)\.query:/.test(span.name);
const statementOf = (span: ReceivedSpan) => String(span.attributes['db.query.text'] ?? '');

describe.each([{ database: 'pglite' as const }, ...(pgSkip ? [] : [{ database: 'postgres' as const }])])(
  'traces on $database',
  ({ database }) => {
    let receiver: OtlpReceiver;
    let mailbox: Mailbox;
    let shop: RunningShop;
    let pg: TestDatabase | undefined;
    const api = shopApi(() => shop.url, database === 'pglite' ? '10.91' : '10.92');
    const email = `leonie.vachon.${database}.${Date.now()}@example.ca`;

    beforeAll(async () => {
      receiver = await startOtlpReceiver();
      mailbox = await startMailbox();
      pg = database === 'postgres' ? await createDatabase('traces') : undefined;
      shop = await startShop({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'northbite-journey',
        // Batches every 100 ms rather than 5 s: the test waits for them.
        OTEL_BSP_SCHEDULE_DELAY: '100',
        LOG_LEVEL: 'info',
        SMTP_URL: mailbox.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        TRUST_PROXY: '1',
        ...(pg ? { DATABASE_URL: pg.url } : {}),
      });
    });
    afterAll(async () => {
      await shop?.stop();
      await mailbox?.close();
      await receiver?.close();
      if (pg) await dropDatabase(pg.name);
    });

    it('sends the span tree of a checkout, the e-mails and a refund, with nothing personal in it', async () => {
      const customer = await api<Auth>('/api/users/register', {
        method: 'POST',
        body: { ...CUSTOMER, email },
      });
      // An address with the e-mail in its query: the span keeps the route, not the address.
      await api(`/api/products?email=${encodeURIComponent(email)}`);
      const products = await api<ApiProduct[]>('/api/products');
      const granola = products.find((p) => p.name === 'Maple Almond Granola')!;
      const order = await payWithTestCard<{ id: number }>(
        api,
        customer.token,
        [{ ...granola, quantity: 2 }],
        { ...ADDRESS, email },
      );
      await mailbox.waitFor(email, /order/i);
      const admin = await api<Auth>('/api/users/login', { method: 'POST', body: ADMIN });
      await api(`/api/orders/${order.id}/refunds`, {
        method: 'POST',
        token: admin.token,
        body: { amount: 1, reason: 'One pouch arrived torn.' },
      });

      const serverSpan = (name: string) =>
        receiver.spans.find((span) => span.kind === SPAN_KIND.server && span.name === name);
      await receiver.waitFor(
        (spans) =>
          Boolean(serverSpan('POST /api/orders/:id/refunds')) &&
          spans.filter((span) => span.name === 'email send').length >= 2,
      );
      const spans = receiver.spans;

      // Every span names the service, from OTEL_SERVICE_NAME.
      expect(new Set(spans.map((span) => span.resource['service.name']))).toEqual(
        new Set(['northbite-journey']),
      );

      // The payment intent: HTTP server span → Fastify's request → its handler → the provider's call and
      // the statements.
      const intentRoot = serverSpan('POST /api/payments/create-payment-intent')!;
      expect(intentRoot).toBeDefined();
      expect(intentRoot.parentSpanId).toBe('');
      expect(intentRoot.scope).toBe('@opentelemetry/instrumentation-http');
      expect(intentRoot.attributes['http.route']).toBe('/api/payments/create-payment-intent');
      expect(intentRoot.attributes['http.response.status_code']).toBe(200);
      const intent = treeOf(spans, intentRoot.traceId);
      const [request] = intent.children(intentRoot);
      expect(request).toMatchObject({ name: 'request', scope: '@fastify/otel' });
      // The request's children: its handler, and the statements of the hooks before it (the session).
      const handler = intent.children(request!).find((span) => span.name.startsWith('handler'));
      expect(handler).toMatchObject({ name: 'handler /api/payments/create-payment-intent' });
      const underHandler = intent.descendants(handler!);
      const providerCall = underHandler.find((span) => span.name === 'payment createIntent');
      expect(providerCall).toMatchObject({ kind: SPAN_KIND.client, status: { code: 0 } });
      const statements = underHandler.filter(isStatement);
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        expect(statement.kind).toBe(SPAN_KIND.client);
        expect(statement.scope).toBe(
          database === 'postgres' ? '@opentelemetry/instrumentation-pg' : 'northbite-shop',
        );
        expect(statement.attributes['db.system.name']).toBe('postgresql');
        expect(statementOf(statement)).toMatch(/\$1|select|insert|update|begin|commit/i);
      }

      // The confirmation places the order: its insert is a statement of that request's trace.
      const confirmRoot = serverSpan('POST /api/payments/test/confirm')!;
      const confirm = treeOf(spans, confirmRoot.traceId);
      expect(
        confirm.spans.filter(isStatement).some((span) => /^insert into "orders"/.test(statementOf(span))),
      ).toBe(true);

      // The refund: the provider's refund under the admin's request.
      const refundRoot = serverSpan('POST /api/orders/:id/refunds')!;
      const refund = treeOf(spans, refundRoot.traceId);
      const providerRefund = refund.descendants(refundRoot).find((span) => span.name === 'payment refund');
      expect(providerRefund).toMatchObject({ kind: SPAN_KIND.client, status: { code: 0 } });
      // The test processor keeps its refunds in the database: its statements are the call's children.
      expect(refund.descendants(providerRefund!).some(isStatement)).toBe(true);
      expect(refundRoot.attributes['url.path']).toBe('/api/orders/:id/refunds');

      // Each e-mail handed off is a trace of its own, its outbox statements under it.
      const sends = spans.filter((span) => span.name === 'email send');
      for (const send of sends) {
        expect(send).toMatchObject({ parentSpanId: '', kind: SPAN_KIND.client, status: { code: 0 } });
        expect(typeof send.attributes['email.id']).toBe('number');
        expect(
          treeOf(spans, send.traceId)
            .descendants(send)
            .some((span) => isStatement(span) && /email_outbox/.test(statementOf(span))),
        ).toBe(true);
      }

      // The request's log lines name its trace.
      const logLines = shop
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; trace_id?: string; req?: { url?: string } });
      const intentLog = logLines.find(
        (line) => line.msg === 'incoming request' && line.req?.url === '/api/payments/create-payment-intent',
      );
      expect(intentLog?.trace_id).toBe(intentRoot.traceId);
      // Every traced request's lines do (the health checks are not traced: the start-up's polls).
      const requestLines = logLines.filter(
        (line) => line.msg === 'incoming request' && !line.req?.url?.startsWith('/api/health'),
      );
      expect(requestLines.length).toBeGreaterThan(5);
      expect(requestLines.filter((line) => !/^[0-9a-f]{32}$/.test(line.trace_id ?? ''))).toEqual([]);

      // Nothing the customer gave, in any byte sent.
      const sent = Buffer.concat(receiver.bodies).toString('utf8');
      for (const personal of [
        email,
        encodeURIComponent(email),
        CUSTOMER.firstName,
        CUSTOMER.lastName,
        ADDRESS.address1,
        ADDRESS.postalCode,
        CUSTOMER.phoneNumber,
        customer.token,
        admin.token,
        `/orders/${order.id}`,
      ]) {
        expect(sent, personal).not.toContain(personal);
      }
      for (const span of spans) {
        expect(span.attributes['user_agent.original']).toBeUndefined();
        expect(span.attributes['client.address']).toBeUndefined();
        if (span.kind === SPAN_KIND.server) expect(span.attributes['network.peer.address']).toBeUndefined();
      }
    });
  },
);
