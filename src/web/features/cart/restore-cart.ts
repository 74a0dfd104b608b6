/**
 * The cart restore link of the reminder e-mail (decision 0016): /cart?restoreCart=true&token=…
 * replaces the cart with the saved one, signs the shopper in with the session the server hands back
 * and goes to /checkout. The token leaves the address bar first, so it is not kept in the history or
 * seen by scripts that read the page address. Incomplete data is only logged.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { abandonedCartMessages } from '../../../domain/abandoned-cart';
import type { AuthResponse } from '../../../domain/accounts';
import { messages } from '../../../domain/messages';
import { rememberAbandonedCartToken } from './abandoned-cart';
import { signIn } from '../session/session-actions';
import { cartActions } from './cart-store';

export type RestoreState =
  { status: 'idle' } | { status: 'restoring' } | { status: 'failed'; message: string };

/** Tokens already sent this page load: a token works once, so it is never sent twice. */
const spent = new Set<string>();

interface RestoreAnswer {
  cart?: { items?: unknown };
  authToken?: unknown;
  user?: AuthResponse['user'];
}

function isComplete(answer: RestoreAnswer | undefined): answer is {
  cart: { items: unknown[] };
  authToken: string;
  user: AuthResponse['user'];
} {
  return Boolean(
    answer &&
    Array.isArray(answer.cart?.items) &&
    answer.cart.items.length > 0 &&
    typeof answer.authToken === 'string' &&
    answer.authToken.length > 0 &&
    answer.user &&
    typeof answer.user.email === 'string',
  );
}

function restoreParams(): { token: string | null } | null {
  if (typeof window === 'undefined') return null;
  const params = new URLSearchParams(window.location.search);
  return params.get('restoreCart') === 'true' ? { token: params.get('token') } : null;
}

export function useRestoreCart(): RestoreState {
  const navigate = useNavigate();
  // Known from the address on the first browser render; the server renders the loading state anyway.
  const [state, setState] = useState<RestoreState>(() =>
    restoreParams()?.token ? { status: 'restoring' } : { status: 'idle' },
  );

  useEffect(() => {
    const params = restoreParams();
    if (!params) return;
    const { token } = params;
    // Out of the address bar at once: not kept in the history, not seen by scripts reading the URL.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      console.error(abandonedCartMessages.incompleteRestore);
      return;
    }
    if (spent.has(token)) return;
    spent.add(token);

    void (async () => {
      let answer: RestoreAnswer | undefined;
      try {
        const response = await fetch(`/api/abandoned-cart?token=${encodeURIComponent(token)}`, {
          headers: { accept: 'application/json' },
        });
        answer = (await response.json().catch(() => undefined)) as RestoreAnswer | undefined;
        if (!response.ok) {
          const message = (answer as { message?: unknown } | undefined)?.message;
          setState({
            status: 'failed',
            message: typeof message === 'string' ? message : messages.requestFailed,
          });
          return;
        }
      } catch (error) {
        console.error('Cart restore failed', error);
        setState({ status: 'failed', message: messages.requestFailed });
        return;
      }
      if (!isComplete(answer)) {
        console.error(abandonedCartMessages.incompleteRestore);
        setState({ status: 'idle' });
        return;
      }
      cartActions.replace(answer.cart.items);
      // A restore link's session may shop and pay, not change the e-mail or password (decision 0040).
      signIn({ token: answer.authToken, user: answer.user }, 'restore');
      rememberAbandonedCartToken(token);
      void navigate('/checkout', { replace: true });
    })();
  }, [navigate]);

  return state;
}
