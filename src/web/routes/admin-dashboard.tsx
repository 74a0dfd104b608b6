import { useEffect, useState } from 'react';
import { data, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { AdminTabs, panelId, tabId } from '../components/admin/admin-tabs';
import { Inbox } from '../components/admin/inbox';
import { OrderManagement } from '../components/admin/order-management';
import { OverviewTab } from '../components/admin/overview';
import { ProductManagement } from '../components/admin/product-management';
import { RecipeManagement } from '../components/admin/recipe-management';
import { UserManagement } from '../components/admin/user-management';
import { fetchUnreadCount } from '../features/admin/inbox';
import { RequireAdmin } from '../features/admin/require-admin';
import { parseTab, type AdminTab } from '../features/admin/tabs';
import type { StoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/admin-dashboard';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

// Everyone gets the same loading shell; the dashboard appears after hydration, for admins only.
export const headers = publicPageHeaders;

// Switching tabs changes only the query string: nothing to load again from the server.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Admin Dashboard',
    description: 'Manage Northbite products, orders, users and production recipes.',
    origin: page.origin,
    path: '/admin/dashboard',
    noindex: true,
  });
}

export default function AdminDashboard() {
  return <RequireAdmin>{(admin) => <Dashboard admin={admin} />}</RequireAdmin>;
}

function Dashboard({ admin }: { admin: StoredUser }) {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  // Unread contact messages, for the Inbox tab's badge; the Inbox keeps it in step once open.
  const [unread, setUnread] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchUnreadCount(controller.signal)
      .then((count) => setUnread((current) => current ?? count))
      .catch((error: unknown) => {
        // The badge is a hint: without it the dashboard works, and the Inbox says what failed.
        if (!controller.signal.aborted) console.warn('Failed to count unread messages', error);
      });
    return () => controller.abort();
  }, []);

  function select(next: AdminTab) {
    if (next === tab) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="bg-sand py-8 sm:py-12 print:bg-white print:py-0">
      <div className="container-page space-y-6 sm:space-y-8 print:max-w-none print:px-0">
        <header className="flex flex-wrap items-end justify-between gap-4" data-print="hide">
          <div>
            <p className="eyebrow">Signed in as {admin.firstName || admin.email}</p>
            <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Admin Dashboard</h1>
          </div>
        </header>
        <div data-print="hide">
          <AdminTabs selected={tab} onSelect={select} unread={unread} />
        </div>
        <div
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          tabIndex={-1}
          className="outline-none"
        >
          {tab === 'products' && <ProductManagement />}
          {tab === 'orders' && <OrderManagement />}
          {tab === 'users' && <UserManagement admin={admin} />}
          {tab === 'recipes' && <RecipeManagement />}
          {tab === 'overview' && <OverviewTab />}
          {tab === 'inbox' && <Inbox setUnread={setUnread} />}
        </div>
      </div>
    </div>
  );
}
