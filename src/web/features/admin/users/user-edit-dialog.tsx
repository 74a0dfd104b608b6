import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '../../../../domain/accounts';
import { messages } from '../../../../domain/messages';
import { describedBy, FormField, inputClass } from '../../../components/account/form-field';
import { AdminDialog, closeDialogOf } from '../shared/admin-dialog';
import { FormError } from '../shared/states';
import {
  fullName,
  saveUserError,
  userChanges,
  userEditSchema,
  userEditValues,
  type UserEdit,
  type UserEditInput,
} from './users';
import { updateUser } from './users-api';

/**
 * Editing an account's details; only the changed fields are sent, in one request. The admin's own
 * account is theirs like any owner's: a new e-mail there needs their current password (decision 0040).
 */
export function UserEditDialog({
  user,
  isSelf = false,
  onSaved,
  onClose,
}: {
  user: User;
  /** The account is the signed-in admin's own. */
  isSelf?: boolean;
  onSaved: (user: User) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserEditInput, unknown, UserEdit>({
    resolver: zodResolver(userEditSchema),
    defaultValues: userEditValues(user),
  });

  const submit = handleSubmit(async (values) => {
    const changes = userChanges(user, values);
    if (Object.keys(changes).length === 0) return setError('root', { message: 'Nothing has changed yet.' });
    const proof = isSelf && changes.email !== undefined ? { currentPassword } : {};
    try {
      onSaved(await updateUser(user.id, { ...changes, ...proof }));
      closeDialogOf(document.getElementById(formId));
    } catch (error) {
      console.error(messages.saveUserFailed, error);
      setError('root', { message: saveUserError(error) });
    }
  });

  const text = (
    name: 'firstName' | 'lastName' | 'email' | 'phoneNumber',
    label: string,
    type: 'text' | 'email' | 'tel',
  ) => {
    const id = `user-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={label} error={error}>
        <input
          id={id}
          type={type}
          autoComplete="off"
          {...register(name)}
          {...describedBy(id, error)}
          className={inputClass}
        />
      </FormField>
    );
  };

  return (
    <AdminDialog
      title={`Edit ${fullName(user)}`}
      description="Only the fields you change are saved."
      busy={isSubmitting}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="btn-outline"
            disabled={isSubmitting}
            onClick={(event) => closeDialogOf(event.currentTarget)}
          >
            Cancel
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save changes'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {text('firstName', 'First name', 'text')}
          {text('lastName', 'Last name', 'text')}
        </div>
        {text('email', 'Email', 'email')}
        {isSelf && (
          <FormField
            id="user-current-password"
            label="Your current password"
            hint="Needed only to change your own e-mail."
          >
            <input
              id="user-current-password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              aria-describedby="user-current-password-hint"
              className={inputClass}
            />
          </FormField>
        )}
        {text('phoneNumber', 'Phone number (Canada or US, optional)', 'tel')}
        <FormField id="user-address" label="Address (optional)" error={errors.address?.message}>
          <textarea
            id="user-address"
            rows={3}
            {...register('address')}
            {...describedBy('user-address', errors.address?.message)}
            className={inputClass}
          />
        </FormField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-cocoa">Subscriptions</legend>
          <label className="flex items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              {...register('isSubscribedEmail')}
              className="h-5 w-5 rounded accent-maple"
            />
            Email newsletter
          </label>
          <label className="flex items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              {...register('isSubscribedPhone')}
              className="h-5 w-5 rounded accent-maple"
            />
            Text messages
          </label>
        </fieldset>
        <FormError>{errors.root?.message}</FormError>
      </form>
    </AdminDialog>
  );
}
