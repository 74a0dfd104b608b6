import { useEffect, type ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import frauncesCore from './fonts/fraunces-core.woff2?url';
import interCore from './fonts/inter-core.woff2?url';
import { CartSync } from './components/cart/cart-sync';
import { AnnouncementBar } from './components/chrome/announcement-bar';
import { CanadianBanner } from './components/chrome/canadian-banner';
import { SiteFooter } from './components/chrome/site-footer';
import { SiteHeader } from './components/chrome/site-header';
import { WelcomeNotice } from './features/session/welcome-notice';
import { PendingPage } from './components/pending-page';
import { MarketingTracker } from './features/marketing/marketing-tracker';
import { whenIdleAfterLoad } from './after-load';
import { BelowFoldScript, BelowFoldWithoutScripts, useLayOutBelowFold } from './below-fold';
import './load-context';
import { useNonce } from './nonce';
import { ScriptOnlyForms } from './script-only-forms';
import { InlineStylesheet } from './stylesheet';
import { shippingAreaNote } from '../domain/shipping-provinces';

export function loader({ context }: Route.LoaderArgs) {
  const {
    publicUrl,
    contactEmail,
    businessAddress,
    instagramUrl,
    klaviyoPublicKey,
    shippingArea,
    vitalsSampleRate,
  } = context.settings;
  return data({
    settings: { publicUrl, contactEmail, businessAddress, instagramUrl },
    klaviyoPublicKey,
    // The checkout's province list and the address forms' rule (decision 0068), and the note said
    // beside shipping, worked out here so that catalogue pages need none of the provinces' data.
    shippingArea,
    shippingNote: shippingAreaNote(shippingArea),
    vitalsSampleRate,
  });
}

// The chrome's settings do not change between navigations.
export function shouldRevalidate() {
  return false;
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
  // The core files, preloaded so headings and body text render in the brand fonts from the first
  // paint; the rest of Latin is fetched only by a page that shows it (decision 0036).
  { rel: 'preload', href: frauncesCore, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: interCore, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>('root');
  const settings = rootData?.settings;
  // After hydration the sections below the fold are laid out in idle moments (decision 0076); here
  // so that error pages do it too.
  useLayOutBelowFold();
  return (
    <html lang="en-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5b3a29" />
        <InlineStylesheet />
        <BelowFoldWithoutScripts />
        <ScriptOnlyForms />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-cocoa px-4 py-2 text-cream focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <AnnouncementBar />
        <SiteHeader />
        <CartSync />
        <main id="main" className="flex-1">
          <WelcomeNotice />
          <PendingPage>{children}</PendingPage>
        </main>
        {settings && <SiteFooter {...settings} />}
        <CanadianBanner />
        <MarketingTracker publicKey={rootData?.klaviyoPublicKey ?? null} />
        <BelowFoldScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { vitalsSampleRate } = useLoaderData<typeof loader>();
  useEffect(() => {
    // Marks the page interactive: until React has hydrated, a click on a server-rendered button does
    // nothing, so the browser journeys wait for this before they act (e2e/browser.ts: hydrated).
    document.documentElement.dataset.hydrated = 'true';
    // Real-user Web Vitals (decision 0072), for a sampled page load, unless the shopper asked not to
    // be tracked (Do Not Track, Global Privacy Control).
    if (
      Math.random() < vitalsSampleRate &&
      navigator.doNotTrack !== '1' &&
      !(navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl
    ) {
      return whenIdleAfterLoad(() => {
        void import('./features/vitals/report-vitals').then((module) => module.reportVitals());
      });
    }
  }, [vitalsSampleRate]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="eyebrow">{notFound ? 'Error 404' : 'Something went wrong'}</p>
      <h1 className="mt-3 font-display text-4xl font-semibold">
        {notFound ? 'Page not found' : 'We dropped the cookie jar'}
      </h1>
      <p className="mt-4 max-w-md text-muted">
        {notFound
          ? 'The page you are looking for has moved or never existed.'
          : 'Please try again in a moment. If it keeps happening, write to us and we will sort it out.'}
      </p>
      <Link to="/shop" className="btn-primary mt-8">
        Browse our snacks
      </Link>
    </section>
  );
}
