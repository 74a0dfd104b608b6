import { messages } from '../../domain/messages';
import { Spinner } from '../components/spinner';
import { Dashboard, DashboardFailed } from '../features/admin/dashboard/dashboard';
import { loadDashboard } from '../features/admin/dashboard/dashboard-loader';
import { RequireAdmin } from '../features/admin/shared/require-admin';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/admin-dashboard';

// Everyone gets the same loading shell; the dashboard appears in the browser, for admins only.
export const headers = publicPageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  // The route has no server loader (see clientLoader): the site's address comes from the root's.
  const origin = matches[0]?.data?.settings.publicUrl;
  if (!origin) return [];
  return pageMeta({
    title: 'Admin Dashboard',
    description: 'Manage Northbite products, orders, users and production recipes.',
    origin,
    path: '/admin/dashboard',
    noindex: true,
  });
}

/**
 * The tab the address names (`?tab=`, with its lists' search, filter and page), read from the API
 * with the bearer token this browser keeps: so only in the browser, never on the server. Changing
 * tab or page is a navigation that runs it again.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadDashboard(request);
}

export function HydrateFallback() {
  return <Spinner label={messages.loading} className="py-32" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DashboardFailed error={error} />;
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <RequireAdmin>{(admin) => <Dashboard admin={admin} data={loaderData} />}</RequireAdmin>;
}
