import { MailCheck } from 'lucide-react';
import { messages } from '../../../domain/messages';
import { accountTexts, emailNotice } from '../../features/account/email-links';
import type { StoredUser } from '../../features/session/stored-session';
import { ResendLink } from './resend-link';

/**
 * The profile's word about the account's address (decision 0021): not confirmed yet, or a new
 * address waiting for its link, with a button for another link. Nothing once all is confirmed.
 */
export function EmailNotice({ user, onAnswer }: { user: StoredUser; onAnswer?: (message: string) => void }) {
  const notice = emailNotice(user);
  if (!notice) return null;
  const heading =
    notice.kind === 'unverified' || !notice.verified
      ? messages.confirmEmailPrompt
      : 'Please confirm your new e-mail';
  return (
    <section
      aria-labelledby="email-notice-title"
      className="flex gap-4 rounded-3xl bg-white p-6 shadow-sm ring-2 ring-maple/40 sm:p-8"
    >
      <MailCheck className="mt-1 hidden h-7 w-7 shrink-0 text-maple-dark sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="email-notice-title" className="font-display text-2xl font-semibold">
          {heading}
        </h2>
        {notice.kind === 'unverified' ? (
          <p className="mt-2 text-ink">
            We sent a link to <strong className="break-words">{notice.email}</strong>. Follow it to confirm
            that this address is yours. Nothing there? Check your spam folder, or ask for a new link.
          </p>
        ) : (
          <p className="mt-2 text-ink">
            Your new address <strong className="break-words">{notice.pendingEmail}</strong> is waiting for
            confirmation: we sent a link to it. Your account keeps{' '}
            <strong className="break-words">{notice.email}</strong> until you follow that link.
          </p>
        )}
        <div className="mt-4">
          <ResendLink label={accountTexts.resendLink} {...(onAnswer ? { onAnswer } : {})} />
        </div>
      </div>
    </section>
  );
}
