/**
 * Accounts (SPEC §3 User, §5, §6): the payloads of login, Google sign-in and password changes, and
 * the user object the API answers with. Registration and profile updates, which carry the personal
 * details (and the phone rules with them), are in account-details.ts.
 */
import { messages } from './messages.js';
import { z } from './zod.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A new password: 8 to 128 characters, nothing else imposed (NIST SP 800-63B); never trimmed. */
export const newPasswordField = z
  .string({ message: 'Please enter a password.' })
  .min(1, { message: 'Please enter a password.' })
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });

/** Login only checks presence: whatever is wrong with the rest, the answer is 'Invalid credentials'. */
export const loginSchema = z.object({
  email: z
    .string({ message: 'Please enter your email.' })
    .trim()
    .min(1, { message: 'Please enter your email.' })
    .max(254, { message: messages.invalidCredentials }),
  password: z
    .string({ message: 'Please enter your password.' })
    .min(1, { message: 'Please enter your password.' })
    .max(1024, { message: messages.invalidCredentials }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const googleLoginSchema = z.object({
  token: z
    .string({ message: 'token must be a Google ID token.' })
    .min(1, { message: 'token must be a Google ID token.' })
    .max(8192, { message: 'token must be a Google ID token.' }),
});

export const passwordChangeSchema = z.object({
  /** Required when the account has a password (Google-only accounts set their first one). */
  currentPassword: z.string().max(1024).optional(),
  newPassword: newPasswordField,
});

/** The user as the API returns it (SPEC §3): never a password or its hash. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  isAdmin: z.boolean(),
  isSubscribedEmail: z.boolean(),
  isSubscribedPhone: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string().min(1), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
