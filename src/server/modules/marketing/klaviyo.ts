/**
 * The `klaviyo.subscribe` jobs that newsletter sign-ups wrote before Klaviyo followed the consent
 * records (decision 0042): still run, so that none queued before the change is lost. New changes go
 * through consent/klaviyo-consent.ts.
 */
import { klaviyoSubscribeJobPayloadSchema } from '../../../domain/stored/job-payloads.js';
import { defineJob, type JobHandler } from '../jobs/queue.js';
import { callKlaviyo, subscribeRequestBody, type KlaviyoList } from '../consent/klaviyo-consent.js';

export { subscribeRequestBody, type KlaviyoList };

export const klaviyoSubscribeJob = defineJob('klaviyo.subscribe', klaviyoSubscribeJobPayloadSchema);
export const KLAVIYO_SUBSCRIBE_JOB = klaviyoSubscribeJob.type;
/** With backoff capped at a day, 20 attempts keep trying for about two weeks. */
export const KLAVIYO_MAX_ATTEMPTS = 20;

export function klaviyoSubscribeHandler(
  list: KlaviyoList,
  fetchImpl: typeof fetch = fetch,
): JobHandler<typeof klaviyoSubscribeJob> {
  return async ({ email, source = 'Newsletter sign-up' }) => {
    await callKlaviyo(
      list,
      'profile-subscription-bulk-create-jobs',
      subscribeRequestBody(email, list.listId, source),
      fetchImpl,
    );
  };
}
