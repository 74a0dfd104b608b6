/**
 * Loads Klaviyo's onsite script when KLAVIYO_PUBLIC_KEY is set: after the page has loaded and the
 * browser is idle, so it never competes with the first paint or hydration. The page CSP admits
 * Klaviyo's hosts only when the key is set (server/web.ts). Renders nothing.
 */
import { useEffect } from 'react';
import { whenIdleAfterLoad } from '../../after-load';
import { configureTracker } from './track';

export const KLAVIYO_SCRIPT_ID = 'klaviyo-onsite';
/** While the address carries a restore token, the script waits: it reads the page address. */
const TOKEN_WAIT_MS = 500;

export function klaviyoScriptUrl(publicKey: string): string {
  return `https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=${encodeURIComponent(publicKey)}`;
}

export function MarketingTracker({ publicKey }: { publicKey: string | null }) {
  useEffect(() => {
    configureTracker(Boolean(publicKey));
    if (!publicKey) return;
    let timer: number | undefined;
    const inject = () => {
      if (document.getElementById(KLAVIYO_SCRIPT_ID)) return;
      if (new URLSearchParams(window.location.search).has('token')) {
        timer = window.setTimeout(inject, TOKEN_WAIT_MS);
        return;
      }
      const script = document.createElement('script');
      script.id = KLAVIYO_SCRIPT_ID;
      script.async = true;
      script.src = klaviyoScriptUrl(publicKey);
      document.body.appendChild(script);
    };
    const cancel = whenIdleAfterLoad(inject);
    return () => {
      cancel();
      window.clearTimeout(timer);
    };
  }, [publicKey]);
  return null;
}
