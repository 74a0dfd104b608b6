/**
 * The refund job's type (decision 0022): a pending refund sent again by its idempotency key when
 * sending it at once did not go through. orders/refunds.ts queues it (REFUND_JOB is its type); its
 * payload is `{ idempotencyKey }` (src/domain/stored/job-payloads.ts, decision 0047).
 */
import { refundJobPayloadSchema } from '../../../domain/stored/job-payloads.js';
import { defineJob } from './definition.js';

export const refundJob = defineJob('orders.refund', refundJobPayloadSchema);
