/**
 * What an account's forms mean for marketing consent (decision 0042): the registration boxes, and
 * the profile's (or an admin's) switches and phone number. The users service calls these in its
 * own transaction; the records and everything that follows them are the consent service's.
 */
import { and, eq } from 'drizzle-orm';
import { CONSENT_WORDING, profileWording, type MarketingOptInDefault } from '../../../domain/consent.js';
import { InvalidError } from '../../../domain/errors.js';
import { messages } from '../../../domain/messages.js';
import type { Transaction as Tx } from '../../db/client.js';
import { marketingConsents, type users } from '../../db/schema.js';
import type { ConsentService } from './service.js';

type UserRow = typeof users.$inferSelect;
type Flags = { isSubscribedEmail?: boolean | undefined; isSubscribedPhone?: boolean | undefined };

/**
 * The registration boxes, as consent records: a ticked box is a grant with the words beside it and
 * whether it started ticked (MARKETING_OPT_IN_DEFAULT; an absent box is one left as shown). An
 * unticked box withdraws nothing the address agreed to elsewhere (the newsletter). Text messages
 * need a number to be about.
 */
export async function recordRegistrationConsent(
  tx: Tx,
  consent: ConsentService,
  {
    user,
    choices,
    optInDefault,
    clientAddress,
  }: { user: UserRow; choices: Flags; optInDefault: MarketingOptInDefault; clientAddress: string },
): Promise<void> {
  const preTicked = optInDefault === 'checked';
  const common = {
    source: 'registration',
    granted: true,
    preTicked,
    userId: user.id,
    email: user.email,
    clientAddress,
  } as const;
  if (choices.isSubscribedEmail ?? preTicked) {
    await consent.record(tx, { ...common, channel: 'email', wording: CONSENT_WORDING.registrationEmail });
  }
  if (user.phoneNumber && (choices.isSubscribedPhone ?? preTicked)) {
    await consent.record(tx, {
      ...common,
      channel: 'sms',
      phoneNumber: user.phoneNumber,
      wording: CONSENT_WORDING.registrationSms,
    });
  }
  await consent.followAccount(tx, user.id);
}

/**
 * A change of the marketing switches or the phone number, by the account's owner or an admin, as
 * consent records of the account's address. A switch set to what the record already says records
 * nothing; a grant of texts without a number is refused.
 */
export async function recordProfileConsent(
  tx: Tx,
  consent: ConsentService,
  {
    byOwner,
    before,
    after,
    flags,
    clientAddress,
  }: { byOwner: boolean; before: UserRow; after: UserRow; flags: Flags; clientAddress: string },
): Promise<void> {
  const touched =
    flags.isSubscribedEmail !== undefined ||
    flags.isSubscribedPhone !== undefined ||
    before.phoneNumber !== after.phoneNumber ||
    before.email !== after.email;
  if (!touched) return;
  const source = byOwner ? 'profile' : 'admin';
  const base = { email: after.email, userId: after.id, clientAddress, source } as const;
  const email = (await consent.current(tx, after.email, 'email')) ?? false;
  if (flags.isSubscribedEmail !== undefined && flags.isSubscribedEmail !== email) {
    await consent.record(tx, {
      ...base,
      channel: 'email',
      granted: flags.isSubscribedEmail,
      wording: profileWording('email', source),
    });
  }
  const [sms] = await tx
    .select()
    .from(marketingConsents)
    .where(and(eq(marketingConsents.email, after.email.toLowerCase()), eq(marketingConsents.channel, 'sms')));
  let smsGranted = Boolean(sms?.granted);
  if (smsGranted && sms!.phoneNumber !== after.phoneNumber) {
    // Consent to texts is for the number it was given for: a new number, or none, starts without.
    await consent.record(tx, {
      ...base,
      source: 'phone-removed',
      channel: 'sms',
      granted: false,
      phoneNumber: sms!.phoneNumber ?? before.phoneNumber,
      wording: CONSENT_WORDING.phoneRemoved,
    });
    smsGranted = false;
  }
  if (flags.isSubscribedPhone === true && !after.phoneNumber) {
    throw new InvalidError(messages.smsNeedsPhone);
  }
  if (flags.isSubscribedPhone !== undefined && flags.isSubscribedPhone !== smsGranted) {
    await consent.record(tx, {
      ...base,
      channel: 'sms',
      granted: flags.isSubscribedPhone,
      phoneNumber: after.phoneNumber,
      wording: profileWording('sms', source),
    });
  }
  await consent.followAccount(tx, after.id);
}
