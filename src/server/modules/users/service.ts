/**
 * Accounts: registration, password and Google sign-in, sessions, profile updates, password changes
 * and the admin's user management (docs/product.md, Accounts). Routes stay thin; every rule about
 * who may change what lives here.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { desc, eq, sql } from 'drizzle-orm';
import {
  GOOGLE_REAUTH_MAX_AGE_MINUTES,
  type AuthResponse,
  type LoginInput,
  type Reauthentication,
  type ResetPasswordInput,
  type User,
} from '../../../domain/accounts.js';
import type { AdminUserUpdate, Registration } from '../../../domain/account-details.js';
import type { MarketingOptInDefault } from '../../../domain/consent.js';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  TooManyRequestsError,
  UnauthenticatedError,
  UnavailableError,
} from '../../../domain/errors.js';
import { messages } from '../../../domain/messages.js';
import { privacyMessages } from '../../../domain/privacy.js';
import type { Database, Transaction as Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { recordProfileConsent, recordRegistrationConsent } from '../consent/account-consent.js';
import type { ConsentService } from '../consent/service.js';
import type { Erasure } from '../privacy/erasure.js';
import type { AccountLinks } from './account-links.js';
import { isCommonPassword } from './common-passwords.js';
import type { GoogleVerifier } from './google.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { Viewer } from '../../http/viewer.js';
import type { SessionStore } from './sessions.js';

type UserRow = typeof users.$inferSelect;

/** Where a request comes from, for the throttle and the session record. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export function toApiUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
    hasPassword: row.passwordHash !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    isAdmin: row.isAdmin,
    isSubscribedEmail: row.isSubscribedEmail,
    isSubscribedPhone: row.isSubscribedPhone,
    createdAt: row.createdAt.toISOString(),
  };
}

const emailTaken = () => new ConflictError(messages.emailTaken);
const userNotFound = () => new NotFoundError(messages.userNotFound);

export interface UsersServiceDeps {
  db: Database;
  sessions: SessionStore;
  throttle: LoginThrottle;
  /** The links sent by e-mail: reset, confirmation, e-mail change. */
  links: AccountLinks;
  /** Absent when GOOGLE_CLIENT_ID is not set. */
  google?: GoogleVerifier;
  /** Marketing consent: the registration boxes and the profile's switches are recorded there. */
  consent: ConsentService;
  /** Whether the registration boxes start ticked (MARKETING_OPT_IN_DEFAULT): recorded with each grant. */
  optInDefault: MarketingOptInDefault;
  /** Deleting an account, by its owner or an admin (privacy/erasure.ts, decision 0043). */
  erasure: Pick<Erasure, 'eraseAccount'>;
}

/** What the owner is proving they may do, for the words asking for the proof. */
type ProvenChange = 'email' | 'password' | 'deletion';
const PROOF_MISSING: Record<ProvenChange, { password: string; google: string }> = {
  email: { password: messages.currentPasswordForEmail, google: messages.googleAgainForEmail },
  password: { password: messages.currentPasswordForPassword, google: messages.googleAgainForPassword },
  deletion: {
    password: privacyMessages.currentPasswordForDeletion,
    google: privacyMessages.googleAgainForDeletion,
  },
};

export function createUsersService({
  db,
  sessions,
  throttle,
  links,
  google,
  consent,
  optInDefault,
  erasure,
}: UsersServiceDeps) {
  // Unknown e-mails are checked against this hash so that they cost the same time as known ones.
  const decoyHash = hashPassword(randomBytes(16).toString('hex'));

  const findByEmail = async (email: string) =>
    (
      await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    )[0];

  const findById = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];

  async function startSession(user: UserRow, client: ClientInfo, tx?: Tx): Promise<AuthResponse> {
    if (!tx) await sessions.pruneExpired(user.id);
    const token = await sessions.create(user.id, client.userAgent, tx);
    return { token, user: toApiUser(user) };
  }

  function refuseCommonPassword(password: string): void {
    if (isCommonPassword(password)) throw new InvalidError(messages.commonPassword);
  }

  /**
   * Asks the person changing their own e-mail or password to prove they are the owner now, not
   * someone holding a stolen session (decision 0040): the current password, which counts against
   * the login throttle like a sign-in (so this cannot be used to guess it), or for an account without
   * one, a Google sign-in of the last few minutes with the account's own Google identity.
   */
  async function reauthenticate(
    row: UserRow,
    proof: Reauthentication,
    client: ClientInfo,
    change: ProvenChange,
  ): Promise<void> {
    if (row.passwordHash) {
      const password = proof.currentPassword;
      // Nothing typed is no guess: refused without counting.
      if (!password) throw new InvalidError(PROOF_MISSING[change].password);
      const attempt = { email: row.email.toLowerCase(), ip: client.ip };
      const claimed = await throttle.claim(attempt);
      if (!claimed) throw new TooManyRequestsError(messages.tooManyRequests);
      if (claimed.delayMs > 0) await sleep(claimed.delayMs);
      if (!(await verifyPassword(row.passwordHash, password))) {
        await throttle.recordFailure();
        throw new InvalidError(messages.currentPasswordWrong);
      }
      await throttle.recordSuccess(attempt, claimed);
      return;
    }
    // A Google-only account: without Google sign-in configured, a reset link sets a password first.
    if (!google || !row.googleSubject) throw new InvalidError(messages.setPasswordFirst);
    if (!proof.googleToken) throw new InvalidError(PROOF_MISSING[change].google);
    let identity;
    try {
      identity = await google(proof.googleToken);
    } catch {
      throw new UnavailableError('Google sign-in is unavailable right now. Please try again.');
    }
    if (!identity) throw new InvalidError(messages.googleLoginFailed);
    if (identity.subject !== row.googleSubject) throw new InvalidError(messages.googleReauthMismatch);
    // A token replayed from an old sign-in proves nothing about who holds the session now.
    const ageSeconds = Date.now() / 1000 - identity.issuedAt;
    if (ageSeconds > GOOGLE_REAUTH_MAX_AGE_MINUTES * 60) throw new InvalidError(messages.googleReauthStale);
  }

  /** A customer reaches only their own record; an admin reaches everyone's. Others get 404. */
  function assertCanReach(viewer: Viewer, userId: number): void {
    if (viewer.id !== userId && !viewer.isAdmin) throw userNotFound();
  }

  /**
   * The columns an e-mail change writes. One's own new address waits for its link; an admin's change
   * to someone else's account applies now, unverified; the current address again cancels a waiting
   * change.
   */
  async function changeEmail(
    tx: Tx,
    viewer: Viewer,
    before: UserRow,
    email: string,
  ): Promise<Partial<UserRow>> {
    if (email.toLowerCase() === before.email.toLowerCase()) {
      if (before.pendingEmail) await links.cancelEmailChange(tx, before.id);
      return { pendingEmail: null };
    }
    if (viewer.id === before.id) {
      await links.requestEmailChange(tx, before, email);
      return { pendingEmail: email };
    }
    await links.cancelEmailChange(tx, before.id);
    return { email, emailVerifiedAt: null, pendingEmail: null };
  }

  return {
    async register(input: Registration, client: ClientInfo): Promise<AuthResponse> {
      refuseCommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      let row: UserRow | undefined;
      try {
        // The account and its confirmation e-mail exist together or not at all.
        row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              email: input.email,
              passwordHash,
              firstName: input.firstName,
              lastName: input.lastName,
              phoneNumber: input.phoneNumber,
              // Set from the consent records just below.
              isSubscribedEmail: false,
              isSubscribedPhone: false,
            })
            .returning();
          await recordRegistrationConsent(tx, consent, {
            user: created!,
            choices: input,
            optInDefault,
            clientAddress: client.ip,
          });
          await links.sendVerification(tx, created!, { limited: false });
          return (await tx.select().from(users).where(eq(users.id, created!.id)))[0];
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      links.deliverSoon();
      consent.syncSoon();
      return startSession(row!, client);
    },

    /** Same answer and the same work for a wrong password, an unknown e-mail or a Google-only account. */
    async login(input: LoginInput, client: ClientInfo): Promise<AuthResponse> {
      const attempt = { email: input.email.trim().toLowerCase(), ip: client.ip };
      const claimed = await throttle.claim(attempt);
      if (!claimed) throw new TooManyRequestsError(messages.tooManyRequests);
      // An account under attack is slowed for everyone, never refused (login-throttle.ts).
      if (claimed.delayMs > 0) await sleep(claimed.delayMs);
      const user = await findByEmail(attempt.email);
      const passwordMatches = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
      if (!user?.passwordHash || !passwordMatches) {
        await throttle.recordFailure();
        throw new UnauthenticatedError(messages.invalidCredentials);
      }
      await throttle.recordSuccess(attempt, claimed);
      return startSession(user, client);
    },

    /**
     * Sign in with Google: the account with that Google identity, else the account with that
     * (Google-verified) e-mail, else a new account. An existing account is linked only when its own
     * address is verified: otherwise whoever registered it first (perhaps not the mailbox's owner)
     * would keep a password into it (decision 0021). Linking ends the account's other sessions. New
     * accounts are not subscribed to marketing: nobody showed them the consent boxes (decision 0012).
     */
    async loginWithGoogle(idToken: string, client: ClientInfo): Promise<AuthResponse> {
      if (!google) throw new NotFoundError('Google sign-in is not configured.');
      let identity;
      try {
        identity = await google(idToken);
      } catch {
        throw new UnavailableError('Google sign-in is unavailable right now. Please try again.');
      }
      if (!identity) throw new UnauthenticatedError(messages.googleLoginFailed);
      const [bySubject] = await db.select().from(users).where(eq(users.googleSubject, identity.subject));
      if (bySubject) return startSession(bySubject, client);
      const byEmail = await findByEmail(identity.email);
      // An account already linked to another Google identity is not handed to this one.
      if (byEmail?.googleSubject)
        throw new ConflictError('This email is linked to a different Google account.');
      if (byEmail && !byEmail.emailVerifiedAt) throw new ForbiddenError(messages.googleLinkRefused);
      if (byEmail) {
        return db.transaction(async (tx) => {
          const [linked] = await tx
            .update(users)
            .set({ googleSubject: identity.subject, updatedAt: new Date() })
            .where(eq(users.id, byEmail.id))
            .returning();
          await sessions.revokeAll(byEmail.id, tx);
          return startSession(linked!, client, tx);
        });
      }
      try {
        const [created] = await db
          .insert(users)
          .values({
            email: identity.email,
            googleSubject: identity.subject,
            firstName: identity.firstName,
            lastName: identity.lastName,
            // Google has verified the address (google.ts refuses tokens where it has not).
            emailVerifiedAt: new Date(),
            isSubscribedEmail: false,
            isSubscribedPhone: false,
          })
          .returning();
        // A consent the address gave before (the newsletter) shows on the new account.
        await consent.addressConfirmed(db, created!.id);
        consent.syncSoon();
        return startSession((await findById(created!.id)) ?? created!, client);
      } catch (error) {
        // Two first sign-ins racing: the other one created the account.
        if (!isUniqueViolation(error)) throw error;
        const [winner] = await db.select().from(users).where(eq(users.googleSubject, identity.subject));
        if (!winner) throw emailTaken();
        return startSession(winner, client);
      }
    },

    async logout(viewer: Viewer): Promise<void> {
      await sessions.revoke(viewer.tokenHash);
    },

    async get(viewer: Viewer, userId: number): Promise<User> {
      assertCanReach(viewer, userId);
      const row = await findById(userId);
      if (!row) throw userNotFound();
      return toApiUser(row);
    },

    async list(): Promise<User[]> {
      const rows = await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
      return rows.map(toApiUser);
    },

    /**
     * Applies an already whitelisted update (the route parses customers with `userUpdateSchema` and
     * admins with `adminUserUpdateSchema`). Removing admin rights ends that user's sessions; an admin
     * cannot remove their own, so the shop always keeps at least one admin.
     *
     * A new e-mail for one's own account only becomes `pendingEmail`: it replaces `email` when the
     * link sent to it is followed (account-links.ts), and the answer is the same whether or not
     * another account has that address. Asking for it needs the proof `reauthenticate` reads, an
     * admin's own account included (decision 0040). An admin changing someone else's e-mail changes
     * it at once, unverified, without that user's password.
     */
    async update(
      viewer: Viewer,
      userId: number,
      { currentPassword, googleToken, ...changes }: AdminUserUpdate,
      client: ClientInfo,
    ): Promise<User> {
      assertCanReach(viewer, userId);
      if (changes.isAdmin !== undefined && !viewer.isAdmin) delete changes.isAdmin;
      if (changes.isAdmin === false && userId === viewer.id) {
        throw new InvalidError('You cannot remove your own admin rights.');
      }
      if (changes.email !== undefined && userId === viewer.id) {
        const row = await findById(userId);
        if (!row) throw userNotFound();
        // Putting back the current address only cancels a waiting change: nothing to prove.
        if (changes.email.toLowerCase() !== row.email.toLowerCase()) {
          await reauthenticate(row, { currentPassword, googleToken }, client, 'email');
        }
      }
      try {
        return await db.transaction(async (tx) => {
          if (changes.isAdmin === false) {
            // Serialises concurrent demotions, so two admins cannot demote each other at once.
            await tx.execute(sql`select id from ${users} where ${users.isAdmin} for update`);
          }
          const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
          if (!before) throw userNotFound();
          const { email, isSubscribedEmail, isSubscribedPhone, ...rest } = changes;
          const emailChange = email === undefined ? undefined : await changeEmail(tx, viewer, before, email);
          const [updated] = await tx
            .update(users)
            .set({ ...rest, ...emailChange, updatedAt: new Date() })
            .where(eq(users.id, userId))
            .returning();
          await recordProfileConsent(tx, consent, {
            byOwner: viewer.id === userId,
            before,
            after: updated!,
            flags: { isSubscribedEmail, isSubscribedPhone },
            clientAddress: client.ip,
          });
          const [after] = await tx.select().from(users).where(eq(users.id, userId));
          if (before.isAdmin && after!.isAdmin === false) {
            const [{ admins } = { admins: 0 }] = await tx
              .select({ admins: sql<number>`count(*)::int` })
              .from(users)
              .where(eq(users.isAdmin, true));
            if (admins === 0) throw new InvalidError('The shop needs at least one admin.');
            await sessions.revokeAll(userId, tx);
          }
          return toApiUser(after!);
        });
      } catch (error) {
        // Only an admin's direct change can collide: a customer's waits for its link.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      } finally {
        links.deliverSoon();
        consent.syncSoon();
      }
    },

    /**
     * Changes the caller's own password, or sets the first one of a Google-only account, after the
     * proof `reauthenticate` reads (decision 0040): every session of the account ends (a thief's
     * included) and the caller gets a fresh one.
     */
    async changePassword(
      viewer: Viewer,
      userId: number,
      input: Reauthentication & { newPassword: string },
      client: ClientInfo,
    ): Promise<AuthResponse> {
      if (viewer.id !== userId) throw userNotFound();
      const row = await findById(userId);
      if (!row) throw userNotFound();
      await reauthenticate(row, input, client, 'password');
      refuseCommonPassword(input.newPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const [updated] = await db.transaction(async (tx) => {
        // Ends every session and any e-mail change waiting: a thief may have asked for one.
        await links.secure(tx, userId);
        return tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
      });
      return startSession(updated!, client);
    },

    /** Sets a new password through a reset link (account-links.ts) and signs the shopper in. */
    async resetPassword(input: ResetPasswordInput, client: ClientInfo): Promise<AuthResponse> {
      refuseCommonPassword(input.password);
      return links.resetPassword(input, (user, tx) => startSession(user, client, tx));
    },

    /** Sends the signed-in shopper a new link to confirm their address (or their waiting new one). */
    async resendVerification(viewer: Viewer): Promise<{ message: string }> {
      const result = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, viewer.id)).for('update');
        if (!user) throw userNotFound();
        if (user.pendingEmail) {
          // The current address was told when the change was asked for.
          await links.requestEmailChange(tx, user, user.pendingEmail, { notice: false });
          return messages.verificationSent;
        }
        if (user.emailVerifiedAt) return messages.emailAlreadyVerified;
        await links.sendVerification(tx, user, { limited: true });
        return messages.verificationSent;
      });
      links.deliverSoon();
      return { message: result };
    },

    /**
     * An admin deletes an account: the same erasure as the owner's own (decision 0043), its orders
     * kept for the books with their personal fields anonymised.
     */
    async remove(viewer: Viewer, userId: number): Promise<void> {
      if (userId === viewer.id) throw new InvalidError('You cannot delete your own account.');
      await erasure.eraseAccount(userId, 'admin');
    },

    /**
     * The owner deletes their own account (decision 0043) after the proof `reauthenticate` reads.
     * Not an admin's own: the shop keeps its admins, and another admin removes the rights first.
     */
    async removeOwn(viewer: Viewer, userId: number, proof: Reauthentication, client: ClientInfo) {
      if (viewer.id !== userId) throw new ForbiddenError(privacyMessages.ownAccountOnly);
      const row = await findById(userId);
      if (!row) throw userNotFound();
      if (row.isAdmin) throw new ForbiddenError(privacyMessages.adminCannotDeleteSelf);
      await reauthenticate(row, proof, client, 'deletion');
      await erasure.eraseAccount(userId, 'owner');
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
