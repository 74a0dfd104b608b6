/**
 * The payload of every job type of the jobs table (decisions 0025, 0047), as the code writes it.
 * The job runner parses a job's payload with its type's schema before the handler sees it; a job
 * whose payload does not parse is parked (jobs/queue.ts).
 */
import { z } from '../zod.js';
import { versionOne } from './versions.js';

const email = z
  .string({ message: 'an e-mail address is required' })
  .min(1, { message: 'the e-mail address is empty' });

/** The time a daily job was scheduled for, as ISO 8601; read as a Date. */
const scheduledFor = z.iso
  .datetime({ offset: true, message: 'runAt must be an ISO 8601 date and time' })
  .transform((value) => new Date(value));

/** `abandoned-cart.reminder`: the saved cart to send the one reminder about (decision 0016). */
export const reminderJobPayloadSchema = versionOne({ cartId: z.number().int().positive() });
export type ReminderJobPayload = z.output<typeof reminderJobPayloadSchema>;

/** `orders.refund`: the refund to send again, by its idempotency key (decision 0022). */
export const refundJobPayloadSchema = versionOne({ idempotencyKey: z.string().min(1) });
export type RefundJobPayload = z.output<typeof refundJobPayloadSchema>;

/**
 * `klaviyo.subscribe`: a newsletter sign-up written before Klaviyo followed the consent records
 * (decision 0042); nothing writes these any more, the ones queued before still run.
 */
export const klaviyoSubscribeJobPayloadSchema = versionOne({ email, source: z.string().optional() });
export type KlaviyoSubscribeJobPayload = z.output<typeof klaviyoSubscribeJobPayloadSchema>;

/** `klaviyo.consent`: the address whose consent Klaviyo is to follow (decision 0042). */
export const klaviyoConsentJobPayloadSchema = versionOne({ email });
export type KlaviyoConsentJobPayload = z.output<typeof klaviyoConsentJobPayloadSchema>;

/**
 * `klaviyo.delete-profile`: the address of a deleted account whose Klaviyo profile is to go
 * (decision 0043), or `{ erased: true }` once Klaviyo has the request and the job forgot it.
 */
export const klaviyoDeleteJobPayloadSchema = z.union(
  [versionOne({ email }), versionOne({ erased: z.literal(true) })],
  { error: 'expected { email } or { erased: true }' },
);
export type KlaviyoDeleteJobPayload = z.output<typeof klaviyoDeleteJobPayloadSchema>;

/** `privacy.forget-farewell`: the outbox row of a deleted account's farewell e-mail (decision 0043). */
export const farewellCleanupJobPayloadSchema = versionOne({ emailId: z.number().int().positive() });
export type FarewellCleanupJobPayload = z.output<typeof farewellCleanupJobPayloadSchema>;

/** `maintenance.housekeeping`: the time this daily run was scheduled for (decision 0019). */
export const housekeepingJobPayloadSchema = versionOne({ runAt: scheduledFor });
export type HousekeepingJobPayload = z.output<typeof housekeepingJobPayloadSchema>;

/** `images.collect-garbage`: the time this daily pass was scheduled for (decision 0030). */
export const imageCollectionJobPayloadSchema = versionOne({ runAt: scheduledFor });
export type ImageCollectionJobPayload = z.output<typeof imageCollectionJobPayloadSchema>;

/** `reviews.request`: the delivered order whose review request e-mail is due (decision 0063). */
export const reviewRequestJobPayloadSchema = versionOne({ orderId: z.number().int().positive() });
export type ReviewRequestJobPayload = z.output<typeof reviewRequestJobPayloadSchema>;
