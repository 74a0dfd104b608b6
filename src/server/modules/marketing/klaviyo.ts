/**
 * Newsletter sign-ups into a Klaviyo list (KLAVIYO_PRIVATE_KEY + KLAVIYO_LIST_ID). The sign-up writes
 * a `klaviyo.subscribe` job in its own transaction; this handler makes the call, so a Klaviyo outage
 * or a restart loses nobody: the job retries with backoff (jobs/queue.ts). Klaviyo's subscribe
 * endpoint is an upsert, so a repeated call after a lost answer does no harm.
 */
import { PermanentJobError, type JobHandler } from '../jobs/queue.js';

export const KLAVIYO_SUBSCRIBE_JOB = 'klaviyo.subscribe';
/** With backoff capped at a day, 20 attempts keep trying for about two weeks. */
export const KLAVIYO_MAX_ATTEMPTS = 20;
const ENDPOINT = 'https://a.klaviyo.com/api/profile-subscription-bulk-create-jobs';
/** The API revision this request was written against; Klaviyo supports each for two years. */
const REVISION = '2025-10-15';
const TIMEOUT_MS = 10_000;

export interface KlaviyoList {
  privateKey: string;
  listId: string;
}

/** The request body of Klaviyo's "Bulk Subscribe Profiles" call for one e-mail. */
export function subscribeRequestBody(email: string, listId: string, source: string) {
  return {
    data: {
      type: 'profile-subscription-bulk-create-job',
      attributes: {
        custom_source: source,
        profiles: {
          data: [
            {
              type: 'profile',
              attributes: { email, subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } },
            },
          ],
        },
      },
      relationships: { list: { data: { type: 'list', id: listId } } },
    },
  };
}

export function klaviyoSubscribeHandler(list: KlaviyoList, fetchImpl: typeof fetch = fetch): JobHandler {
  return async (payload) => {
    const email = typeof payload.email === 'string' ? payload.email : '';
    if (!email) throw new PermanentJobError('job has no e-mail');
    const source = typeof payload.source === 'string' ? payload.source : 'Newsletter sign-up';
    const response = await fetchImpl(ENDPOINT, {
      method: 'POST',
      headers: {
        authorization: `Klaviyo-API-Key ${list.privateKey}`,
        revision: REVISION,
        accept: 'application/vnd.api+json',
        'content-type': 'application/vnd.api+json',
      },
      body: JSON.stringify(subscribeRequestBody(email, list.listId, source)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) return;
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    const message = `Klaviyo answered ${response.status}: ${detail}`;
    // Klaviyo refusing the request itself (an address it will not take) does not pass by retrying;
    // everything else (outage, throttling, a key or list being fixed) is retried for days.
    if (response.status === 400 || response.status === 422) throw new PermanentJobError(message);
    throw new Error(message);
  };
}
