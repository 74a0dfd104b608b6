/**
 * User Management (docs/product.md, Admin tools): the edit form of an account, and what it sends
 * (only the changes).
 */
import type { User } from '../../../../domain/accounts';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, phoneNumberField } from '../../../../domain/account-details';
import { emailField } from '../../../../domain/marketing';
import { formatPhone } from '../../../../domain/phone';
import { z } from '../../../../domain/zod';
import { messages } from '../../../../domain/messages';
import { userMessage } from '../../../api';

const nameField = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `Please enter the ${what}.` })
    .max(NAME_MAX_LENGTH, { message: `Please keep the ${what} under ${NAME_MAX_LENGTH} characters.` });

/** The e-mail must look like one ('Please enter a valid email address.'). */
export const userEditSchema = z.object({
  firstName: nameField('first name'),
  lastName: nameField('last name'),
  email: emailField,
  phoneNumber: phoneNumberField,
  address: z
    .string()
    .trim()
    .max(ADDRESS_MAX_LENGTH, { message: `Please keep the address under ${ADDRESS_MAX_LENGTH} characters.` })
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

/** The spec's message, with the server's reason under it when it refused the request. */
function withReason(message: string, error: unknown): string {
  const reason = userMessage(error, '');
  return reason && reason !== message ? `${message}\n${reason}` : message;
}

export const saveUserError = (error: unknown) => withReason(messages.saveUserFailed, error);
export const deleteUserError = (error: unknown) => withReason(messages.deleteUserFailed, error);
