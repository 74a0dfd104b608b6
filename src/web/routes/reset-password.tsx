import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { data, Link, useNavigate } from 'react-router';
import {
  authResponseSchema,
  PASSWORD_MIN_LENGTH,
  resetLinkCheckSchema,
  resetPasswordSchema,
  type AuthResponse,
} from '../../domain/accounts';
import { messages } from '../../domain/messages';
import { ApiError, apiRequest } from '../api';
import { AuthCard } from '../components/account/auth-card';
import { describedBy, FormField, inputClass } from '../components/account/form-field';
import { Spinner } from '../components/spinner';
import {
  accountTexts,
  PASSWORD_RESET_STATE,
  problemText,
  sendOnce,
  takeLinkToken,
} from '../features/account/email-links';
import { signIn } from '../features/session/session-actions';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/reset-password';
import { useHeldSubmit } from '../held-submit';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

// Everyone gets the same shell: the token is read in the browser. An address with a token is
// never kept by a shared cache nor sent on as a referrer (the server sees to that, src/server/web.ts).
export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Choose a New Password',
    description: 'Choose a new password for your Northbite account.',
    origin: page.origin,
    path: '/reset-password',
    noindex: true,
  });
}

type Phase =
  | { name: 'checking' }
  | { name: 'invalid' }
  | { name: 'ready'; token: string }
  | { name: 'unreachable'; message: string; token: string };

/** Is the link still good? Asked once per token: invalid without one or when the server refuses it. */
async function checkLink(token: string | null): Promise<Phase> {
  if (!token || !resetLinkCheckSchema.safeParse({ token }).success) return { name: 'invalid' };
  try {
    await sendOnce(`reset-check:${token}`, () =>
      apiRequest<unknown>('/api/users/reset-password/check', { method: 'POST', body: { token } }),
    );
    return { name: 'ready', token };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { name: 'invalid' };
    console.warn('Checking the reset link failed', error);
    return { name: 'unreachable', message: problemText(error), token };
  }
}

const passwordForm = resetPasswordSchema.pick({ password: true });
const linkClass = 'font-semibold text-maple-dark underline underline-offset-4';

export default function ResetPassword() {
  const navigate = useNavigate();
  /** The link's token, taken from the address by the first effect (undefined until then). */
  const token = useRef<string | null | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });

  useEffect(() => {
    // Out of the address bar at once; a ref, not state, keeps it for StrictMode's second run.
    if (token.current === undefined) token.current = takeLinkToken();
    let cancelled = false;
    void checkLink(token.current).then((next) => !cancelled && setPhase(next));
    return () => {
      cancelled = true;
    };
  }, []);

  if (phase.name === 'invalid') {
    return (
      <AuthCard
        eyebrow="Account help"
        title="This link no longer works"
        footer={
          <Link to="/login" className={linkClass}>
            Back to Log In
          </Link>
        }
      >
        <p role="alert" className="text-center text-ink">
          {messages.resetLinkInvalid}
        </p>
        <Link to="/forgot-password" className="btn-primary mt-8 w-full">
          {accountTexts.askForNewLink}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      eyebrow="Account help"
      title="Choose a new password"
      intro={
        phase.name === 'ready'
          ? 'Setting a new password signs you out on every other device. You will be signed in here.'
          : undefined
      }
    >
      {phase.name === 'checking' && <Spinner label="Checking your link..." className="py-6" />}
      {phase.name === 'unreachable' && (
        <div className="text-center">
          <p role="alert" className="font-medium text-danger">
            {phase.message}
          </p>
          <button
            type="button"
            className="btn-primary mt-6 w-full"
            onClick={() => {
              const { token } = phase;
              setPhase({ name: 'checking' });
              void checkLink(token).then(setPhase);
            }}
          >
            Try again
          </button>
        </div>
      )}
      {phase.name === 'ready' && (
        <NewPasswordForm
          token={phase.token}
          onSignedIn={(auth) => {
            signIn(auth);
            void navigate('/profile', { replace: true, state: PASSWORD_RESET_STATE });
          }}
        />
      )}
    </AuthCard>
  );
}

function NewPasswordForm({ token, onSignedIn }: { token: string; onSignedIn: (auth: AuthResponse) => void }) {
  const form = useRef<HTMLFormElement>(null);
  useHeldSubmit(form);
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ resolver: zodResolver(passwordForm), defaultValues: { password: '' } });

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    let reply: unknown;
    try {
      reply = await apiRequest<unknown>('/api/users/reset-password', {
        method: 'POST',
        body: { token, password },
      });
    } catch (error) {
      console.warn('Setting the new password failed', error);
      // A refused password belongs to the field; a used-up link, a 429 or the network to the form.
      if (error instanceof ApiError && error.status === 400 && error.message !== messages.resetLinkInvalid) {
        setError('password', { message: error.message }, { shouldFocus: true });
      } else {
        setFailure(problemText(error));
      }
      return;
    }
    const auth = authResponseSchema.safeParse(reply);
    if (!auth.success) return setFailure(messages.invalidServerResponse);
    onSignedIn(auth.data);
  });

  const error = errors.password?.message;
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-5">
      <FormField
        id="reset-password"
        label="New password"
        error={error}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short phrase is easy to remember and hard to guess.`}
      >
        <input
          id="reset-password"
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          {...register('password')}
          {...describedBy('reset-password', error, true)}
          className={inputClass}
        />
      </FormField>
      <label className="flex items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          checked={shown}
          onChange={(event) => setShown(event.target.checked)}
          className="h-5 w-5 shrink-0 rounded border-beige accent-maple"
        />
        Show password
      </label>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save new password'}
      </button>
      <div role="alert" className="min-h-5 text-center text-sm font-medium text-danger">
        {failure && <p>{failure}</p>}
        {failure === messages.resetLinkInvalid && (
          <p className="mt-2">
            <Link to="/forgot-password" className={linkClass}>
              {accountTexts.askForNewLink}
            </Link>
          </p>
        )}
      </div>
    </form>
  );
}
