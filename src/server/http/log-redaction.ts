/**
 * What an error may say in the log (decision 0022). A failed query's error carries its parameters
 * (a shopper's name, address, phone and e-mail) in its `params` and at the end of its message and
 * stack (drizzle's "Failed query: … params: …"), and PostgreSQL's `detail` repeats the values of a
 * key ("Key (email)=(ada@example.ca) already exists"). The log keeps the query text, the codes, the
 * stack and the cause chain, never the values.
 */
const VALUE_KEYS = new Set(['params', 'parameters', 'values', 'body', 'payload']);
const REDACTED = '[redacted]';

/** The shape Fastify's logger expects of an `err` serializer. */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}
type Serialized = SerializedError;

/** drizzle's "params: …" runs to the end of the message, or to the stack's first frame. */
const redactParams = (text: string) =>
  text.replace(/\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g, `\nparams: ${REDACTED}`);

const redactDetail = (detail: string) => detail.replace(/=\([\s\S]*\)/g, `=(${REDACTED})`);

function serialize(error: Error, depth: number): Serialized {
  const out: Serialized = {
    type: error.constructor.name,
    message: redactParams(error.message),
    stack: redactParams(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    if (VALUE_KEYS.has(key)) out[key] = REDACTED;
    else if (key === 'detail' && typeof value === 'string') out[key] = redactDetail(value);
    else if (typeof value !== 'function')
      out[key] = value instanceof Error ? serialize(value, depth + 1) : value;
  }
  if (error.cause instanceof Error && depth < 8) out.cause = serialize(error.cause, depth + 1);
  return out;
}

/** The log's `err` serializer: the error's type, message, stack, own fields and causes, values removed. */
export function serializeError(error: Error): SerializedError {
  // Whatever was logged under `err` that is not an Error passes as it is.
  return error instanceof Error ? serialize(error, 0) : (error as unknown as SerializedError);
}
