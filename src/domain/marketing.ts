/**
 * Payloads of the newsletter and contact forms (docs/product.md, Marketing), shared by the forms
 * and the API.
 */
import { z } from './zod.js';
import { messages } from './messages.js';
import type { Review } from './reviews.js';

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

/** The contact form (name, email and message all required). */
export const contactMessageSchema = z.object({
  name: z
    .string({ message: 'Please enter your name.' })
    .trim()
    .min(1, { message: 'Please enter your name.' })
    .max(100, { message: 'Please keep your name under 100 characters.' }),
  email: emailField,
  message: z
    .string({ message: 'Please enter a message.' })
    .trim()
    .min(1, { message: 'Please enter a message.' })
    .max(5000, { message: 'Please keep your message under 5,000 characters.' }),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** A review as GET /api/google-reviews answers it. */
export const reviewSchema = z.object({
  name: z.string(),
  rating: z.number(),
  text: z.string(),
  /** ISO date or date-time */
  date: z.string(),
  profilePhoto: z.string().nullable(),
}) satisfies z.ZodType<Review>;

/** GET /api/google-reviews. */
export const reviewsReplySchema = z.object({ reviews: z.array(reviewSchema) });
