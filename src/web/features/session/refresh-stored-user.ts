/** Reading the signed-in shopper's account again, validated, after a change made elsewhere. */
import { userSchema, type User } from '../../../domain/accounts';
import { z } from '../../../domain/zod';
import { apiRequest } from '../../api';
import { storeUser } from './stored-session';

const userReply = z.object({ user: userSchema });

/**
 * Reads the signed-in shopper's account from the server and keeps it as the stored user (after a
 * change made elsewhere: a confirmation link followed, another device). Null when the answer is
 * not a user; request failures are thrown.
 */
export async function refreshStoredUser(id: number, signal?: AbortSignal): Promise<User | null> {
  const reply = userReply.safeParse(await apiRequest<unknown>(`/api/users/${id}`, signal ? { signal } : {}));
  if (!reply.success) return null;
  storeUser(reply.data.user);
  return reply.data.user;
}
