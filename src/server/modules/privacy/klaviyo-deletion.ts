/**
 * Asks Klaviyo to delete a deleted account's profile (KLAVIYO_PRIVATE_KEY; decision 0043), with
 * Klaviyo's "Request Profile Deletion" call. The account's deletion writes a `klaviyo.delete-profile`
 * job in its own transaction; this handler makes the call, retried with backoff through an outage
 * (jobs/queue.ts). Klaviyo deletes every profile with that address, asynchronously; asking twice
 * after a lost answer does no harm. Once Klaviyo has the request, the job's payload forgets the
 * address, so that nothing of the person stays in the jobs table either.
 */
import { eq } from 'drizzle-orm';
import { klaviyoDeleteJobPayloadSchema } from '../../../domain/stored/job-payloads.js';
import type { Database } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { defineJob, PermanentJobError, type JobHandler, type JobPayloadInput } from '../jobs/queue.js';

export const klaviyoDeleteJob = defineJob('klaviyo.delete-profile', klaviyoDeleteJobPayloadSchema);
export const KLAVIYO_DELETE_JOB = klaviyoDeleteJob.type;
const ENDPOINT = 'https://a.klaviyo.com/api/data-privacy-deletion-jobs';
/** The API revision this request was written against (the same as the sign-up call's). */
const REVISION = '2025-10-15';
const TIMEOUT_MS = 10_000;

/** The request body of Klaviyo's "Request Profile Deletion" for the profiles of one e-mail. */
export function deletionRequestBody(email: string) {
  return {
    data: {
      type: 'data-privacy-deletion-job',
      attributes: { profile: { data: { type: 'profile', attributes: { email } } } },
    },
  };
}

export function klaviyoDeletionHandler(
  db: Database,
  privateKey: string,
  fetchImpl: typeof fetch = fetch,
): JobHandler<typeof klaviyoDeleteJob> {
  const erased: JobPayloadInput<typeof klaviyoDeleteJob> = { erased: true };
  const forget = (jobId: number) => db.update(jobs).set({ payload: erased }).where(eq(jobs.id, jobId));
  return async (payload, job) => {
    // Forgotten already: Klaviyo had the request before the job could be marked done.
    if (!('email' in payload)) throw new PermanentJobError('job has no e-mail');
    const { email } = payload;
    const response = await fetchImpl(ENDPOINT, {
      method: 'POST',
      headers: {
        authorization: `Klaviyo-API-Key ${privateKey}`,
        revision: REVISION,
        accept: 'application/vnd.api+json',
        'content-type': 'application/vnd.api+json',
      },
      body: JSON.stringify(deletionRequestBody(email)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) {
      await forget(job.id);
      return;
    }
    // Klaviyo's answer may quote the address, and the job keeps its last error.
    const detail = (await response.text().catch(() => '')).split(email).join('[erased]').slice(0, 300);
    const message = `Klaviyo answered ${response.status}: ${detail}`;
    // A refused request does not pass by retrying; the address is forgotten all the same, and the
    // job's error tells the owner to delete the profile in Klaviyo by hand.
    if (response.status === 400 || response.status === 422) {
      await forget(job.id);
      throw new PermanentJobError(message);
    }
    throw new Error(message);
  };
}
