/**
 * Marketing consent (decision 0042): one record per address and channel (`marketing_consents`), every
 * grant and withdrawal in `consent_events`, and everything else following it in the same transaction:
 * the account's flags (isSubscribedEmail, isSubscribedPhone), the newsletter sign-up's status, and
 * Klaviyo, through a job that applies the address's state as it stands when the job runs.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  CONSENT_WORDING,
  UNSUBSCRIBE_LINK_DAYS,
  UNSUBSCRIBE_MESSAGES,
  maskEmail,
  type ConsentChannel,
  type ConsentSource,
  type UnsubscribeReply,
} from '../../../domain/consent.js';
import type { Database, Transaction as Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { consentEvents, marketingConsents, newsletterSubscribers, users } from '../../db/schema.js';
import { enqueueJob, type JobRunner } from '../jobs/queue.js';
import {
  klaviyoConsentJob,
  KLAVIYO_CONSENT_KEY_PREFIX,
  KLAVIYO_CONSENT_MAX_ATTEMPTS,
} from './klaviyo-consent.js';
import { createLinkTokens, type LinkTokens } from './link-tokens.js';

type Executor = Pick<Tx, 'select' | 'insert' | 'update' | 'execute'>;

export interface ConsentChange {
  email: string;
  channel: ConsentChannel;
  granted: boolean;
  source: ConsentSource;
  /** The words the person saw (domain/consent.ts CONSENT_WORDING). */
  wording: string;
  /** Whether the box was ticked before the person touched it; null where no box was shown. */
  preTicked?: boolean | null;
  /** The number an SMS consent is about. */
  phoneNumber?: string | null;
  userId?: number | null;
  clientAddress?: string | null;
  /** The unsubscribe link that made this withdrawal (each works once). */
  tokenId?: string | null;
}

export interface ConsentService {
  /**
   * Records a grant or withdrawal in the caller's transaction and makes the flags, the newsletter
   * list and (through a job) Klaviyo follow. Call `syncSoon()` after the commit.
   */
  record(tx: Executor, change: ConsentChange): Promise<void>;
  /** Whether the address has granted consent on the channel; null when there is no record. */
  current(tx: Executor, email: string, channel: ConsentChannel): Promise<boolean | null>;
  /**
   * Sets the account's flags from the records of its current address and phone number: after the
   * account was made or its address changed (a record belongs to an address, not to an account).
   */
  followAccount(tx: Executor, userId: number): Promise<void>;
  /**
   * The account's address was just confirmed (its link followed): the flags follow its records and,
   * if it agreed to e-mail, Klaviyo may now have it (only confirmed addresses reach Klaviyo).
   */
  addressConfirmed(tx: Executor, userId: number): Promise<void>;
  /** Starts the Klaviyo jobs written by `record` (after the commit); nothing without Klaviyo. */
  syncSoon(): void;
  /** The link an e-mail's reader follows to stop marketing e-mails, without signing in. */
  unsubscribeUrl(email: string): Promise<string>;
  /** What the link would do, without doing it (the page asks before it acts). */
  inspect(token: string): Promise<UnsubscribeReply>;
  /** Follows an unsubscribe link: the withdrawal, at once. */
  unsubscribe(
    token: string,
    via: { source: 'unsubscribe-link' | 'one-click'; clientAddress: string | null },
  ): Promise<UnsubscribeReply>;
}

export interface ConsentServiceOptions {
  db: Database;
  publicUrl: string;
  /** Set when Klaviyo is (KLAVIYO_PRIVATE_KEY + KLAVIYO_LIST_ID): changes are sent to it. */
  klaviyo?: { jobs: Pick<JobRunner, 'runSoon'> };
  now?: () => Date;
}

const normalise = (email: string) => email.trim().toLowerCase();

export function createConsentService({
  db,
  publicUrl,
  klaviyo,
  now = () => new Date(),
}: ConsentServiceOptions): ConsentService {
  const tokens: LinkTokens = createLinkTokens(db);

  async function record(tx: Executor, change: ConsentChange): Promise<void> {
    const email = normalise(change.email);
    const phoneNumber = change.channel === 'sms' ? (change.phoneNumber ?? null) : null;
    // The row is taken first (made if new) and locked: two changes to one address queue here.
    await tx
      .insert(marketingConsents)
      .values({ email, channel: change.channel, granted: change.granted, userId: change.userId ?? null })
      .onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(marketingConsents)
      .where(and(eq(marketingConsents.email, email), eq(marketingConsents.channel, change.channel)))
      .for('update');
    if (!current) throw new Error('consent row missing after insert');
    await tx
      .update(marketingConsents)
      .set({
        granted: change.granted,
        userId: change.userId ?? current.userId,
        phoneNumber: change.channel === 'sms' ? phoneNumber : null,
        updatedAt: now(),
      })
      .where(eq(marketingConsents.id, current.id));
    const [event] = await tx
      .insert(consentEvents)
      .values({
        consentId: current.id,
        email,
        channel: change.channel,
        granted: change.granted,
        source: change.source,
        wording: change.wording,
        preTicked: change.preTicked ?? null,
        phoneNumber,
        clientAddress: change.clientAddress ?? null,
        tokenId: change.tokenId ?? null,
        createdAt: now(),
      })
      .returning({ id: consentEvents.id });

    // The account's flags are this record, as the profile and the API show it.
    const flag =
      change.channel === 'email'
        ? { isSubscribedEmail: change.granted }
        : { isSubscribedPhone: change.granted };
    await tx
      .update(users)
      .set(flag)
      .where(sql`lower(${users.email}) = ${email}`);
    if (change.channel === 'email') {
      // The newsletter list follows: a withdrawal anywhere takes the address off it, and a grant
      // by its owner (signed in, or through the confirmation link) puts an unsubscribed one back.
      await tx
        .update(newsletterSubscribers)
        .set(
          change.granted
            ? { status: 'confirmed', confirmedAt: now() }
            : { status: 'unsubscribed', confirmTokenHash: null },
        )
        .where(
          and(
            sql`lower(${newsletterSubscribers.email}) = ${email}`,
            change.granted
              ? eq(newsletterSubscribers.status, 'unsubscribed')
              : ne(newsletterSubscribers.status, 'unsubscribed'),
          ),
        );
      // Every e-mail event, not only a change: a grant that changes nothing may still be the one that
      // confirms the address (the newsletter link), and the job applies the state whatever it is.
      if (klaviyo) {
        await enqueueJob(tx, {
          job: klaviyoConsentJob,
          payload: { email },
          maxAttempts: KLAVIYO_CONSENT_MAX_ATTEMPTS,
          dedupeKey: `${KLAVIYO_CONSENT_KEY_PREFIX}${event!.id}`,
        });
      }
    }
  }

  type Checked =
    | { outcome: 'invalid' | 'expired'; email: string | null }
    | { outcome: 'used' | 'already' | 'ready'; email: string; id: string };

  /** What a token stands for now; reads only. */
  async function check(token: string, executor: Executor = db): Promise<Checked> {
    const verified = await tokens.verify(token);
    if (!verified.ok) return { outcome: 'invalid', email: null };
    const { email, issuedAt, id } = verified.claims;
    const ageDays = (now().getTime() - issuedAt.getTime()) / 86_400_000;
    if (ageDays > UNSUBSCRIBE_LINK_DAYS) return { outcome: 'expired', email };
    const [used] = await executor
      .select({ id: consentEvents.id })
      .from(consentEvents)
      .where(eq(consentEvents.tokenId, id));
    if (used) return { outcome: 'used', email, id };
    const [consent] = await executor
      .select({ granted: marketingConsents.granted })
      .from(marketingConsents)
      .where(and(eq(marketingConsents.email, email), eq(marketingConsents.channel, 'email')));
    // An address not on file answers like one that is subscribed (decision 0042): the link tells
    // nobody whether the shop knows an address.
    return { outcome: consent && !consent.granted ? 'already' : 'ready', email, id };
  }

  const reply = (outcome: UnsubscribeReply['outcome'], email: string | null): UnsubscribeReply => ({
    outcome,
    message: UNSUBSCRIBE_MESSAGES[outcome],
    email: email === null ? null : maskEmail(email),
  });

  async function current(tx: Executor, email: string, channel: ConsentChannel) {
    const [row] = await tx
      .select({ granted: marketingConsents.granted })
      .from(marketingConsents)
      .where(and(eq(marketingConsents.email, normalise(email)), eq(marketingConsents.channel, channel)));
    return row ? row.granted : null;
  }

  async function followAccount(tx: Executor, userId: number): Promise<void> {
    const [user] = await tx
      .select({ email: users.email, phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    const [sms] = await tx
      .select({ granted: marketingConsents.granted, phoneNumber: marketingConsents.phoneNumber })
      .from(marketingConsents)
      .where(and(eq(marketingConsents.email, normalise(user.email)), eq(marketingConsents.channel, 'sms')));
    await tx
      .update(users)
      .set({
        isSubscribedEmail: (await current(tx, user.email, 'email')) ?? false,
        // Text-message consent is for one number: none, or another one, is no consent.
        isSubscribedPhone: Boolean(sms?.granted && user.phoneNumber && sms.phoneNumber === user.phoneNumber),
      })
      .where(eq(users.id, userId));
  }

  return {
    record,
    current,
    followAccount,
    async addressConfirmed(tx, userId) {
      await followAccount(tx, userId);
      if (!klaviyo) return;
      const [row] = await tx
        .select({
          id: marketingConsents.id,
          email: marketingConsents.email,
          granted: marketingConsents.granted,
        })
        .from(marketingConsents)
        .innerJoin(users, sql`lower(${users.email}) = ${marketingConsents.email}`)
        .where(and(eq(users.id, userId), eq(marketingConsents.channel, 'email')));
      if (!row?.granted) return;
      await enqueueJob(tx, {
        job: klaviyoConsentJob,
        payload: { email: row.email },
        maxAttempts: KLAVIYO_CONSENT_MAX_ATTEMPTS,
        // An address is confirmed once.
        dedupeKey: `klaviyo-consent-confirmed-${row.id}`,
      });
    },
    syncSoon() {
      klaviyo?.jobs.runSoon();
    },
    async unsubscribeUrl(email) {
      return `${publicUrl}/unsubscribe?token=${await tokens.sign(email, now())}`;
    },
    async inspect(token) {
      const checked = await check(token);
      return reply(checked.outcome, checked.email);
    },
    async unsubscribe(token, { source, clientAddress }) {
      const done = await db
        .transaction(async (tx) => {
          const checked = await check(token, tx);
          if (checked.outcome !== 'ready') return checked;
          // Not on file: nothing to withdraw, and nothing written about an address the shop does not hold.
          const [consent] = await tx
            .select({ userId: marketingConsents.userId })
            .from(marketingConsents)
            .where(and(eq(marketingConsents.email, checked.email), eq(marketingConsents.channel, 'email')));
          if (!consent) return { ...checked, outcome: 'unsubscribed' as const };
          await record(tx, {
            email: checked.email,
            channel: 'email',
            granted: false,
            source,
            wording: source === 'one-click' ? CONSENT_WORDING.oneClick : CONSENT_WORDING.unsubscribeLink,
            userId: consent.userId,
            clientAddress,
            tokenId: checked.id,
          });
          return { ...checked, outcome: 'unsubscribed' as const };
        })
        .catch(async (error: unknown) => {
          // The same link followed twice at once (the page and a mail client): the other one won.
          if (!isUniqueViolation(error)) throw error;
          return { ...(await check(token)), outcome: 'used' as const };
        });
      if (done.outcome === 'unsubscribed') klaviyo?.jobs.runSoon();
      return reply(done.outcome, done.email);
    },
  };
}
