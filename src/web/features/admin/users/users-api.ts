/** User Management's calls: the accounts the route's clientLoader reads, and the changes to one. */
import { userSchema, type Reauthentication, type User } from '../../../../domain/accounts';
import { z } from '../../../../domain/zod';
import { apiRequest } from '../../../api';
import { adminRequest, loadPart, type Loaded } from '../shared/admin-api';
import type { UserEdit } from './users';

const userList = z.array(userSchema);
const userReply = z.object({ user: userSchema });

export type UsersData = Loaded<User[]>;

/** Every account, newest first. */
export const loadUsers = (signal: AbortSignal): Promise<UsersData> =>
  loadPart(signal, 'Failed to load users', () => adminRequest(userList, '/api/users', { signal }));

/** PATCH /api/users/:id with what changed (details, or admin rights); answers the account as saved. */
export async function updateUser(
  id: number,
  changes: (Partial<UserEdit> & Reauthentication) | { isAdmin: boolean },
): Promise<User> {
  const reply = await adminRequest(userReply, `/api/users/${id}`, { method: 'PATCH', body: changes });
  return reply.user;
}

export const deleteUser = (id: number) => apiRequest(`/api/users/${id}`, { method: 'DELETE' });
