/**
 * Makes sure the account named by ADMIN_EMAIL + ADMIN_PASSWORD exists, is an admin and signs in with
 * that password. The configured password is authoritative: if the stored one differs (say an account
 * was registered with that e-mail by someone else first), it is replaced and every session of the
 * account is ended, so nobody keeps admin access through a password they chose.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
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
      .values({ email, passwordHash: await hashPassword(admin.password), isAdmin: true, firstName: 'Admin' })
      .onConflictDoNothing();
    return 'created';
  }
  const passwordMatches = existing.passwordHash
    ? await verifyPassword(existing.passwordHash, admin.password)
    : false;
  if (existing.isAdmin && passwordMatches) return 'unchanged';
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        isAdmin: true,
        ...(passwordMatches ? {} : { passwordHash: await hashPassword(admin.password) }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    if (!passwordMatches) await tx.delete(sessions).where(eq(sessions.userId, existing.id));
  });
  return 'updated';
}
