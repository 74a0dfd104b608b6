/**
 * A span per statement on the embedded database (decision 0074), as pg's instrumentation makes them
 * on PostgreSQL: PGlite runs in the process, so no library instruments it. Only the client drizzle
 * is given is wrapped, and only while traces are sent (db/client.ts); only statements made inside a
 * request, a job or an e-mail's delivery get a span, as on PostgreSQL.
 */
import { SpanKind } from '@opentelemetry/api';
import { inSpan } from '../observability/tracing.js';

/** The statement's verb (SELECT, INSERT, BEGIN...), as pg's instrumentation names its spans. */
const operationOf = (text: string) => /^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';

function statement<T>(text: unknown, run: () => T): T {
  const sql = typeof text === 'string' ? text : '';
  const operation = operationOf(sql);
  return inSpan(
    `pglite.query:${operation}`,
    {
      kind: SpanKind.CLIENT,
      requireParent: true,
      // The text only: the values are parameters, never recorded.
      // Named as pg's instrumentation names them (OpenTelemetry's stable database conventions).
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': sql },
    },
    run,
  );
}

/** `client` (a PGlite instance or one of its transactions) with its statements traced. */
export function tracedPglite<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'query' || property === 'exec') {
        return (text: unknown, ...rest: unknown[]) =>
          statement(text, () => method.call(target, text, ...rest));
      }
      if (property === 'transaction') {
        return (work: (tx: object) => unknown, ...rest: unknown[]) =>
          method.call(target, (tx: object) => work(tracedPglite(tx)), ...rest);
      }
      return method.bind(target);
    },
  });
}
