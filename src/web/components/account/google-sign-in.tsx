import { useCallback, useEffect, useRef, useState } from 'react';
import { authResponseSchema, type AuthResponse } from '../../../domain/accounts';
import { messages } from '../../../domain/messages';
import { ApiError, apiRequest } from '../../api';

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';

interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let scriptLoading: Promise<void> | undefined;
function loadGoogleScript(): Promise<void> {
  scriptLoading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoading = undefined;
      reject(new Error('Google sign-in script failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

/**
 * Google's own button: Google hands the page an ID token (a "credential") when the person signs in
 * with it. `onCredential` gets it; a failure to load Google's script, or an answer without a token,
 * goes to `onFailure`. Used to sign in, and to prove it is the owner before an e-mail or password
 * change of a Google-only account (decision 0040).
 */
export function GoogleButton({
  clientId,
  text,
  onCredential,
  onFailure,
}: {
  clientId: string;
  text: 'signin_with' | 'signup_with' | 'continue_with';
  onCredential: (credential: string) => void;
  onFailure: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onCredential, onFailure });
  useEffect(() => {
    handlers.current = { onCredential, onFailure };
  }, [onCredential, onFailure]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleScript()
      .then(() => {
        const accounts = window.google?.accounts?.id;
        if (cancelled || !accounts || !container.current) return;
        accounts.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            if (!credential) return handlers.current.onFailure();
            handlers.current.onCredential(credential);
          },
        });
        accounts.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text,
          width: container.current.clientWidth || 320,
        });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) handlers.current.onFailure();
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, text]);

  // Google's button is 44 px tall; the space is kept from the first paint.
  return <div ref={container} className="flex h-11 justify-center" data-testid="google-sign-in" />;
}

/**
 * "Sign in with Google" (shown only when GOOGLE_CLIENT_ID is set). Google hands the page an ID token;
 * the server verifies it and answers with our own session. Any failure reads 'Google login failed',
 * except the server's refusal to link an account whose address is not confirmed (403), whose reason
 * says what to do instead.
 */
export function GoogleSignIn({
  clientId,
  text,
  onSignedIn,
}: {
  clientId: string;
  text: 'signin_with' | 'signup_with';
  onSignedIn: (auth: AuthResponse) => void;
}) {
  /** The message shown under the button, null while nothing failed. */
  const [failure, setFailure] = useState<string | null>(null);
  const onSignedInRef = useRef(onSignedIn);
  useEffect(() => {
    onSignedInRef.current = onSignedIn;
  }, [onSignedIn]);

  const onCredential = useCallback((credential: string) => {
    apiRequest<unknown>('/api/users/google', { method: 'POST', body: { token: credential } })
      .then((reply) => {
        const auth = authResponseSchema.safeParse(reply);
        if (!auth.success) throw new Error(messages.invalidServerResponse);
        setFailure(null);
        onSignedInRef.current(auth.data);
      })
      .catch((error: unknown) => {
        console.warn('Google sign-in failed', error);
        setFailure(
          error instanceof ApiError && error.status === 403 ? error.message : messages.googleLoginFailed,
        );
      });
  }, []);
  const onFailure = useCallback(() => setFailure(messages.googleLoginFailed), []);

  return (
    <div>
      <GoogleButton clientId={clientId} text={text} onCredential={onCredential} onFailure={onFailure} />
      {failure && (
        <p role="alert" className="mt-2 text-center text-sm font-medium text-danger">
          {failure}
        </p>
      )}
    </div>
  );
}
