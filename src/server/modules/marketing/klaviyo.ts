/**
 * The `klaviyo.subscribe` jobs that newsletter sign-ups wrote before Klaviyo followed the consent
 * records (decision 0042): still run, so that none queued before the change is lost. New changes go
 * through consent/klaviyo-consent.ts.
 */
import { PermanentJobError, type JobHandler } from '../jobs/queue.js';
import { callKlaviyo, subscribeRequestBody, type KlaviyoList } from '../consent/klaviyo-consent.js';

export { subscribeRequestBody, type KlaviyoList };

export const KLAVIYO_SUBSCRIBE_JOB = 'klaviyo.subscribe';
/** With backoff capped at a day, 20 attempts keep trying for about two weeks. */
export const KLAVIYO_MAX_ATTEMPTS = 20;

export function klaviyoSubscribeHandler(list: KlaviyoList, fetchImpl: typeof fetch = fetch): JobHandler {
  return async (payload) => {
    const email = typeof payload.email === 'string' ? payload.email : '';
    if (!email) throw new PermanentJobError('job has no e-mail');
    const source = typeof payload.source === 'string' ? payload.source : 'Newsletter sign-up';
    await callKlaviyo(
      list,
      'profile-subscription-bulk-create-jobs',
      subscribeRequestBody(email, list.listId, source),
      fetchImpl,
    );
  };
}
