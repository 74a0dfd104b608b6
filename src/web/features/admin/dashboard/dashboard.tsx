import { useCallback, useEffect } from 'react';
import type { StoredUser } from '../../session/stored-session';
import { Inbox } from '../inbox/inbox-tab';
import type { UpdateUnread } from '../inbox/messages';
import { OrderManagement } from '../orders/order-management';
import { OverviewTab } from '../overview/overview-tab';
import { ProductManagement } from '../products/product-management';
import { RecipeManagement } from '../recipes/recipe-management';
import { ReviewsTab } from '../reviews/reviews-tab';
import { AdminTabs, panelId, tabId } from '../shared/admin-tabs';
import { useListParams, useReload } from '../shared/list-params';
import { LoadFailed } from '../shared/states';
import { parseTab, type AdminTab } from '../shared/tabs';
import { quietButton } from '../shared/ui';
import { useLocalCopy } from '../shared/use-local-copy';
import { SubscriptionManagement } from '../subscriptions/subscription-management';
import { UserManagement } from '../users/user-management';
import type { DashboardData, TabView } from './dashboard-loader';

/**
 * The dashboard (docs/product.md, Admin tools): who is signed in, the tabs, and the selected tab's
 * panel with the data the route's clientLoader read for it. A tab being switched to shows at once,
 * loading; the others are not rendered.
 */
export function Dashboard({ admin, data }: { admin: StoredUser; data: DashboardData }) {
  const { pending, update } = useListParams();
  const { reload } = useReload();
  const pendingTab = pending ? parseTab(pending.get('tab')) : null;
  const tab = pendingTab ?? data.tab;
  const view = tab === data.tab ? data.view : null;
  // Unread contact messages, for the Inbox tab's badge; the Inbox keeps it in step with what it marks
  // until the loader counts them again.
  const [counted, patchCounted] = useLocalCopy(data);
  const setUnread = useCallback<UpdateUnread>(
    (change) => patchCounted((current) => ({ ...current, unread: change(current.unread) })),
    [patchCounted],
  );

  // Read while no admin was signed in here (a sign-in in another window since): read it now.
  const missing = data.view === null;
  useEffect(() => {
    if (missing) reload();
  }, [missing, reload]);

  function select(next: AdminTab) {
    // A tab opens as it was first shown: the lists' searches and pages stay behind.
    if (next !== tab) update({ tab: next }, { keep: false });
  }

  return (
    <div className="bg-sand py-8 sm:py-12 print:bg-white print:py-0">
      <div className="container-page space-y-6 sm:space-y-8 print:max-w-none print:px-0">
        <header className="flex flex-wrap items-end justify-between gap-4" data-print="hide">
          <div>
            <p className="eyebrow">Signed in as {admin.firstName || admin.email}</p>
            <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Admin Dashboard</h1>
          </div>
          {/* A page of the server's (every /api route, who may call it, its fields): not a client route. */}
          <a href="/api/reference" className={quietButton}>
            API reference
          </a>
        </header>
        <div data-print="hide">
          <AdminTabs selected={tab} onSelect={select} unread={counted.unread} />
        </div>
        <div
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          tabIndex={-1}
          className="outline-none"
        >
          <TabPanel tab={tab} view={view} admin={admin} setUnread={setUnread} />
        </div>
      </div>
    </div>
  );
}

/** The tab's own screen, with its data, or null while it loads. */
function TabPanel({
  tab,
  view,
  admin,
  setUnread,
}: {
  tab: AdminTab;
  view: TabView | null;
  admin: StoredUser;
  setUnread: UpdateUnread;
}) {
  switch (tab) {
    case 'products':
      return <ProductManagement data={view?.tab === 'products' ? view.data : null} />;
    case 'orders':
      return <OrderManagement data={view?.tab === 'orders' ? view.data : null} />;
    case 'users':
      return <UserManagement admin={admin} data={view?.tab === 'users' ? view.data : null} />;
    case 'recipes':
      return <RecipeManagement data={view?.tab === 'recipes' ? view.data : null} />;
    case 'subscriptions':
      return <SubscriptionManagement data={view?.tab === 'subscriptions' ? view.data : null} />;
    case 'overview':
      return <OverviewTab data={view?.tab === 'overview' ? view.data : null} />;
    case 'inbox':
      return <Inbox data={view?.tab === 'inbox' ? view.data : null} setUnread={setUnread} />;
    case 'reviews':
      return <ReviewsTab data={view?.tab === 'reviews' ? view.data : null} />;
  }
}

/** The dashboard route's error boundary: what went wrong is logged, and the admin can try again. */
export function DashboardFailed({ error }: { error: unknown }) {
  const { reload } = useReload();
  useEffect(() => {
    console.error('The admin dashboard failed', error);
  }, [error]);
  return (
    <div className="bg-sand py-8 sm:py-12">
      <div className="container-page space-y-6 sm:space-y-8">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Admin Dashboard</h1>
        <LoadFailed what="the dashboard" onRetry={reload} />
      </div>
    </div>
  );
}
