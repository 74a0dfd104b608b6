/**
 * Makes sure the account named by ADMIN_EMAIL + ADMIN_PASSWORD exists, is an admin and signs in with
 * that password. The configured password is authoritative: if the stored one differs (say an account
 * was registered with that e-mail by someone else first), or the account was not an admin yet, it is
 * reset: the password replaced, every session ended, and any Google link, waiting e-mail change and
 * outstanding e-mailed link removed, so nobody keeps a way in that they set up (decision 0021). The
 * operator vouches for the address, so it is marked verified.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accountTokens, sessions, users } from '../../db/schema.js';
import { hashPassword, verifyPassword } from './passwords.js';

export type EnsureAdminResult = 'created' | 'updated' | 'unchanged';

export async function ensureAdminAccount(
  db: Database,
  admin: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!existing) {
    await db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(admin.password),
        isAdmin: true,
        firstName: 'Admin',
        emailVerifiedAt: new Date(),
        // Nobody agreed to marketing for it (decision 0042).
        isSubscribedEmail: false,
        isSubscribedPhone: false,
      })
      .onConflictDoNothing();
    return 'created';
  }
  const passwordMatches = existing.passwordHash
    ? await verifyPassword(existing.passwordHash, admin.password)
    : false;
  if (existing.isAdmin && passwordMatches) {
    if (!existing.emailVerifiedAt) {
      await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, existing.id));
    }
    return 'unchanged';
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        isAdmin: true,
        ...(passwordMatches ? {} : { passwordHash: await hashPassword(admin.password) }),
        googleSubject: null,
        pendingEmail: null,
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, existing.id));
  });
  return 'updated';
}
