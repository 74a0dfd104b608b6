/**
 * A stand-in OTLP receiver on loopback (decision 0074): what an OpenTelemetry Collector receives on
 * `POST /v1/traces`, decoded from the protocol's binary encoding (OTLP/HTTP with protobuf) into spans
 * the tests can read. The messages are read with @bufbuild/protobuf's wire reader, field by field as
 * opentelemetry-proto's trace.proto and common.proto number them; unknown fields are skipped, as any
 * protobuf reader does. Requests in another encoding are refused (415), so a test notices an exporter
 * that stopped speaking the protocol's default.
 */
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { BinaryReader, type WireType } from '@bufbuild/protobuf/wire';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a trace's root. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  startNanos: bigint;
  endNanos: bigint;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  /** The instrumentation scope's name (`@opentelemetry/instrumentation-pg`, `northbite-shop`). */
  scope: string;
  resource: Record<string, unknown>;
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;

/** Reads the message in `bytes`, giving each field to `onField` (which must read or skip it). */
function readMessage(
  bytes: Uint8Array,
  onField: (field: number, reader: BinaryReader, wire: WireType) => void,
) {
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [field, wire] = reader.tag();
    const before = reader.pos;
    onField(field, reader, wire);
    if (reader.pos === before) reader.skip(wire, field);
  }
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** opentelemetry.proto.common.v1.AnyValue */
function anyValue(bytes: Uint8Array): unknown {
  let value: unknown = null;
  readMessage(bytes, (field, reader) => {
    if (field === 1) value = reader.string();
    else if (field === 2) value = reader.bool();
    else if (field === 3) value = Number(reader.int64());
    else if (field === 4) value = reader.double();
    else if (field === 5) {
      const values: unknown[] = [];
      readMessage(reader.bytes(), (f, r) => {
        if (f === 1) values.push(anyValue(r.bytes()));
      });
      value = values;
    } else if (field === 6) {
      value = keyValues(reader.bytes(), 1);
    } else if (field === 7) value = hex(reader.bytes());
  });
  return value;
}

/** The repeated opentelemetry.proto.common.v1.KeyValue at `field` of the message in `bytes`. */
function keyValues(bytes: Uint8Array, field: number): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  readMessage(bytes, (f, reader) => {
    if (f !== field) return;
    let key = '';
    let value: unknown = null;
    readMessage(reader.bytes(), (kf, r) => {
      if (kf === 1) key = r.string();
      else if (kf === 2) value = anyValue(r.bytes());
    });
    attributes[key] = value;
  });
  return attributes;
}

/** opentelemetry.proto.trace.v1.Span */
function span(bytes: Uint8Array, scope: string, resource: Record<string, unknown>): ReceivedSpan {
  const result: ReceivedSpan = {
    traceId: '',
    spanId: '',
    parentSpanId: '',
    name: '',
    kind: 0,
    startNanos: 0n,
    endNanos: 0n,
    attributes: {},
    events: [],
    status: { code: 0, message: '' },
    scope,
    resource,
  };
  readMessage(bytes, (field, reader) => {
    if (field === 1) result.traceId = hex(reader.bytes());
    else if (field === 2) result.spanId = hex(reader.bytes());
    else if (field === 4) result.parentSpanId = hex(reader.bytes());
    else if (field === 5) result.name = reader.string();
    else if (field === 6) result.kind = reader.uint32();
    else if (field === 7) result.startNanos = BigInt(reader.fixed64());
    else if (field === 8) result.endNanos = BigInt(reader.fixed64());
    else if (field === 11) {
      const event = reader.bytes();
      let name = '';
      readMessage(event, (f, r) => {
        if (f === 2) name = r.string();
      });
      result.events.push({ name, attributes: keyValues(event, 3) });
    } else if (field === 15) {
      readMessage(reader.bytes(), (f, r) => {
        if (f === 2) result.status.message = r.string();
        else if (f === 3) result.status.code = r.uint32();
      });
    }
  });
  result.attributes = keyValues(bytes, 9);
  return result;
}

/** opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest */
export function decodeExportTraceRequest(bytes: Uint8Array): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  readMessage(bytes, (field, reader) => {
    if (field !== 1) return;
    const resourceSpans = reader.bytes();
    let resource: Record<string, unknown> = {};
    readMessage(resourceSpans, (f, r) => {
      if (f === 1) resource = keyValues(r.bytes(), 1);
    });
    readMessage(resourceSpans, (f, r) => {
      if (f !== 2) return;
      const scopeSpans = r.bytes();
      let scope = '';
      readMessage(scopeSpans, (sf, sr) => {
        if (sf === 1) {
          readMessage(sr.bytes(), (nf, nr) => {
            if (nf === 1) scope = nr.string();
          });
        }
      });
      readMessage(scopeSpans, (sf, sr) => {
        if (sf === 2) spans.push(span(sr.bytes(), scope, resource));
      });
    });
  });
  return spans;
}

export interface OtlpReceiver {
  /** The base address, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
  url: string;
  spans: ReceivedSpan[];
  /** Every request body as it arrived (uncompressed): to search for what must never be sent. */
  bodies: Buffer[];
  /** Resolves with the spans once `done` holds for them; rejects after `timeoutMs`. */
  waitFor(done: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: Buffer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      if (!request.headers['content-type']?.startsWith('application/x-protobuf')) {
        response.writeHead(415).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      bodies.push(body);
      try {
        spans.push(...decodeExportTraceRequest(body));
      } catch {
        response.writeHead(400).end();
        return;
      }
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    async waitFor(done, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done(spans)) {
        if (Date.now() > deadline) {
          throw new Error(`spans did not arrive; received: ${spans.map((s) => s.name).join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return spans;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
