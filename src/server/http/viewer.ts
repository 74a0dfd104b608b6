/**
 * Who is asking: the signed-in user behind a request, as the access check (http/audience.ts) gives
 * it to every route and service.
 */
import type { sessions } from '../db/schema.js';

/** How a session began: a sign-in that proved the person ('full'), or a cart restore link. */
export type SessionKind = (typeof sessions.$inferSelect)['kind'];

/** The signed-in user behind a request. */
export interface Viewer {
  id: number;
  email: string;
  /** The owner has proved `email` is theirs (a confirmation or reset link, Google, ADMIN_EMAIL). */
  emailVerified: boolean;
  isAdmin: boolean;
  /** Identifies the session itself, for logout. */
  tokenHash: string;
  /** 'restore' for a session started by a cart restore link (decision 0040). */
  sessionKind: SessionKind;
}
