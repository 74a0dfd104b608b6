/** Payloads of the newsletter and contact forms (SPEC §5), shared by the forms and the API. */
import { z } from 'zod';
import { messages } from './messages.js';

const EMAIL_REQUIRED = messages.emailRequired;
const INVALID_EMAIL = messages.invalidEmail;

/** Trimmed, lower-cased e-mail with the spec's messages. */
export const emailField = z
  .string({ message: EMAIL_REQUIRED })
  .trim()
  .min(1, { message: EMAIL_REQUIRED })
  .max(254, { message: INVALID_EMAIL })
  .pipe(z.email({ message: INVALID_EMAIL }))
  .transform((email) => email.toLowerCase());

export const newsletterSignupSchema = z.object({ email: emailField });
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;
