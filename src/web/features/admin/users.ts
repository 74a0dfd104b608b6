/** User Management (issue 7): the edit form of an account, and what it sends (only the changes). */
import type { User } from '../../../domain/accounts';
import { phoneNumberField } from '../../../domain/account-details';
import { emailField } from '../../../domain/marketing';
import { formatPhone } from '../../../domain/phone';
import { z } from '../../../domain/zod';
import { messages } from '../../../domain/messages';
import { ApiError } from '../../api';

const nameField = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `Please enter the ${what}.` })
    .max(100, { message: `Please keep the ${what} under 100 characters.` });

/** SPEC §5: the e-mail must look like one ('Please enter a valid email address.'). */
export const userEditSchema = z.object({
  firstName: nameField('first name'),
  lastName: nameField('last name'),
  email: emailField,
  phoneNumber: phoneNumberField,
  address: z
    .string()
    .trim()
    .max(500, { message: 'Please keep the address under 500 characters.' })
    .transform((value) => value || null),
  isSubscribedEmail: z.boolean(),
  isSubscribedPhone: z.boolean(),
});
export type UserEditInput = z.input<typeof userEditSchema>;
export type UserEdit = z.output<typeof userEditSchema>;

export function userEditValues(user: User): UserEditInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber ? formatPhone(user.phoneNumber) : '',
    address: user.address ?? '',
    isSubscribedEmail: user.isSubscribedEmail,
    isSubscribedPhone: user.isSubscribedPhone,
  };
}

/** The fields that differ from the stored account. */
export function userChanges(user: User, edit: UserEdit): Partial<UserEdit> {
  const changes: Partial<Record<keyof UserEdit, unknown>> = {};
  for (const key of Object.keys(edit) as (keyof UserEdit)[]) {
    if (edit[key] !== user[key]) changes[key] = edit[key];
  }
  return changes as Partial<UserEdit>;
}

export const fullName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The spec's message (SPEC §8), with the server's reason under it when it refused the request. */
function withReason(message: string, error: unknown): string {
  const refused =
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
  return refused && error.message !== message ? `${message}\n${error.message}` : message;
}

export const saveUserError = (error: unknown) => withReason(messages.saveUserFailed, error);
export const deleteUserError = (error: unknown) => withReason(messages.deleteUserFailed, error);
