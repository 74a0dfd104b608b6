import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { messages } from '../../domain/messages';
import { Spinner } from './spinner';

/** Quick navigations should not flash a loading screen. */
const SHOW_AFTER_MS = 150;

/**
 * While the next page's data loads, shows 'Baking something good...' in place of the
 * current page, after a short delay.
 */
export function PendingPage({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const loadingOtherPage =
    navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (!loadingOtherPage) return;
    const timer = window.setTimeout(() => setShow(true), SHOW_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setShow(false);
    };
  }, [loadingOtherPage]);

  if (!(loadingOtherPage && show)) return <>{children}</>;
  return (
    <div className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-6 py-24 text-center">
      <Spinner label="Loading" />
      <p className="font-display text-2xl text-cocoa">{messages.loading}</p>
    </div>
  );
}
