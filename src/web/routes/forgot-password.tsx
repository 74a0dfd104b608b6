import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { data, Link, useLocation } from 'react-router';
import { forgotPasswordSchema, messageReplySchema, type ForgotPasswordInput } from '../../domain/accounts';
import { messages } from '../../domain/messages';
import { apiRequest } from '../api';
import { AuthCard } from '../components/account/auth-card';
import { describedBy, FormField, inputClass } from '../components/account/form-field';
import { problemText } from '../features/account/email-links';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/forgot-password';
import { useHeldSubmit } from '../held-submit';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Forgot Your Password',
    description: 'Ask for a link to choose a new password for your Northbite account.',
    origin: page.origin,
    path: '/forgot-password',
    noindex: true,
  });
}

const linkClass = 'font-semibold text-maple-dark underline underline-offset-4';

/** The address the login page passes along (what the shopper had typed there). */
function typedEmail(state: unknown): string {
  const email = state && typeof state === 'object' && 'email' in state ? state.email : undefined;
  return typeof email === 'string' ? email.slice(0, 254) : '';
}

export default function ForgotPassword() {
  const form = useRef<HTMLFormElement>(null);
  useHeldSubmit(form);
  const location = useLocation();
  // The same answer whether or not the address has an account; once it came, the form is done.
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: typedEmail(location.state) },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const reply = messageReplySchema.safeParse(
        await apiRequest<unknown>('/api/users/forgot-password', { method: 'POST', body: values }),
      );
      if (!reply.success) return setFailure(messages.invalidServerResponse);
      setSent(reply.data.message);
    } catch (error) {
      console.warn('Asking for a password reset link failed', error);
      setFailure(problemText(error));
    }
  });

  return (
    <AuthCard
      eyebrow="Account help"
      title={sent ? 'Check your inbox' : 'Forgot your password?'}
      intro={
        sent
          ? undefined
          : 'Enter the email of your account and we will send you a link to choose a new password.'
      }
      footer={
        sent ? undefined : (
          <>
            Remembered it?{' '}
            <Link to="/login" className={linkClass}>
              Back to Log In
            </Link>
          </>
        )
      }
    >
      {/* There from the first paint, so the answer is announced when it replaces the form. */}
      <div role="status" className="text-center empty:hidden">
        {sent && (
          <>
            <p className="text-ink">{sent}</p>
            <p className="mt-3 text-sm text-muted">
              Nothing after a few minutes? Check your spam folder, or ask again.
            </p>
          </>
        )}
      </div>
      {sent ? (
        <div className="mt-8 flex flex-col gap-3">
          <Link to="/login" className="btn-primary w-full">
            Back to Log In
          </Link>
          <button
            type="button"
            className="inline-flex min-h-11 items-center justify-center rounded-full px-5 text-sm font-semibold text-maple-dark hover:bg-sand"
            onClick={() => setSent(null)}
          >
            Use another email
          </button>
        </div>
      ) : (
        <form ref={form} onSubmit={onSubmit} noValidate className="space-y-5">
          <FormField id="forgot-email" label="Email" error={errors.email?.message}>
            <input
              id="forgot-email"
              type="email"
              autoComplete="email"
              {...register('email')}
              {...describedBy('forgot-email', errors.email?.message)}
              className={inputClass}
            />
          </FormField>
          <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send me a reset link'}
          </button>
          <p role="alert" className="min-h-5 text-center text-sm font-medium text-danger">
            {failure ?? ''}
          </p>
        </form>
      )}
    </AuthCard>
  );
}
