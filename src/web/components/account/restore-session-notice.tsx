import { LogIn } from 'lucide-react';

export const restoreSessionTexts = {
  heading: 'Sign in to change your e-mail or password',
  body: 'You came in through the link in our cart reminder e-mail. That lets you shop and check out, but not change your e-mail or password, or anything else that protects your account.',
  button: 'Sign in',
} as const;

/**
 * Shown on the profile while the session came from a cart restore link (decision 0040): why the
 * e-mail and password cannot be changed, and the way to a real sign-in (`onSignIn`).
 */
export function RestoreSessionNotice({ onSignIn }: { onSignIn: () => void }) {
  return (
    <section
      aria-labelledby="restore-session-title"
      className="flex gap-4 rounded-3xl bg-white p-6 shadow-sm ring-2 ring-maple/40 sm:p-8"
    >
      <LogIn className="mt-1 hidden h-7 w-7 shrink-0 text-maple-dark sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="restore-session-title" className="font-display text-2xl font-semibold">
          {restoreSessionTexts.heading}
        </h2>
        <p className="mt-2 text-ink">{restoreSessionTexts.body}</p>
        <button type="button" className="btn-primary mt-4" onClick={onSignIn}>
          {restoreSessionTexts.button}
        </button>
      </div>
    </section>
  );
}
