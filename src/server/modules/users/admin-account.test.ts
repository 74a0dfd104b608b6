import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app.js';
import { ensureAdminAccount } from './admin-account.js';
import { hashPassword, verifyPassword } from './passwords.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const findUser = async (email: string) =>
  (
    await database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
  )[0];

describe('ensureAdminAccount', () => {
  it('creates the configured admin with an argon2id hash', async () => {
    expect(
      await ensureAdminAccount(database.db, { email: 'Owner@Northbite.ca', password: 'maple-syrup-42' }),
    ).toBe('created');
    const user = await findUser('owner@northbite.ca');
    expect(user?.isAdmin).toBe(true);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(user!.passwordHash!, 'maple-syrup-42')).toBe(true);
  });

  it('leaves a matching admin alone', async () => {
    expect(
      await ensureAdminAccount(database.db, { email: 'owner@northbite.ca', password: 'maple-syrup-42' }),
    ).toBe('unchanged');
  });

  it('takes over an existing account: admin flag, configured password, sessions ended', async () => {
    const [squatter] = await database.db
      .insert(users)
      .values({
        email: 'boss@northbite.ca',
        passwordHash: await hashPassword('attacker-pass'),
        firstName: 'X',
      })
      .returning();
    await database.db
      .insert(sessions)
      .values({ tokenHash: 'h1', userId: squatter!.id, expiresAt: new Date(Date.now() + 86_400_000) });

    expect(
      await ensureAdminAccount(database.db, { email: 'boss@northbite.ca', password: 'real-owner-pass' }),
    ).toBe('updated');
    const user = await findUser('boss@northbite.ca');
    expect(user?.isAdmin).toBe(true);
    expect(await verifyPassword(user!.passwordHash!, 'real-owner-pass')).toBe(true);
    expect(await verifyPassword(user!.passwordHash!, 'attacker-pass')).toBe(false);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, squatter!.id))).toEqual([]);
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
