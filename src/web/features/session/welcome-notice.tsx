import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { welcomeName } from './session-actions';

const WelcomeBanner = lazy(() => import('./welcome-banner'));

/**
 * "Welcome, {first name}" on the page a new account lands on (the shop, or the checkout that sent
 * the shopper to sign up). It comes from navigation state, so it shows once: closing it, or leaving
 * the page, ends it. Its banner is fetched only then, keeping every page's first load small.
 */
export function WelcomeNotice() {
  const name = welcomeName(useLocation().state);
  if (!name) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeBanner name={name} />
    </Suspense>
  );
}
