/**
 * The Web Vitals reporter (decision 0072), fetched after hydration once the browser is idle, for a
 * sampled page load of a shopper who has not asked not to be tracked (root.tsx). Google's web-vitals
 * library measures; this sends each metric once, as the shopper leaves the page (the tab hidden),
 * with the landing page's route pattern ("/products/:slug", never the address: no order id, token or
 * e-mail), the device class and the connection type. Nothing else: no address, id or time.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

declare global {
  interface Window {
    /** React Router's router, which its framework mode keeps here. */
    __reactRouterDataRouter?: { routes: RouteObject[] };
  }
}

/** domain/web-vitals.ts CONNECTION_TYPES: what the server counts; anything else is "unknown". */
const CONNECTIONS = ['slow-2g', '2g', '3g', '4g'];

/** The pattern of the page this document was loaded for, or null when the router cannot say. */
function landingPattern(): string | null {
  const routes = window.__reactRouterDataRouter?.routes;
  const entry = performance.getEntriesByType('navigation')[0];
  const path = new URL(entry ? entry.name : window.location.href).pathname;
  const route = routes && matchRoutes(routes, path)?.at(-1)?.route;
  if (!route) return null;
  return route.index ? '/' : `/${route.path ?? ''}`;
}

export function reportVitals(): void {
  const route = landingPattern();
  if (!route) return;
  const width = window.innerWidth;
  const effectiveType = (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType;
  const page = {
    route,
    device: width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop',
    connection: effectiveType && CONNECTIONS.includes(effectiveType) ? effectiveType : 'unknown',
  };
  const ready = new Map<string, number>();
  const sent = new Set<string>();
  const take = (metric: Metric) => {
    if (!sent.has(metric.name)) ready.set(metric.name, metric.value);
  };
  onLCP(take);
  onINP(take);
  onCLS(take);
  onFCP(take);
  onTTFB(take);
  // After web-vitals' own listener (added above), which hands over LCP, CLS and INP as the page hides.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || ready.size === 0) return;
    const metrics = [...ready].map(([name, value]) => ({ name, value }));
    for (const { name } of metrics) sent.add(name);
    ready.clear();
    navigator.sendBeacon(
      '/api/vitals',
      new Blob([JSON.stringify({ ...page, metrics })], { type: 'application/json' }),
    );
  });
}
