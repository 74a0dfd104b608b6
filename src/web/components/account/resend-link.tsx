import { useState } from 'react';
import { messageReplySchema } from '../../../domain/accounts';
import { messages } from '../../../domain/messages';
import { apiRequest } from '../../api';
import { problemText } from '../../features/account/email-links';

type State = { status: 'idle' | 'sending' } | { status: 'sent' | 'failed'; message: string };

/**
 * Asks for a new confirmation link for the signed-in shopper's address (or the new address waiting
 * to be confirmed) and shows the server's answer, or why it could not be sent (429 among them).
 */
export function ResendLink({
  label,
  className = 'btn-outline',
  onAnswer,
}: {
  label: string;
  className?: string;
  /** Called with the server's message once a link was sent (or the address turned out confirmed). */
  onAnswer?: (message: string) => void;
}) {
  const [state, setState] = useState<State>({ status: 'idle' });

  async function resend() {
    setState({ status: 'sending' });
    try {
      const reply = messageReplySchema.safeParse(
        await apiRequest<unknown>('/api/users/verify-email/resend', { method: 'POST' }),
      );
      const message = reply.success ? reply.data.message : messages.invalidServerResponse;
      setState(reply.success ? { status: 'sent', message } : { status: 'failed', message });
      if (reply.success) onAnswer?.(message);
    } catch (error) {
      console.warn('Resending the confirmation link failed', error);
      setState({ status: 'failed', message: problemText(error) });
    }
  }

  return (
    <div>
      <button
        type="button"
        className={className}
        onClick={() => void resend()}
        disabled={state.status === 'sending'}
      >
        {state.status === 'sending' ? 'Sending...' : label}
      </button>
      {/* Both regions are there from the start, so the answer is announced when it arrives. */}
      <p role="status" className="mt-3 text-sm font-medium text-forest empty:hidden">
        {state.status === 'sent' ? state.message : ''}
      </p>
      <p role="alert" className="mt-3 text-sm font-medium text-danger empty:hidden">
        {state.status === 'failed' ? state.message : ''}
      </p>
    </div>
  );
}
