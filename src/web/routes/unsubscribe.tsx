import { data, Link } from 'react-router';
import { UNSUBSCRIBE_MESSAGES, unsubscribeReplySchema, type UnsubscribeReply } from '../../domain/consent';
import { messages } from '../../domain/messages';
import { apiRequest } from '../api';
import { AuthCard } from '../components/account/auth-card';
import { Spinner } from '../components/spinner';
import { problemText, sendOnce, useLinkToken } from '../features/account/email-links';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/unsubscribe';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

// Everyone gets the same shell: the link's token is read in the browser and leaves the address bar
// at once; the server keeps such an address out of shared caches and referrers (src/server/web.ts).
export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Unsubscribe',
    description: 'Stop marketing e-mails from Northbite.',
    origin: page.origin,
    path: '/unsubscribe',
    noindex: true,
  });
}

type Phase =
  | { name: 'checking' }
  | { name: 'answered'; reply: UnsubscribeReply }
  | { name: 'sending'; reply: UnsubscribeReply }
  | { name: 'failed'; message: string; reply?: UnsubscribeReply };

const INVALID: UnsubscribeReply = { outcome: 'invalid', message: UNSUBSCRIBE_MESSAGES.invalid, email: null };

async function ask(token: string, method: 'GET' | 'POST'): Promise<UnsubscribeReply> {
  const reply = await apiRequest<unknown>(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
    method,
    ...(method === 'POST' ? { body: {} } : {}),
  });
  const parsed = unsubscribeReplySchema.safeParse(reply);
  if (!parsed.success) throw new Error(messages.invalidServerResponse);
  return parsed.data;
}

/** What the link would do, asked once per page load (opening the page changes nothing). */
function check(token: string | null): Promise<Phase> {
  if (!token) return Promise.resolve({ name: 'answered', reply: INVALID });
  return sendOnce(`unsubscribe-check:${token}`, () => ask(token, 'GET')).then(
    (reply): Phase => ({ name: 'answered', reply }),
    (error: unknown): Phase => ({ name: 'failed', message: problemText(error) }),
  );
}

const TITLES: Record<UnsubscribeReply['outcome'], string> = {
  ready: 'Unsubscribe from our e-mails',
  unsubscribed: 'You are unsubscribed',
  already: 'You are already unsubscribed',
  used: 'This link was already used',
  expired: 'This link has expired',
  invalid: 'This link is not valid',
};

/**
 * The page an e-mail's unsubscribe link opens (decision 0042): no sign-in, one press of the button,
 * effective at once. Opening the page changes nothing (mail scanners open links too); the button
 * does, as a mail client's one-click unsubscribe does without the page.
 */
export default function Unsubscribe() {
  const { phase, setPhase, token } = useLinkToken<Phase>({ name: 'checking' }, check);

  const unsubscribe = async (reply: UnsubscribeReply) => {
    const given = token();
    if (!given) return;
    setPhase({ name: 'sending', reply });
    try {
      setPhase({ name: 'answered', reply: await ask(given, 'POST') });
    } catch (error) {
      console.warn('Unsubscribing failed', error);
      setPhase({ name: 'failed', message: problemText(error), reply });
    }
  };

  const reply = phase.name === 'checking' ? null : (phase.reply ?? null);
  const title = reply ? TITLES[reply.outcome] : 'Checking your link…';
  const offer = reply?.outcome === 'ready';

  return (
    <AuthCard eyebrow="E-mail preferences" title={title}>
      {phase.name === 'checking' && <Spinner label="Checking your link…" className="py-4" />}
      {/* There from the first paint, so the outcome is announced when it arrives. */}
      <div role="status" className="text-center empty:hidden">
        {reply && phase.name !== 'failed' && (
          <>
            {reply.email && (
              <p className="mb-3 text-ink">
                For <strong className="break-words">{reply.email}</strong>
              </p>
            )}
            <p className={reply.outcome === 'unsubscribed' ? 'font-medium text-forest' : 'text-ink'}>
              {reply.message}
            </p>
          </>
        )}
      </div>
      {phase.name === 'failed' && (
        <p role="alert" className="mt-4 text-center font-medium text-danger">
          {phase.message}
        </p>
      )}
      <div className="mt-8 flex flex-col gap-3">
        {offer && (
          <button
            type="button"
            className="btn-primary w-full"
            disabled={phase.name === 'sending'}
            onClick={() => void unsubscribe(reply)}
          >
            {phase.name === 'sending' ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        )}
        {reply && !offer && (
          <Link to="/profile" className="btn-primary w-full">
            Manage your e-mail settings
          </Link>
        )}
        <Link to="/shop" className="btn-outline w-full">
          Continue shopping
        </Link>
      </div>
    </AuthCard>
  );
}
