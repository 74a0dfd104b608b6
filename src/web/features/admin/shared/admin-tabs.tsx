import {
  ChartColumn,
  Cookie,
  Mail,
  MessageSquareQuote,
  Repeat,
  ShoppingBag,
  Truck,
  User,
  type LucideIcon,
} from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { ADMIN_TABS, type AdminTab } from './tabs';

const ICONS: Record<AdminTab, LucideIcon> = {
  products: ShoppingBag,
  orders: Truck,
  users: User,
  recipes: Cookie,
  subscriptions: Repeat,
  overview: ChartColumn,
  inbox: Mail,
  reviews: MessageSquareQuote,
};

export const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const panelId = (tab: AdminTab) => `admin-panel-${tab}`;

/**
 * The dashboard's tab list (WAI-ARIA tabs, automatic activation): arrow keys, Home and End move
 * between tabs; only the selected tab is in the Tab order. `unread` shows as a badge on the Inbox.
 */
export function AdminTabs({
  selected,
  onSelect,
  unread = null,
}: {
  selected: AdminTab;
  onSelect: (tab: AdminTab) => void;
  unread?: number | null;
}) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = ADMIN_TABS.findIndex((tab) => tab.id === selected);
    const last = ADMIN_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = ADMIN_TABS[next]!.id;
    onSelect(tab);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(tab)}`)?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Dashboard sections"
      onKeyDown={onKeyDown}
      className="grid grid-cols-2 gap-1 rounded-3xl bg-white p-1 shadow-sm ring-1 ring-beige sm:inline-flex sm:rounded-full"
    >
      {ADMIN_TABS.map((tab) => {
        const Icon = ICONS[tab.id];
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-3 odd:last:col-span-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 ${
              active ? 'bg-cocoa text-cream shadow-sm' : 'text-cocoa hover:bg-sand'
            }`}
          >
            <Icon className="hidden h-4 w-4 sm:block" aria-hidden="true" />
            {tab.label}
            {tab.id === 'inbox' && unread !== null && unread > 0 && (
              <span
                data-testid="inbox-unread-badge"
                className={`inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs leading-5 font-bold tabular-nums ${
                  active ? 'bg-cream text-cocoa' : 'bg-maple-dark text-white'
                }`}
              >
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
