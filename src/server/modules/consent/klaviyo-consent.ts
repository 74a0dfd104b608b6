/**
 * Klaviyo follows the shop's consent records (decision 0042). Each change writes a
 * `klaviyo.consent` job for the address; the job applies the address's state as it is when the job
 * runs, so jobs that run late or out of order still leave Klaviyo where the shop is:
 *
 * - granted, at an address its owner confirmed (an account's confirmed address, or a newsletter
 *   sign-up whose link was followed): unsuppress (a suppression the shop asked for earlier), then subscribe to the list;
 * - withdrawn, or no record any more: suppress, so no Klaviyo flow or campaign e-mails the address.
 *
 * - granted at an address nobody confirmed yet: nothing; confirming it writes a job of its own.
 *
 * All three calls are idempotent on Klaviyo's side, so a retry after a lost answer does no harm.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { klaviyoConsentJobPayloadSchema } from '../../../domain/stored/job-payloads.js';
import { marketingConsents, newsletterSubscribers, users } from '../../db/schema.js';
import { defineJob, PermanentJobError, type JobHandler } from '../jobs/queue.js';

export const klaviyoConsentJob = defineJob('klaviyo.consent', klaviyoConsentJobPayloadSchema);
export const KLAVIYO_CONSENT_JOB = klaviyoConsentJob.type;
/** The job of one consent event: this prefix and the event's id (the inbox joins on it). */
export const KLAVIYO_CONSENT_KEY_PREFIX = 'klaviyo-consent-';
/** With backoff capped at a day, 20 attempts keep trying for about two weeks. */
export const KLAVIYO_CONSENT_MAX_ATTEMPTS = 20;

const API = 'https://a.klaviyo.com/api';
/** The API revision these requests were written against; Klaviyo supports each for two years. */
export const KLAVIYO_REVISION = '2025-10-15';
const TIMEOUT_MS = 10_000;

export interface KlaviyoList {
  privateKey: string;
  listId: string;
}

const profiles = (email: string) => ({ data: [{ type: 'profile', attributes: { email } }] });

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

/** "Bulk Suppress Profiles": the address gets no marketing e-mail from Klaviyo, whatever its lists. */
export const suppressRequestBody = (email: string) => ({
  data: { type: 'profile-suppression-bulk-create-job', attributes: { profiles: profiles(email) } },
});

/** "Bulk Unsuppress Profiles": lifts a suppression the shop asked for (reason USER_SUPPRESSED). */
export const unsuppressRequestBody = (email: string) => ({
  data: { type: 'profile-suppression-bulk-delete-job', attributes: { profiles: profiles(email) } },
});

/** One call to Klaviyo's API; throws a retryable error, or a permanent one when Klaviyo refuses the request. */
export async function callKlaviyo(
  list: KlaviyoList,
  path: string,
  body: unknown,
  fetchImpl: typeof fetch,
): Promise<void> {
  const response = await fetchImpl(`${API}/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Klaviyo-API-Key ${list.privateKey}`,
      revision: KLAVIYO_REVISION,
      accept: 'application/vnd.api+json',
      'content-type': 'application/vnd.api+json',
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.ok) return;
  const detail = (await response.text().catch(() => '')).slice(0, 300);
  const message = `Klaviyo answered ${response.status} to ${path}: ${detail}`;
  // Klaviyo refusing the request itself (an address it will not take) does not pass by retrying;
  // everything else (outage, throttling, a key or list being fixed) is retried for days.
  if (response.status === 400 || response.status === 422) throw new PermanentJobError(message);
  throw new Error(message);
}

/** Whether the address's owner has shown it is theirs: a followed confirmation link of either kind. */
async function confirmed(db: Pick<Database, 'select'>, email: string): Promise<boolean> {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNotNull(users.emailVerifiedAt)));
  if (account) return true;
  const [signup] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        sql`lower(${newsletterSubscribers.email}) = ${email}`,
        eq(newsletterSubscribers.status, 'confirmed'),
      ),
    );
  return Boolean(signup);
}

export function klaviyoConsentHandler(
  db: Pick<Database, 'select'>,
  list: KlaviyoList,
  fetchImpl: typeof fetch = fetch,
): JobHandler<typeof klaviyoConsentJob> {
  return async ({ email }) => {
    const [consent] = await db
      .select({ granted: marketingConsents.granted })
      .from(marketingConsents)
      .where(and(eq(marketingConsents.email, email), eq(marketingConsents.channel, 'email')));
    if (consent?.granted) {
      if (!(await confirmed(db, email))) return;
      await callKlaviyo(
        list,
        'profile-suppression-bulk-delete-jobs',
        unsuppressRequestBody(email),
        fetchImpl,
      );
      await callKlaviyo(
        list,
        'profile-subscription-bulk-create-jobs',
        subscribeRequestBody(email, list.listId, 'Consent recorded by the shop'),
        fetchImpl,
      );
      return;
    }
    await callKlaviyo(list, 'profile-suppression-bulk-create-jobs', suppressRequestBody(email), fetchImpl);
  };
}
