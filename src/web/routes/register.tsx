import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { data, Link, useLocation, useNavigate } from 'react-router';
import { authResponseSchema, PASSWORD_MIN_LENGTH, type AuthResponse } from '../../domain/accounts';
import { registerSchema, type RegisterInput, type Registration } from '../../domain/account-details';
import { CONSENT_WORDING } from '../../domain/consent';
import { messages } from '../../domain/messages';
import { apiRequest, userMessage } from '../api';
import { AuthCard, OrDivider } from '../components/account/auth-card';
import { describedBy, FormField, inputClass } from '../components/account/form-field';
import { GoogleSignIn } from '../components/account/google-sign-in';
import { PhoneField } from '../components/account/phone-field';
import {
  afterLoginPath,
  afterRegistrationPath,
  signIn,
  welcomeState,
} from '../features/session/session-actions';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/register';
import { useHeldSubmit } from '../held-submit';

export function loader({ context }: Route.LoaderArgs) {
  return data({
    origin: context.settings.publicUrl,
    googleClientId: context.settings.googleClientId,
    // Whether the marketing boxes start ticked (MARKETING_OPT_IN_DEFAULT, decision 0042).
    optInChecked: context.settings.marketingOptInDefault === 'checked',
  });
}

export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Create an Account',
    description:
      'Create your Northbite account to check out faster, follow your orders and hear about new flavours first.',
    origin: page.origin,
    path: '/register',
  });
}

const checkboxClass = 'mt-0.5 h-5 w-5 shrink-0 rounded border-beige accent-maple';

export default function Register({ loaderData }: Route.ComponentProps) {
  const form = useRef<HTMLFormElement>(null);
  useHeldSubmit(form);
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, Registration>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      password: '',
      isSubscribedEmail: loaderData.optInChecked,
      isSubscribedPhone: loaderData.optInChecked,
    },
  });

  // Registration signs the shopper in and goes to /shop, or back to the checkout that sent them
  // to sign in; Google sign-in returns like login. Either way the page says welcome.
  const finish = (auth: AuthResponse, to: string) => {
    signIn(auth);
    void navigate(to, { replace: true, state: welcomeState(auth.user.firstName) });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const reply = await apiRequest<unknown>('/api/users/register', { method: 'POST', body: values });
      const auth = authResponseSchema.safeParse(reply);
      if (!auth.success) throw new Error(messages.invalidServerResponse);
      finish(auth.data, afterRegistrationPath(location.state));
    } catch (error) {
      console.warn('Registration failed', error);
      // The server's reason helps when it is about the form (e-mail taken, password too common).
      setFailure(userMessage(error, ''));
    }
  });

  const text = (
    name: 'firstName' | 'lastName' | 'email' | 'password',
    label: string,
    type: string,
    autoComplete: string,
    hint?: string,
  ) => {
    const id = `register-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={label} error={error} {...(hint ? { hint } : {})}>
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          {...register(name)}
          {...describedBy(id, error, Boolean(hint))}
          className={inputClass}
        />
      </FormField>
    );
  };

  return (
    <AuthCard
      eyebrow="Join the snack club"
      title="Create an Account"
      intro="Check out faster, follow your orders and be first to hear about new flavours."
      footer={
        <Link
          to="/login"
          state={location.state}
          className="font-semibold text-maple-dark underline underline-offset-4"
        >
          Returning User?
        </Link>
      }
    >
      <form ref={form} onSubmit={onSubmit} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {text('firstName', 'First name', 'text', 'given-name')}
          {text('lastName', 'Last name', 'text', 'family-name')}
        </div>
        {text('email', 'Email', 'email', 'email')}
        <PhoneField
          control={control}
          name="phoneNumber"
          id="register-phoneNumber"
          label="Phone (optional)"
          hint="Canadian and US numbers only."
          error={errors.phoneNumber?.message}
        />
        {text(
          'password',
          'Password',
          'password',
          'new-password',
          `At least ${PASSWORD_MIN_LENGTH} characters. A short phrase is easy to remember and hard to guess.`,
        )}
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-cocoa">Stay in the loop</legend>
          <label className="flex gap-3 text-sm text-ink">
            <input type="checkbox" {...register('isSubscribedEmail')} className={checkboxClass} />
            {CONSENT_WORDING.registrationEmail}
          </label>
          <label className="flex gap-3 text-sm text-ink">
            <input type="checkbox" {...register('isSubscribedPhone')} className={checkboxClass} />
            {CONSENT_WORDING.registrationSms}
          </label>
        </fieldset>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account...' : 'Create Account'}
        </button>
        {failure !== null && (
          <div role="alert" className="text-center text-sm font-medium text-danger">
            <p>{messages.registrationFailed}</p>
            {failure && <p className="mt-1">{failure}</p>}
          </div>
        )}
      </form>
      {loaderData.googleClientId && (
        <>
          <OrDivider />
          <GoogleSignIn
            clientId={loaderData.googleClientId}
            text="signup_with"
            onSignedIn={(auth) => finish(auth, afterLoginPath(location.state))}
          />
        </>
      )}
    </AuthCard>
  );
}
