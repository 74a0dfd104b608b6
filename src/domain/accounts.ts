/**
 * Accounts (docs/product.md, Accounts): the payloads of login, Google sign-in and password changes,
 * and the user object the API answers with. Registration and profile updates, which carry the
 * personal details (and the phone rules with them), are in account-details.ts.
 */
import { emailField } from './marketing.js';
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

/** How recent a Google sign-in must be to stand in for a password (decision 0040). */
export const GOOGLE_REAUTH_MAX_AGE_MINUTES = 5;

/**
 * Proof, in the request itself, that the person changing the account's e-mail or password is its
 * owner now and not someone holding a stolen session (decision 0040): the current password, or for an
 * account without one, an ID token from a Google sign-in of the last few minutes. Which one is asked
 * for is the service's rule; the answers for a wrong or missing one are in messages.ts.
 */
export const reauthenticationFields = {
  currentPassword: z
    .string({ message: 'currentPassword must be text.' })
    .max(1024, { message: messages.currentPasswordWrong })
    .optional(),
  googleToken: z
    .string({ message: 'googleToken must be a Google ID token.' })
    .min(1, { message: 'googleToken must be a Google ID token.' })
    .max(8192, { message: 'googleToken must be a Google ID token.' })
    .optional(),
};
export interface Reauthentication {
  currentPassword?: string | undefined;
  googleToken?: string | undefined;
}

export const passwordChangeSchema = z.object({
  ...reauthenticationFields,
  newPassword: newPasswordField,
});

/** How long the links sent by e-mail work (decision 0021). */
export const RESET_LINK_HOURS = 1;
export const VERIFY_LINK_HOURS = 48;

/**
 * A secret the shop hands out (a session, an e-mailed link, a cart restore link): 256 random bits in
 * base64url. Anything else is not one of ours and needs no database lookup.
 */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const linkToken = (invalid: string) =>
  z.string({ message: invalid }).regex(SECRET_TOKEN_PATTERN, { message: invalid });

/** POST /api/users/forgot-password: the answer is the same whether or not the address has an account. */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/users/reset-password: the link's token and the new password (registration's policy). */
export const resetPasswordSchema = z.object({
  token: linkToken(messages.resetLinkInvalid),
  password: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/users/reset-password/check: is this reset link still good (before asking for a password)? */
export const resetLinkCheckSchema = z.object({ token: linkToken(messages.resetLinkInvalid) });

/** POST /api/users/verify-email: confirms an account's address or a new address. */
export const verifyEmailSchema = z.object({ token: linkToken(messages.verifyLinkInvalid) });

/** The answer to following a confirmation link: which address is now confirmed. */
export const verifyEmailReplySchema = z.object({ message: z.string(), email: z.string() });

/** The neutral answers of the e-mail flows. */
export const messageReplySchema = z.object({ message: z.string() });

/** The user as the API returns it: never a password or its hash. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** The owner has proved `email` is theirs (decision 0021). */
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation link to be followed; `email` is unchanged until then. */
  pendingEmail: z.string().nullable(),
  /**
   * The account has a password (false: Google sign-in only), so the profile knows what to ask for
   * before an e-mail or password change (decision 0040).
   */
  hasPassword: z.boolean(),
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

/** GET and PATCH /api/users/{id}: the user, wrapped. */
export const userReplySchema = z.object({ user: userSchema });
