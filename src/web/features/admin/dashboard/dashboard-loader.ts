/**
 * What the dashboard's route loads, in the browser (its clientLoader): the data of the tab the
 * address names, for the search, filter and page it holds, and the unread messages for the Inbox
 * badge. The server never loads any of it: the admin's bearer token stays in this browser.
 */
import { getStoredUser } from '../../session/stored-session';
import { fetchUnreadCount, inboxQuery } from '../inbox/inbox';
import { loadInbox, type InboxData } from '../inbox/inbox-api';
import { loadOrders, type OrdersData } from '../orders/orders-api';
import { loadOverview, type OverviewData } from '../overview/overview';
import { loadProducts, type ProductsData } from '../products/products-api';
import { loadRecipes, type RecipesData } from '../recipes/recipes-api';
import { loadReviews, type ReviewsData } from '../reviews/reviews-api';
import { parseTab, type AdminTab } from '../shared/tabs';
import { loadSubscriptions, type SubscriptionsData } from '../subscriptions/subscriptions-api';
import { loadUsers, type UsersData } from '../users/users-api';

/** One tab's data, named by its tab. */
export type TabView =
  | { tab: 'products'; data: ProductsData }
  | { tab: 'orders'; data: OrdersData }
  | { tab: 'users'; data: UsersData }
  | { tab: 'recipes'; data: RecipesData }
  | { tab: 'subscriptions'; data: SubscriptionsData }
  | { tab: 'overview'; data: OverviewData }
  | { tab: 'inbox'; data: InboxData }
  | { tab: 'reviews'; data: ReviewsData };

export interface DashboardData {
  tab: AdminTab;
  /** null when the browser holds no admin session: the page sends it to /login instead */
  view: TabView | null;
  /** unread contact messages, for the Inbox tab's badge (null when they could not be counted) */
  unread: number | null;
}

async function loadView(tab: AdminTab, params: URLSearchParams, signal: AbortSignal): Promise<TabView> {
  switch (tab) {
    case 'products':
      return { tab, data: await loadProducts(signal) };
    case 'orders':
      return { tab, data: await loadOrders(params, signal) };
    case 'users':
      return { tab, data: await loadUsers(signal) };
    case 'recipes':
      return { tab, data: await loadRecipes(signal) };
    case 'subscriptions':
      return { tab, data: await loadSubscriptions(params, signal) };
    case 'overview':
      return { tab, data: await loadOverview(signal) };
    case 'inbox':
      return { tab, data: await loadInbox(params, signal) };
    case 'reviews':
      return { tab, data: await loadReviews(params, signal) };
  }
}

/** The badge is a hint: without it the dashboard works, and the Inbox says what failed. */
async function countUnread(signal: AbortSignal): Promise<number | null> {
  try {
    return await fetchUnreadCount(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn('Failed to count unread messages', error);
    return null;
  }
}

export async function loadDashboard(request: Request): Promise<DashboardData> {
  const params = new URL(request.url).searchParams;
  const tab = parseTab(params.get('tab'));
  if (getStoredUser()?.isAdmin !== true) return { tab, view: null, unread: null };
  const { signal } = request;
  // The Inbox's unfiltered messages list counts every unread message itself.
  const counted = tab !== 'inbox' || inboxQuery('messages', params).q !== '';
  const [view, unread] = await Promise.all([
    loadView(tab, params, signal),
    counted ? countUnread(signal) : null,
  ]);
  return { tab, view, unread: view.tab === 'inbox' && !counted ? view.data.unread : unread };
}
