/**
 * A row job type, declared once (jobs/queue.ts, decision 0047): its name in the jobs table and the
 * schema of its payload (src/domain/stored/job-payloads.ts). Apart from queue.ts, so that a
 * definition can be imported by the runner and by whoever queues the job without a cycle.
 */
import type { z } from 'zod';

/** What a payload schema must take: a JSON object (the jobs table's `payload`). */
export type JobPayloadSchema = z.ZodType<unknown, Record<string, unknown>>;

/** A row job's type: its name in the jobs table and the schema of its payload. */
export interface JobDefinition<
  Type extends string = string,
  Schema extends JobPayloadSchema = JobPayloadSchema,
> {
  readonly type: Type;
  readonly schema: Schema;
}

/** Declares a job type, once: `defineJob('orders.refund', refundJobPayloadSchema)`. */
export function defineJob<const Type extends string, Schema extends JobPayloadSchema>(
  type: Type,
  schema: Schema,
): JobDefinition<Type, Schema> {
  return Object.freeze({ type, schema });
}

/** The payload a handler gets: parsed, in the newest version. */
export type JobPayload<Job extends JobDefinition> = z.output<Job['schema']>;
/** The payload `enqueueJob` writes. */
export type JobPayloadInput<Job extends JobDefinition> = z.input<Job['schema']>;

export type JobHandler<Job extends JobDefinition = JobDefinition> = (
  payload: JobPayload<Job>,
  job: { id: number; attempts: number },
) => Promise<void>;
