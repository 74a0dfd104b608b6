/**
 * Newsletter double opt-in (decision 0042): a sign-up from the banner is `pending` until the link
 * e-mailed to the address is followed, since only the owner of an address can agree to be marketed
 * to at it (Canada's anti-spam law).
 */
import { SECRET_TOKEN_PATTERN } from './accounts.js';
import { messages } from './messages.js';
import { z } from './zod.js';

/**
 * `pending` until the confirmation link is followed, then `confirmed`; `unsubscribed` once the
 * address withdrew, anywhere. Signing up again makes an unsubscribed address `pending` again.
 */
export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** How long a confirmation link works; a sign-up still unconfirmed is deleted after as long. */
export const NEWSLETTER_CONFIRM_DAYS = 7;

/**
 * Confirmation e-mails sent to one address in 24 hours, however often it is typed into the banner:
 * the banner must not be a way to fill somebody's inbox.
 */
export const NEWSLETTER_LINKS_PER_DAY = 3;

/** POST /api/signup/confirm: the token of the link in the confirmation e-mail. */
export const newsletterConfirmSchema = z.object({
  token: z
    .string({ message: messages.newsletterLinkInvalid })
    .regex(SECRET_TOKEN_PATTERN, { message: messages.newsletterLinkInvalid }),
});
export type NewsletterConfirm = z.infer<typeof newsletterConfirmSchema>;
