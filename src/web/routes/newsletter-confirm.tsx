import { data, Link } from 'react-router';
import { messageReplySchema } from '../../domain/accounts';
import { messages } from '../../domain/messages';
import { newsletterConfirmSchema } from '../../domain/newsletter';
import { apiRequest } from '../api';
import { AuthCard } from '../components/account/auth-card';
import { Spinner } from '../components/spinner';
import { problemText, sendOnce, useLinkToken } from '../features/account/email-links';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/newsletter-confirm';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

// Everyone gets the same shell: the token is read in the browser, like the account e-mails' links
// (features/account/email-links.ts), and an address with a token is never kept by a shared cache
// nor sent on as a referrer (src/server/web.ts).
export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Confirm Your Subscription',
    description: 'Confirm your subscription to the Northbite newsletter.',
    origin: page.origin,
    path: '/newsletter/confirm',
    noindex: true,
  });
}

const CONFIRMING = 'Confirming your subscription…';

type Phase =
  { name: 'confirming' } | { name: 'confirmed'; message: string } | { name: 'failed'; message: string };

/**
 * Follows the confirmation link (decision 0042): once per token (the link works once), whatever
 * React does with effects. Only this, the owner of the address opening the e-mail, subscribes it.
 */
function confirm(token: string | null): Promise<Phase> {
  if (!token || !newsletterConfirmSchema.safeParse({ token }).success) {
    return Promise.resolve({ name: 'failed', message: messages.newsletterLinkInvalid });
  }
  return sendOnce(`newsletter-confirm:${token}`, async (): Promise<Phase> => {
    let reply: unknown;
    try {
      reply = await apiRequest<unknown>('/api/signup/confirm', { method: 'POST', body: { token } });
    } catch (error) {
      console.warn('Confirming the newsletter subscription failed', error);
      return { name: 'failed', message: problemText(error) };
    }
    const confirmed = messageReplySchema.safeParse(reply);
    if (!confirmed.success) return { name: 'failed', message: messages.invalidServerResponse };
    return { name: 'confirmed', message: confirmed.data.message };
  });
}

export default function NewsletterConfirm() {
  const { phase } = useLinkToken<Phase>({ name: 'confirming' }, confirm);

  const title =
    phase.name === 'confirming'
      ? CONFIRMING
      : phase.name === 'confirmed'
        ? 'Subscription confirmed'
        : 'We could not confirm your subscription';

  return (
    <AuthCard eyebrow="Newsletter" title={title}>
      {phase.name === 'confirming' && <Spinner label={CONFIRMING} className="py-4" />}
      {/* There from the first paint, so the outcome is announced when it arrives. */}
      <div role="status" className="text-center empty:hidden">
        {phase.name === 'confirmed' && (
          <>
            <p className="font-medium text-forest">{phase.message}</p>
            <p className="mt-3 text-ink">
              You can unsubscribe at any time, with the link at the bottom of every newsletter.
            </p>
          </>
        )}
      </div>
      {phase.name === 'confirmed' && (
        <div className="mt-8 flex flex-col gap-3">
          <Link to="/shop" className="btn-primary w-full">
            Shop our snacks
          </Link>
          <Link to="/" className="btn-outline w-full">
            Back to the home page
          </Link>
        </div>
      )}
      {phase.name === 'failed' && (
        <div className="text-center">
          <p role="alert" className="font-medium text-danger">
            {phase.message}
          </p>
          {/* The sign-up form is at the bottom of the home page. */}
          <Link to="/#newsletter-title" className="btn-primary mt-8 w-full">
            Sign up again
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
