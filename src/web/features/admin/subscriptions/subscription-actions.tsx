import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminSubscription, AdminSubscriptionDetail } from '../../../../domain/subscription-schemas';
import { shopDate } from '../../../../domain/subscription-schedule';
import { userMessage } from '../../../api';
import { describedBy, FormField, inputClass } from '../../../components/account/form-field';
import { AdminDialog, closeDialogOf } from '../shared/admin-dialog';
import { FormError } from '../shared/states';
import { dangerButton } from '../shared/ui';
import { CANCEL_REASON_MAX, cancelBody, pauseBody, pauseRange } from './subscriptions';
import { cancelSubscription, pauseSubscription } from './subscriptions-api';

/**
 * Asks before acting for the customer, with what the action takes (ConfirmDialog's look, with a
 * form): `valid` first (false keeps the dialog open on its field's message), then `onSubmit`, which
 * answers why it could not be done (shown, the dialog stays) or null (it closes).
 */
function ActionDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel,
  tone,
  valid = () => true,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  tone: 'danger' | 'primary';
  valid?: () => boolean;
  onSubmit: () => Promise<string | null>;
  onClose: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!valid()) return;
    setBusy(true);
    const problem = await onSubmit();
    setBusy(false);
    if (problem) setError(problem);
    else closeDialogOf(form.current);
  }

  return (
    <AdminDialog
      title={title}
      size="sm"
      busy={busy}
      onClose={onClose}
      description={description}
      footer={
        <>
          <button
            type="button"
            className="btn-outline"
            disabled={busy}
            onClick={(event) => closeDialogOf(event.currentTarget)}
            autoFocus
          >
            {cancelLabel}
          </button>
          <button
            type="submit"
            form={formId}
            className={tone === 'danger' ? dangerButton : 'btn-primary'}
            disabled={busy}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <form id={formId} ref={form} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {children}
        <FormError>{error}</FormError>
      </form>
    </AdminDialog>
  );
}

const PAUSE_FAILED = 'Failed to pause the subscription. Please try again.';
const CANCEL_FAILED = 'Failed to cancel the subscription. Please try again.';

/** Pause for the customer: until a day (it orders again that day), or until resumed. */
export function PauseSubscriptionDialog({
  subscription,
  onDone,
  onClose,
}: {
  subscription: AdminSubscription;
  onDone: (after: AdminSubscriptionDetail) => void;
  onClose: () => void;
}) {
  const id = useId();
  const today = shopDate(new Date());
  const { min, max } = pauseRange(today);
  const [until, setUntil] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  function valid(): boolean {
    const checked = pauseBody(until, today);
    setFieldError('error' in checked ? checked.error : undefined);
    if ('error' in checked) document.getElementById(`${id}-until`)?.focus();
    return !('error' in checked);
  }

  async function pause(): Promise<string | null> {
    const checked = pauseBody(until, today);
    if ('error' in checked) return checked.error;
    try {
      onDone(await pauseSubscription(subscription.id, checked.body));
      return null;
    } catch (caught) {
      console.error('Failed to pause the subscription', caught);
      return userMessage(caught, PAUSE_FAILED);
    }
  }

  return (
    <ActionDialog
      title={`Pause subscription #${subscription.id}?`}
      description={`Nothing is ordered for ${subscription.email} while it is paused. The history will name you.`}
      confirmLabel={subscription.status === 'paused' ? 'Change the pause' : 'Pause subscription'}
      busyLabel="Pausing..."
      cancelLabel="Keep it as it is"
      tone="primary"
      valid={valid}
      onSubmit={pause}
      onClose={onClose}
    >
      <FormField
        id={`${id}-until`}
        label="Resume on (optional)"
        error={fieldError}
        hint="It orders again that morning. Leave it empty to pause until the customer resumes it."
      >
        <input
          id={`${id}-until`}
          type="date"
          min={min}
          max={max}
          value={until}
          onChange={(event) => {
            setUntil(event.target.value);
            setFieldError(undefined);
          }}
          {...describedBy(`${id}-until`, fieldError, true)}
          className={inputClass}
        />
      </FormField>
    </ActionDialog>
  );
}

/** Cancel for the customer, with an optional reason kept with it. */
export function CancelSubscriptionDialog({
  subscription,
  onDone,
  onClose,
}: {
  subscription: AdminSubscription;
  onDone: (after: AdminSubscriptionDetail) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');

  async function cancel(): Promise<string | null> {
    try {
      onDone(await cancelSubscription(subscription.id, cancelBody(reason)));
      return null;
    } catch (caught) {
      console.error('Failed to cancel the subscription', caught);
      return userMessage(caught, CANCEL_FAILED);
    }
  }

  return (
    <ActionDialog
      title={`Cancel subscription #${subscription.id}?`}
      description={`No more deliveries are ordered for ${subscription.email}. A cancelled subscription cannot be resumed; the history will name you.`}
      confirmLabel="Cancel subscription"
      busyLabel="Cancelling..."
      cancelLabel="Keep subscription"
      tone="danger"
      onSubmit={cancel}
      onClose={onClose}
    >
      <FormField
        id={`${id}-reason`}
        label="Reason (optional)"
        hint="Kept with the subscription and in its history."
      >
        <textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          {...describedBy(`${id}-reason`, undefined, true)}
          className={inputClass}
        />
      </FormField>
    </ActionDialog>
  );
}
