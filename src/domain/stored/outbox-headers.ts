/**
 * The headers an e-mail in the outbox is sent with (`email_outbox.headers`, decision 0044): on a
 * commercial e-mail, List-Unsubscribe with its http(s) link in angle brackets (RFC 2369) and, for
 * an https link, List-Unsubscribe-Post for one click (RFC 8058); null on a transactional one. The
 * mailer parses them before sending (decision 0047).
 *
 * Version 1 is this map of header names, which has no room for a `v`: a version 2 would be written
 * as `{ v: 2, headers: … }`, which this schema refuses (it has no List-Unsubscribe).
 */
import { z } from '../zod.js';

/** One http(s) URI in angle brackets, with no space, bracket or line break inside. */
const BRACKETED_LINK = /^<https?:\/\/[^\s<>]+>$/;

export const ONE_CLICK_UNSUBSCRIBE = 'List-Unsubscribe=One-Click';

/** Version 1, with no `v` (a header name would be all it could be). */
export const outboxHeadersSchema = z.object({
  'List-Unsubscribe': z
    .string()
    .regex(BRACKETED_LINK, { message: 'must be one http(s) link in angle brackets' }),
  'List-Unsubscribe-Post': z.literal(ONE_CLICK_UNSUBSCRIBE).optional(),
});
export type OutboxHeaders = z.output<typeof outboxHeadersSchema>;
export type OutboxHeadersInput = z.input<typeof outboxHeadersSchema>;

/** The column: headers, or null for an e-mail sent with none of its own. */
export const outboxHeadersColumnSchema = outboxHeadersSchema.nullable();
