/**
 * The admin's inbox (decision 0023): contact messages and newsletter sign-ups, paged and searchable
 * by e-mail. The API shapes and the query; no dependencies but zod.
 */
import { NEWSLETTER_STATUSES } from './newsletter.js';
import { z } from './zod.js';

/** ?q=&page=&pageSize= for both lists. */
export const inboxQuerySchema = z.object({
  q: z
    .string({ message: 'q must be text.' })
    .trim()
    .max(200, { message: 'q must be at most 200 characters.' })
    .optional(),
  page: z.coerce
    .number({ message: 'page must be a whole number from 1.' })
    .int({ message: 'page must be a whole number from 1.' })
    .min(1, { message: 'page must be a whole number from 1.' })
    .max(100_000, { message: 'page must be a whole number from 1.' })
    .default(1),
  pageSize: z.coerce
    .number({ message: 'pageSize must be a whole number from 1 to 200.' })
    .int({ message: 'pageSize must be a whole number from 1 to 200.' })
    .min(1, { message: 'pageSize must be a whole number from 1 to 200.' })
    .max(200, { message: 'pageSize must be a whole number from 1 to 200.' })
    .default(50),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/** PATCH /api/admin/messages/{id}: mark read or unread. */
export const messageReadSchema = z.object({ read: z.boolean({ message: 'read must be true or false.' }) });

/** A contact message as GET /api/admin/messages lists it (and PATCH answers it). */
export const inboxMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** ISO time */
  created_at: z.string(),
  /** When an admin marked it read; null while unread. */
  read_at: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof inboxMessageSchema>;

export const KLAVIYO_SYNC_STATES = ['synced', 'pending', 'failed'] as const;
/**
 * Whether Klaviyo has caught up with the address's latest e-mail consent change (a grant or a
 * withdrawal, decision 0042): the state of that change's Klaviyo job. Null when it wrote none:
 * Klaviyo is not set up, the address has no consent record (an unconfirmed sign-up), or the change
 * changed nothing.
 */
export type KlaviyoSync = (typeof KLAVIYO_SYNC_STATES)[number] | null;

/** A newsletter sign-up as GET /api/admin/newsletter-signups lists it. */
export const inboxSignupSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  source: z.string(),
  /** ISO time */
  created_at: z.string(),
  /** pending until its confirmation link is followed (decision 0042). */
  status: z.enum(NEWSLETTER_STATUSES),
  klaviyo: z.enum(KLAVIYO_SYNC_STATES).nullable(),
});
export type NewsletterSignup = z.infer<typeof inboxSignupSchema>;
