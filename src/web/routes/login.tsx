import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { data, Link, useLocation, useNavigate } from 'react-router';
import { authResponseSchema, loginSchema, type AuthResponse, type LoginInput } from '../../domain/accounts';
import { messages } from '../../domain/messages';
import { apiRequest } from '../api';
import { AuthCard, OrDivider } from '../components/account/auth-card';
import { describedBy, FormField, inputClass } from '../components/account/form-field';
import { GoogleSignIn } from '../components/account/google-sign-in';
import { accountTexts } from '../features/account/email-links';
import { afterLoginPath, signIn } from '../features/session/session-actions';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/login';
import { useHeldSubmit } from '../held-submit';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl, googleClientId: context.settings.googleClientId });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Log In',
    description: 'Log in to your Northbite account to check out faster and follow your orders.',
    origin: page.origin,
    path: '/login',
  });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const form = useRef<HTMLFormElement>(null);
  useHeldSubmit(form);
  const navigate = useNavigate();
  const location = useLocation();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const typedEmail = useWatch({ control, name: 'email' });

  const finish = (auth: AuthResponse) => {
    signIn(auth);
    void navigate(afterLoginPath(location.state), { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      const reply = await apiRequest<unknown>('/api/users/login', { method: 'POST', body: values });
      const auth = authResponseSchema.safeParse(reply);
      if (!auth.success) throw new Error(messages.invalidServerResponse);
      finish(auth.data);
    } catch (error) {
      console.warn('Login failed', error);
      setFailed(true);
    }
  });

  return (
    <AuthCard
      eyebrow="Welcome back"
      title="Log In"
      intro="Sign in to check out, follow your orders and manage your details."
      footer={
        <>
          New to Northbite?{' '}
          <Link
            to="/register"
            state={location.state}
            className="font-semibold text-maple-dark underline underline-offset-4"
          >
            Create an account
          </Link>
        </>
      }
    >
      <form ref={form} onSubmit={onSubmit} noValidate className="space-y-5">
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            {...register('email')}
            {...describedBy('login-email', errors.email?.message)}
            className={inputClass}
          />
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            {...register('password')}
            {...describedBy('login-password', errors.password?.message)}
            className={inputClass}
          />
        </FormField>
        <p className="-mt-2 text-right text-sm">
          {/* The address typed so far goes along, so the shopper does not type it twice. */}
          <Link
            to="/forgot-password"
            state={{ email: typedEmail }}
            className="font-semibold text-maple-dark underline underline-offset-4"
          >
            {accountTexts.forgotPassword}
          </Link>
        </p>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? messages.loggingIn : 'Log In'}
        </button>
        <p role="alert" className="min-h-5 text-center text-sm font-medium text-danger">
          {failed ? messages.invalidCredentials : ''}
        </p>
      </form>
      {loaderData.googleClientId && (
        <>
          <OrDivider />
          <GoogleSignIn clientId={loaderData.googleClientId} text="signin_with" onSignedIn={finish} />
        </>
      )}
    </AuthCard>
  );
}
