/**
 * The id a request is logged under. A proxy or a test may send its own in `x-request-id`, so the
 * shop's log lines can be matched with theirs; but the header comes from anyone, so only a short id
 * of safe characters is kept. Anything else (kilobytes of text, line breaks or spaces that would
 * fake or split log lines, quotes) is ignored, and the request gets a new UUID as one without the
 * header does.
 */

/** 1 to 64 letters, digits and `. _ : -`: enough for UUIDs, trace ids and load balancers' ids. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The client's `x-request-id` when it is a safe id, else null (the caller makes a new one). */
export function clientRequestId(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : null;
}
