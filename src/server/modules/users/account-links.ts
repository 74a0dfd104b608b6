/**
 * Links sent by e-mail that act on an account (decision 0021): resetting a forgotten
 * password, confirming the account's address, and confirming a new address before it replaces the
 * old one.
 *
 * Every link carries a random 256-bit token; only its SHA-256 is stored, with the user, what it is
 * for, the address it was sent to and when it stops working. A link works once: using it is one
 * conditional UPDATE, so two tabs racing with the same link cannot both succeed.
 */
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  RESET_LINK_HOURS,
  VERIFY_LINK_HOURS,
  type AuthResponse,
  type ResetPasswordInput,
} from '../../../domain/accounts.js';
import { InvalidError, TooManyRequestsError } from '../../../domain/errors.js';
import { messages } from '../../../domain/messages.js';
import type { Database, Transaction as Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { accountTokens, users } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import {
  confirmNewEmailEmail,
  emailChangeNoticeEmail,
  resetPasswordEmail,
  verifyEmailEmail,
} from './account-emails.js';
import type { ConsentService } from '../consent/service.js';
import { hashPassword } from './passwords.js';
import { hashToken, newToken, type SessionStore } from './sessions.js';

type UserRow = typeof users.$inferSelect;
type Purpose = (typeof accountTokens.$inferSelect)['purpose'];
type Executor = Database | Tx;

const HOUR_MS = 60 * 60 * 1000;

/** Per account and hour: reset e-mails (asking for more sends nothing more), confirmation links. */
export const LINK_LIMITS = {
  'reset-password': 3,
  'verify-email': 5,
  'change-email': 5,
} as const satisfies Record<Purpose, number>;

const LIFETIME_HOURS: Record<Purpose, number> = {
  'reset-password': RESET_LINK_HOURS,
  'verify-email': VERIFY_LINK_HOURS,
  'change-email': VERIFY_LINK_HOURS,
};

const PATHS: Record<Purpose, string> = {
  'reset-password': '/reset-password',
  'verify-email': '/verify-email',
  'change-email': '/verify-email',
};

/** The link with this token, for one of these purposes, not used and not expired. */
const working = (token: string, purposes: Purpose[]) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    inArray(accountTokens.purpose, purposes),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );
const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** The name to greet the account's own address with: none until that address is confirmed. */
const confirmedName = (user: UserRow) => (user.emailVerifiedAt ? user.firstName : null);

export interface AccountLinksDeps {
  db: Database;
  sessions: SessionStore;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Marketing consent follows a confirmed address (decision 0042). */
  consent?: Pick<ConsentService, 'addressConfirmed' | 'syncSoon'>;
}

export function createAccountLinks({ db, sessions, mailer, publicUrl, log, consent }: AccountLinksDeps) {
  /** Work started by a request that answers before it ends (forgot-password); awaited on close. */
  const inFlight = new Set<Promise<void>>();

  /** Links of this purpose made for the user in the last hour. */
  async function issuedLastHour(executor: Executor, userId: number, purpose: Purpose): Promise<number> {
    const [row] = await executor
      .select({ issued: count() })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          gt(accountTokens.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    return row?.issued ?? 0;
  }

  /** Stores a new link for `email` and returns its full address (the token is in it, nowhere else). */
  async function issue(executor: Executor, userId: number, purpose: Purpose, email: string): Promise<string> {
    const token = newToken();
    await executor.insert(accountTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      email: email.toLowerCase(),
      expiresAt: new Date(Date.now() + LIFETIME_HOURS[purpose] * HOUR_MS),
    });
    return `${publicUrl}${PATHS[purpose]}?token=${token}`;
  }

  /** Marks a link used and returns it, or null when it is unknown, used, expired or for something else. */
  async function use(executor: Executor, token: string, purposes: Purpose[]) {
    const [row] = await executor
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(working(token, purposes))
      .returning();
    return row ?? null;
  }

  /** Voids the user's unused links of a purpose (a new password, a newer e-mail change). */
  async function voidLinks(executor: Executor, userId: number, purpose: Purpose): Promise<void> {
    await executor
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
        ),
      );
  }

  /**
   * Ends what a thief could hold on an account whose owner just proved themselves again: every
   * session, the cart restore links, and an e-mail change waiting for confirmation.
   */
  async function secure(tx: Tx, userId: number): Promise<void> {
    await sessions.revokeAll(userId, tx);
    await voidLinks(tx, userId, 'change-email');
    await voidLinks(tx, userId, 'reset-password');
    await tx.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
  }

  /** The background half of forgot-password: the account's link, within the account's hourly limit. */
  async function sendResetLink(email: string): Promise<void> {
    const sent = await db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .for('update');
      if (!user) return false;
      if ((await issuedLastHour(tx, user.id, 'reset-password')) >= LINK_LIMITS['reset-password']) {
        log.warn({ userId: user.id }, 'password reset asked for again within the hour: no e-mail sent');
        return false;
      }
      const link = await issue(tx, user.id, 'reset-password', user.email);
      await mailer.enqueue(
        tx,
        resetPasswordEmail({
          to: user.email,
          firstName: confirmedName(user),
          link,
          validHours: RESET_LINK_HOURS,
        }),
      );
      return true;
    });
    if (sent) mailer.deliverSoon();
  }

  return {
    /**
     * Answers at once, the same for every address; whether an account has it is looked at after the
     * answer, so neither the answer nor its timing tells (decision 0021).
     */
    forgotPassword(email: string): void {
      const work = sendResetLink(email.toLowerCase())
        .catch((error: unknown) => log.error({ err: error }, 'sending a password reset link failed'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },

    /** True while the reset link still works (the page asks before showing the password form). */
    async resetLinkWorks(token: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: accountTokens.userId, email: accountTokens.email, current: users.email })
        .from(accountTokens)
        .innerJoin(users, eq(users.id, accountTokens.userId))
        .where(working(token, ['reset-password']));
      return Boolean(row && sameEmail(row.email, row.current));
    },

    /**
     * Sets a new password through a reset link. The link proves the address, so it is marked
     * verified; every session, cart restore link and waiting e-mail change ends; the caller gets
     * the one new session.
     */
    async resetPassword(
      input: ResetPasswordInput,
      startSession: (user: UserRow, tx: Tx) => Promise<AuthResponse>,
    ): Promise<AuthResponse> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const link = await use(tx, input.token, ['reset-password']);
        const [user] = link
          ? await tx.select().from(users).where(eq(users.id, link.userId)).for('update')
          : [];
        // A link sent to an address the account no longer has proves nothing.
        if (!link || !user || !sameEmail(link.email, user.email)) {
          throw new InvalidError(messages.resetLinkInvalid);
        }
        await secure(tx, user.id);
        const [updated] = await tx
          .update(users)
          .set({
            passwordHash,
            emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id))
          .returning();
        return startSession(updated!, tx);
      });
    },

    /**
     * Follows a confirmation link: the account's own address becomes verified, or a new address
     * replaces the old one (verified, since the link was sent there).
     */
    async verifyEmail(token: string): Promise<{ email: string; userId: number }> {
      try {
        const confirmed = await db.transaction(async (tx) => {
          const link = await use(tx, token, ['verify-email', 'change-email']);
          const [user] = link
            ? await tx.select().from(users).where(eq(users.id, link.userId)).for('update')
            : [];
          if (!link || !user) throw new InvalidError(messages.verifyLinkInvalid);
          if (link.purpose === 'verify-email') {
            if (!sameEmail(link.email, user.email)) throw new InvalidError(messages.verifyLinkInvalid);
            if (!user.emailVerifiedAt) {
              await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
              await consent?.addressConfirmed(tx, user.id);
            }
            return { email: user.email, userId: user.id };
          }
          // Only the change still waiting can be confirmed: a newer request or a reset voids older links.
          if (!user.pendingEmail || !sameEmail(link.email, user.pendingEmail)) {
            throw new InvalidError(messages.verifyLinkInvalid);
          }
          await tx
            .update(users)
            .set({
              email: link.email,
              pendingEmail: null,
              emailVerifiedAt: new Date(),
              updatedAt: new Date(),
            })
            .where(eq(users.id, user.id));
          await voidLinks(tx, user.id, 'verify-email');
          await voidLinks(tx, user.id, 'reset-password');
          await consent?.addressConfirmed(tx, user.id);
          return { email: link.email, userId: user.id };
        });
        consent?.syncSoon();
        return confirmed;
      } catch (error) {
        // Another account took the address while the link was on its way.
        if (isUniqueViolation(error)) throw new InvalidError(messages.emailChangeUnavailable);
        throw error;
      }
    },

    /** A new confirmation link for the account's address, within the hourly limit. */
    async sendVerification(executor: Executor, user: UserRow, { limited }: { limited: boolean }) {
      if (
        limited &&
        (await issuedLastHour(executor, user.id, 'verify-email')) >= LINK_LIMITS['verify-email']
      ) {
        throw new TooManyRequestsError(messages.tooManyRequests);
      }
      const link = await issue(executor, user.id, 'verify-email', user.email);
      await mailer.enqueue(
        executor,
        verifyEmailEmail({ to: user.email, link, validHours: VERIFY_LINK_HOURS }),
      );
    },

    /**
     * Asks to move the account to `newEmail`: the new address gets a confirmation link, the current
     * one a notice without any secret (unless `notice` is false: a resend), and the account keeps
     * its address until the link is followed (the caller writes `pendingEmail`). Whether another
     * account has the address is not looked at here, so the answer cannot tell: confirming would
     * fail, and only the owner of that mailbox would see that.
     */
    async requestEmailChange(
      tx: Tx,
      user: UserRow,
      newEmail: string,
      { notice }: { notice: boolean } = { notice: true },
    ): Promise<void> {
      if ((await issuedLastHour(tx, user.id, 'change-email')) >= LINK_LIMITS['change-email']) {
        throw new TooManyRequestsError(messages.tooManyRequests);
      }
      await voidLinks(tx, user.id, 'change-email');
      const link = await issue(tx, user.id, 'change-email', newEmail);
      await mailer.enqueue(
        tx,
        confirmNewEmailEmail({
          to: newEmail,
          link,
          validHours: VERIFY_LINK_HOURS,
        }),
      );
      if (!notice) return;
      await mailer.enqueue(
        tx,
        emailChangeNoticeEmail({
          to: user.email,
          firstName: confirmedName(user),
          newEmail,
          resetLink: `${publicUrl}/forgot-password`,
        }),
      );
    },

    /** Voids a waiting e-mail change's link (the caller clears `pendingEmail`). */
    cancelEmailChange: (tx: Tx, userId: number) => voidLinks(tx, userId, 'change-email'),

    secure,
    /** Starts delivering what a committed transaction put in the outbox. */
    deliverSoon: () => mailer.deliverSoon(),

    /** Waits for the forgot-password work still running (on close, and in tests). */
    async settle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type AccountLinks = ReturnType<typeof createAccountLinks>;
