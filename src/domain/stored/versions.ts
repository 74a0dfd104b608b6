/**
 * Records that outlive a deploy (decision 0047): what one build writes to the database and a later
 * build reads (job payloads, an e-mail's headers in the outbox, an abandoned cart's items, a
 * payment's checkout snapshot) is parsed with a schema of its own when it is read, never cast.
 *
 * Such a schema checks the record's structure (its fields and their types), not the rules of the
 * form that once produced it: those were checked when it was written, they may change, and erasure
 * rewrites personal fields to "[erased]" (decision 0043).
 *
 * Versions. Version 1 is the shape the code wrote before versions existed: it carries no `v`. It is
 * still what the code writes; a `v: 1` is accepted too, and dropped. The first change of a shape
 * writes `v: 2`, and its schema becomes a union: version 1 with an upgrade to the newest shape, and
 * version 2 (see the decision for an example).
 */
import { z } from '../zod.js';

/**
 * Version 1 of an object record: `shape`, with no `v` or `v: 1`. Keys it does not know are dropped,
 * so a later build's additions do not stop an older build from reading the record.
 */
export function versionOne<Shape extends z.ZodRawShape>(shape: Shape) {
  const version = z.literal(1, { message: 'unknown version: this build reads version 1' }).optional();
  return z.object({ ...shape, v: version }).transform((value) => {
    // The generic shape is too much for TypeScript's rest types: the record is this shape's output.
    const { v: _v, ...record } = value as { v?: 1 };
    return record as z.output<z.ZodObject<Shape>>;
  });
}

/** Where in the record: `lines[0].priceCents`, `List-Unsubscribe`, `[0].quantity`. */
const pathOf = (path: readonly PropertyKey[]) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`)).join('');

/**
 * The problems of a record that does not parse, on one line: `lines[0].priceCents: …; totals: …`.
 * A union (one of several shapes) lists what each shape found, so a version it does not know shows.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.path.length > 0 ? `${pathOf(issue.path)}: ` : '';
      const branches =
        issue.code === 'invalid_union' && issue.errors.length > 0
          ? ` (${issue.errors.map((branch) => describeIssues(branch)).join(' | ')})`
          : '';
      return `${where}${issue.message}${branches}`;
    })
    .join('; ');
}

/** A stored record that does not parse with its schema: `record` names it, `issues` say why. */
export class StoredRecordError extends Error {
  override name = 'StoredRecordError';

  constructor(
    readonly record: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`cannot read ${record}: ${describeIssues(issues)}`);
  }
}

/** `value` parsed with `schema`; throws a StoredRecordError naming `record` when it does not parse. */
export function parseStored<Schema extends z.ZodType>(
  record: string,
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoredRecordError(record, parsed.error.issues);
  return parsed.data;
}
