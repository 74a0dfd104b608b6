/**
 * The e-mails of account recovery and confirmation (decision 0021), each in plain text and HTML:
 * what it is for, the link, how long it works, and what to do if it was not you. They greet by the
 * first name only when it reads as a name (domain/email-names.ts) and the address they go to is
 * confirmed: whoever registered with an address may not own it.
 */
import { brand } from '../../../domain/brand.js';
import { greeting } from '../../../domain/email-names.js';
import { brandedHtml } from '../mail/layout.js';
import type { TransactionalEmail } from '../mail/outbox.js';

const NOT_YOU = "If this wasn't you, ignore this message: nothing changes on your account.";
const SIGN_OFF = `The ${brand.name} team`;

const hours = (count: number) => (count === 1 ? '1 hour' : `${count} hours`);

interface LinkEmail {
  to: string;
  link: string;
  validHours: number;
}

/** The account's first name, or null when the address written to is not confirmed (no name then). */
interface Greeted {
  firstName: string | null;
}

function linkEmail(
  { to, firstName, link, validHours }: LinkEmail & Greeted,
  parts: { subject: string; intro: string; button: string; extra?: string },
): TransactionalEmail {
  const works = `This link works once, for ${hours(validHours)}. Please do not forward it.`;
  const text = [
    greeting(firstName),
    '',
    parts.intro,
    '',
    link,
    '',
    works,
    ...(parts.extra ? ['', parts.extra] : []),
    '',
    NOT_YOU,
    '',
    SIGN_OFF,
  ].join('\n');
  const html = brandedHtml({
    paragraphs: [greeting(firstName), parts.intro],
    button: { label: parts.button, href: link },
    notes: [works, ...(parts.extra ? [parts.extra] : []), NOT_YOU, SIGN_OFF],
  });
  return { kind: 'transactional', to, subject: parts.subject, text, html };
}

export const resetPasswordEmail = (input: LinkEmail & Greeted) =>
  linkEmail(input, {
    subject: `Reset your ${brand.name} password`,
    intro: `Someone asked to reset the password of your ${brand.name} account. To choose a new password, follow this link:`,
    button: 'Choose a new password',
    extra: 'Setting a new password signs you out on every other device.',
  });

/** To an address not confirmed yet, by definition: never by name. */
export const verifyEmailEmail = (input: LinkEmail) =>
  linkEmail(
    { ...input, firstName: null },
    {
      subject: `Please confirm your e-mail for ${brand.name}`,
      intro: `Thanks for creating a ${brand.name} account. Please confirm that this is your e-mail address:`,
      button: 'Confirm my e-mail',
    },
  );

/** To the new address, not confirmed yet: never by name. */
export const confirmNewEmailEmail = (input: LinkEmail) =>
  linkEmail(
    { ...input, firstName: null },
    {
      subject: `Confirm your new e-mail for ${brand.name}`,
      intro: `You asked to use this address for your ${brand.name} account. Your account keeps its current address until you confirm this one:`,
      button: 'Confirm my new e-mail',
    },
  );

/** Sent to the current address when a change is asked for: a notice, with no link that does anything. */
export function emailChangeNoticeEmail(input: {
  to: string;
  firstName: string | null;
  newEmail: string;
  resetLink: string;
}): TransactionalEmail {
  const intro = `Someone asked to change the e-mail of your ${brand.name} account to ${maskEmail(input.newEmail)}. Your account keeps this address until the new one is confirmed.`;
  const advice = `If this wasn't you, you don't need to do anything for the change itself, but someone may know your password: choose a new one at ${input.resetLink}`;
  const text = [greeting(input.firstName), '', intro, '', advice, '', SIGN_OFF].join('\n');
  const html = brandedHtml({ paragraphs: [greeting(input.firstName), intro, advice], notes: [SIGN_OFF] });
  return {
    kind: 'transactional',
    to: input.to,
    subject: `Your ${brand.name} e-mail is about to change`,
    text,
    html,
  };
}

/** `jane.doe@example.ca` → `j***@example.ca`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
