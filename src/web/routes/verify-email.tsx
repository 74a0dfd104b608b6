import { data, Link } from 'react-router';
import { verifyEmailReplySchema, verifyEmailSchema } from '../../domain/accounts';
import { messages } from '../../domain/messages';
import { apiRequest } from '../api';
import { AuthCard } from '../components/account/auth-card';
import { ResendLink } from '../components/account/resend-link';
import { Spinner } from '../components/spinner';
import { accountTexts, problemText, sendOnce, useLinkToken } from '../features/account/email-links';
import { refreshStoredUser } from '../features/session/refresh-stored-user';
import { getStoredUser, useStoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/verify-email';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

// Everyone gets the same shell: the token is read in the browser. An address with a token is
// never kept by a shared cache nor sent on as a referrer (the server sees to that, src/server/web.ts).
export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Confirm Your Email',
    description: 'Confirm the email address of your Northbite account.',
    origin: page.origin,
    path: '/verify-email',
    noindex: true,
  });
}

type Phase =
  { name: 'confirming' } | { name: 'confirmed'; email: string } | { name: 'failed'; message: string };

/**
 * Follows the confirmation link: once per token (the link works once), whatever React does with
 * effects. A signed-in shopper's stored account is read again, so the profile's notice goes away.
 */
function confirm(token: string | null): Promise<Phase> {
  if (!token || !verifyEmailSchema.safeParse({ token }).success) {
    return Promise.resolve({ name: 'failed', message: messages.verifyLinkInvalid });
  }
  return sendOnce(`verify-email:${token}`, async (): Promise<Phase> => {
    let reply: unknown;
    try {
      reply = await apiRequest<unknown>('/api/users/verify-email', { method: 'POST', body: { token } });
    } catch (error) {
      console.warn('Confirming the email failed', error);
      return { name: 'failed', message: problemText(error) };
    }
    const confirmed = verifyEmailReplySchema.safeParse(reply);
    if (!confirmed.success) return { name: 'failed', message: messages.invalidServerResponse };
    const signedIn = getStoredUser();
    if (signedIn) {
      await refreshStoredUser(signedIn.id).catch((error: unknown) => {
        console.warn('Could not refresh the stored account', error);
      });
    }
    return { name: 'confirmed', email: confirmed.data.email };
  });
}

export default function VerifyEmail() {
  const user = useStoredUser();
  const { phase } = useLinkToken<Phase>({ name: 'confirming' }, confirm);

  const title =
    phase.name === 'confirming'
      ? accountTexts.confirming
      : phase.name === 'confirmed'
        ? 'Email confirmed'
        : 'We could not confirm your email';

  return (
    <AuthCard eyebrow="Your account" title={title}>
      {phase.name === 'confirming' && <Spinner label={accountTexts.confirming} className="py-4" />}
      {/* There from the first paint, so the outcome is announced when it arrives. */}
      <div role="status" className="text-center empty:hidden">
        {phase.name === 'confirmed' && (
          <>
            <p className="font-medium text-forest">{messages.emailConfirmed}</p>
            <p className="mt-3 text-ink">
              <strong className="break-words">{phase.email}</strong> is now the confirmed email of your
              account.
            </p>
          </>
        )}
      </div>
      {phase.name === 'confirmed' && (
        <div className="mt-8 flex flex-col gap-3">
          <Link to="/profile" className="btn-primary w-full">
            Go to your account
          </Link>
          <Link to="/shop" className="btn-outline w-full">
            Continue shopping
          </Link>
        </div>
      )}
      {phase.name === 'failed' && (
        <div className="text-center">
          <p role="alert" className="font-medium text-danger">
            {phase.message}
          </p>
          {user ? (
            <div className="mt-8">
              <ResendLink label={accountTexts.sendNewLink} className="btn-primary w-full" />
            </div>
          ) : (
            // After logging in, the account page offers a new link.
            <Link to="/login" state={{ from: '/profile' }} className="btn-primary mt-8 w-full">
              Log in to get a new link
            </Link>
          )}
        </div>
      )}
    </AuthCard>
  );
}
