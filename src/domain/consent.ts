/**
 * Marketing consent (decision 0042): the channels a person can agree to be marketed on, how they
 * said so, and the words they were shown. Canada's anti-spam law (CASL s. 10, CRTC bulletins
 * 2012-548 and 2012-549) asks the sender to prove express consent: who, which channel, the purpose and
 * wording shown, when and how. Every grant and withdrawal is kept with these words.
 */
import { brand } from './brand.js';
import { z } from './zod.js';

export const CONSENT_CHANNELS = ['email', 'sms'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** Where a grant or withdrawal came from. */
export const CONSENT_SOURCES = [
  /** The boxes of the registration form. */
  'registration',
  /** The profile's switches, by the signed-in owner. */
  'profile',
  /** The newsletter banner, once its confirmation link was followed. */
  'newsletter',
  /** The unsubscribe page an e-mail's link opens. */
  'unsubscribe-link',
  /** A mail client's one-click unsubscribe (RFC 8058), from the List-Unsubscribe header. */
  'one-click',
  /** An admin in User Management, on the person's request. */
  'admin',
  /** The phone number the SMS consent was about was removed or changed. */
  'phone-removed',
  /** The state the shop held before it kept consent records. */
  'before-records',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Whether the registration boxes start ticked (MARKETING_OPT_IN_DEFAULT); see README on what CASL expects. */
export const MARKETING_OPT_IN_DEFAULTS = ['checked', 'unchecked'] as const;
export type MarketingOptInDefault = (typeof MARKETING_OPT_IN_DEFAULTS)[number];

/**
 * The words shown beside each way of agreeing, stored with every grant. A change of wording here is
 * a new version of what people agree to: the records keep the old words with the old grants.
 */
export const CONSENT_WORDING = {
  registrationEmail: `Email me about new flavours, offers and snack tips from ${brand.name}. You can unsubscribe at any time.`,
  registrationSms: `Text me order updates and occasional offers from ${brand.name}. Message and data rates may apply. You can unsubscribe at any time.`,
  profileEmail: `Email newsletter: news, offers and snack tips from ${brand.name}. You can unsubscribe at any time.`,
  profileSms: `Text messages: order updates and occasional offers from ${brand.name}. You can unsubscribe at any time.`,
  newsletter: `Sign up for the ${brand.name} newsletter: news, offers and snack tips by e-mail. You can unsubscribe at any time.`,
  unsubscribeLink: `Unsubscribe from ${brand.name} marketing e-mails (the link in an e-mail).`,
  oneClick: `Unsubscribe from ${brand.name} marketing e-mails (the mail client's unsubscribe button).`,
  admin: `Changed by ${brand.name} in User Management, at the person's request.`,
  phoneRemoved: 'The phone number these text messages went to was removed from the account.',
} as const;

/** The wording of a grant or withdrawal made on the profile or by an admin, per channel. */
export function profileWording(channel: ConsentChannel, source: 'profile' | 'admin'): string {
  if (source === 'admin') return CONSENT_WORDING.admin;
  return channel === 'email' ? CONSENT_WORDING.profileEmail : CONSENT_WORDING.profileSms;
}

/**
 * How long an unsubscribe link works. CASL asks that it keep working for at least 60 days after the
 * message was sent (Electronic Commerce Protection Regulations, s. 3); a reminder read late still
 * unsubscribes.
 */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/** What following an unsubscribe link came to; the page and the API say it in these words. */
export const UNSUBSCRIBE_OUTCOMES = [
  'ready',
  'unsubscribed',
  'already',
  'used',
  'expired',
  'invalid',
] as const;
export type UnsubscribeOutcome = (typeof UNSUBSCRIBE_OUTCOMES)[number];

export const UNSUBSCRIBE_MESSAGES: Record<UnsubscribeOutcome, string> = {
  ready: `Press the button to stop marketing e-mails from ${brand.name}. It takes effect at once; e-mails about your orders still arrive.`,
  unsubscribed: `You are unsubscribed. ${brand.name} will not send you marketing e-mails any more; e-mails about your orders still arrive.`,
  already: `You were already unsubscribed: nothing has changed. ${brand.name} does not send you marketing e-mails.`,
  used: 'This unsubscribe link was already used, so nothing has changed. You are not on our marketing list.',
  expired: `This unsubscribe link has expired, so nothing has changed. Sign in to change your e-mail settings on your profile, or write to ${brand.contactEmail} and we will unsubscribe you.`,
  invalid: `This unsubscribe link is not valid, so nothing has changed. Please use the link from the e-mail as it is, or write to ${brand.contactEmail} and we will unsubscribe you.`,
};

/** The answer of POST /api/unsubscribe and GET /api/unsubscribe (the page asks before it acts). */
export const unsubscribeReplySchema = z.object({
  outcome: z.enum(UNSUBSCRIBE_OUTCOMES),
  message: z.string(),
  /** The address the link is for, partly hidden (j•••@example.com); null when the link is not valid. */
  email: z.string().nullable(),
});
export type UnsubscribeReply = z.infer<typeof unsubscribeReplySchema>;

/** A link's token: at most this long, of the base64url alphabet and one dot. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ message: 'token is required.' })
    .max(512, { message: 'token is not an unsubscribe token.' })
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, { message: 'token is not an unsubscribe token.' }),
});

/** An address shown on a page reached without signing in: enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** One row of the consent log as admins export it (CSV). */
export interface ConsentLogRow {
  at: string;
  email: string;
  channel: ConsentChannel;
  action: 'granted' | 'withdrawn';
  source: string;
  wording: string;
  preTicked: boolean | null;
  phoneNumber: string | null;
  clientAddress: string | null;
}
