import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type SetStateAction } from 'react';
import type { ContactMessage, KlaviyoSync } from '../../../domain/inbox';
import { adminRequest, failureText } from '../../features/admin/admin-api';
import { useFlash } from '../../features/admin/flash';
import {
  contactMessageSchema,
  fetchInboxPage,
  inboxPath,
  KLAVIYO_LABELS,
  listSummary,
  MESSAGES_PAGE_SIZE,
  newsletterSignupSchema,
  pageRange,
  replyHref,
  SIGNUPS_PAGE_SIZE,
  unreadChange,
  type InboxList,
  type InboxPage,
  type InboxQuery,
} from '../../features/admin/inbox';
import type { z } from '../../../domain/zod';
import { Spinner } from '../spinner';
import { FlashMessage } from './flash-message';
import { SearchIcon } from './icons';
import { EmptyState, LoadFailed } from './states';
import { dateTimeFormat, ghostButton, panelClass, quietButton, tdClass, thClass, toolbarInput } from './ui';

/** Searching waits for a pause in typing, so each keystroke does not send a request. */
const SEARCH_DELAY_MS = 350;

type SetUnread = (value: SetStateAction<number | null>) => void;

/**
 * The Inbox tab (issue 17): contact messages, newest first, with their read state and a reply link;
 * newsletter sign-ups with their Klaviyo state. Both searchable by e-mail, a page at a time.
 * `setUnread` keeps the tab's badge in step with what is marked here.
 */
export function Inbox({ setUnread }: { setUnread: SetUnread }) {
  return (
    <section aria-labelledby="inbox-title" className="space-y-8">
      <div>
        <h2 id="inbox-title" className="font-display text-2xl font-semibold sm:text-3xl">
          Inbox
        </h2>
        <p className="mt-1 text-sm text-muted">Messages from the contact form and newsletter sign-ups.</p>
      </div>
      <Messages setUnread={setUnread} />
      <Signups />
    </section>
  );
}

/** One list's query, search box, current page and load state. */
function useInboxList<T>(list: InboxList, schema: z.ZodType<T>, pageSize: number) {
  const [query, setQuery] = useState<InboxQuery>({ q: '', page: 1 });
  const [search, setSearch] = useState('');
  const [result, setResult] = useState<(InboxPage<T> & { key: string; q: string }) | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const path = inboxPath(list, query, pageSize);
  const key = `${path}#${reloads}`;
  const q = query.q;

  useEffect(() => {
    const controller = new AbortController();
    fetchInboxPage(schema, path, controller.signal)
      .then((page) => setResult({ ...page, key, q }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Failed to fetch ${list}`, error);
        setFailedKey(key);
      });
    return () => controller.abort();
  }, [schema, list, path, key, q]);

  useEffect(() => {
    if (search.trim() === query.q) return;
    const timer = window.setTimeout(() => setQuery({ q: search.trim(), page: 1 }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, query.q]);

  return {
    query,
    setQuery,
    search,
    setSearch,
    result,
    setResult,
    loading: result?.key !== key && failedKey !== key,
    loadError: failedKey === key,
    retry: () => setReloads((n) => n + 1),
  };
}

type ListState<T> = ReturnType<typeof useInboxList<T>>;

function SearchBox<T>({ id, label, state }: { id: string; label: string; state: ListState<T> }) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        state.setQuery({ q: state.search.trim(), page: 1 });
      }}
      className="relative w-full sm:w-80"
    >
      <label htmlFor={id} className="sr-only">
        Search {label.toLowerCase()} by e-mail
      </label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        placeholder="Search by e-mail"
        value={state.search}
        onChange={(event) => state.setSearch(event.target.value)}
        className={`${toolbarInput} pl-10`}
      />
    </form>
  );
}

function Pager<T>({ label, pageSize, state }: { label: string; pageSize: number; state: ListState<T> }) {
  const { query, result, loading } = state;
  if (!result) return null;
  const { first, last, pages } = pageRange(query.page, pageSize, result.items.length, result.total);
  const go = (page: number) => state.setQuery((current) => ({ ...current, page }));
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-beige bg-cream/70 px-4 py-3 text-sm"
    >
      <p className="text-muted" aria-live="polite">
        {first}–{last} of {result.total}
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={quietButton}
          disabled={query.page <= 1 || loading}
          onClick={() => go(query.page - 1)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
        </button>
        <span className="px-2 text-muted">
          Page {query.page} of {pages}
        </span>
        <button
          type="button"
          className={quietButton}
          disabled={query.page >= pages || loading}
          onClick={() => go(query.page + 1)}
        >
          Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}

/** A list's title, count line and search box, then its loading, failed, empty or loaded state. */
function ListSection<T>({
  id,
  title,
  summary,
  what,
  empty,
  state,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  what: string;
  empty: string;
  state: ListState<T>;
  children: (page: InboxPage<T>) => ReactNode;
}) {
  const { result, loading, loadError } = state;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="font-display text-xl font-semibold sm:text-2xl">
            {title}
          </h3>
          <p className="mt-1 text-sm text-muted">{summary}</p>
        </div>
        <SearchBox id={`${id}-search`} label={title} state={state} />
      </div>
      {loadError ? (
        <LoadFailed what={what} onRetry={state.retry} />
      ) : !result ? (
        <Spinner label={`Loading ${what}`} className="py-12" />
      ) : result.items.length === 0 ? (
        <EmptyState>{result.q ? `No ${what} match the search.` : empty}</EmptyState>
      ) : (
        <div
          className={`${panelClass} overflow-hidden transition-opacity ${loading ? 'opacity-60' : ''}`}
          aria-busy={loading}
        >
          {children(result)}
        </div>
      )}
    </section>
  );
}

const when = (iso: string) => (
  <time dateTime={iso} className="whitespace-nowrap">
    {dateTimeFormat.format(new Date(iso))}
  </time>
);

function Messages({ setUnread }: { setUnread: SetUnread }) {
  const state = useInboxList('messages', contactMessageSchema, MESSAGES_PAGE_SIZE);
  const [busy, setBusy] = useState<number | null>(null);
  const { flash, show, dismiss } = useFlash();
  const { result } = state;

  // The badge counts every unread message: only an unfiltered list's header says that.
  useEffect(() => {
    if (result && result.unread !== null && result.q === '') {
      setUnread(result.unread);
    }
  }, [result, setUnread]);

  async function mark(message: ContactMessage, read: boolean) {
    setBusy(message.id);
    try {
      const updated = await adminRequest(contactMessageSchema, `/api/admin/messages/${message.id}`, {
        method: 'PATCH',
        body: { read },
      });
      const delta = unreadChange(message, updated);
      state.setResult(
        (page) =>
          page && {
            ...page,
            items: page.items.map((m) => (m.id === updated.id ? updated : m)),
            unread: page.unread === null ? null : page.unread + delta,
          },
      );
      setUnread((n) => (n === null ? n : Math.max(0, n + delta)));
    } catch (error) {
      console.error('Failed to mark the message', error);
      show('error', failureText(error, 'Failed to update the message. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  const summary = result
    ? listSummary(result.total, ['message', 'messages'], result.q !== '', result.unread)
    : 'Newest first.';

  return (
    <>
      <ListSection
        id="inbox-messages"
        title="Messages"
        summary={summary}
        what="messages"
        empty="No messages yet."
        state={state}
      >
        {(page) => (
          <>
            <ul className="divide-y divide-beige">
              {page.items.map((message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  busy={busy === message.id}
                  onMark={(read) => void mark(message, read)}
                />
              ))}
            </ul>
            <Pager label="Message pages" pageSize={MESSAGES_PAGE_SIZE} state={state} />
          </>
        )}
      </ListSection>
      <FlashMessage flash={flash} onDismiss={dismiss} />
    </>
  );
}

function MessageItem({
  message,
  busy,
  onMark,
}: {
  message: ContactMessage;
  busy: boolean;
  onMark: (read: boolean) => void;
}) {
  const unread = message.read_at === null;
  return (
    <li
      data-testid="inbox-message"
      data-unread={unread}
      className={`grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 p-4 sm:gap-x-8 sm:px-6 ${
        unread ? 'bg-cream/60' : ''
      }`}
    >
      <h4
        className={`flex min-w-0 items-center gap-2 font-sans text-base ${
          unread ? 'font-bold text-ink' : 'font-normal text-cocoa'
        }`}
      >
        {unread && (
          <>
            <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full bg-maple" />
            <span className="sr-only">Unread: </span>
          </>
        )}
        <span className="break-words">{message.name}</span>
      </h4>
      <p className="text-right text-xs text-muted">{when(message.created_at)}</p>
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <p className={`text-sm break-all ${unread ? 'font-semibold text-cocoa' : 'text-muted'}`}>
          {message.email}
        </p>
        <ClampedText text={message.message} />
      </div>
      <div className="col-span-2 mt-2 -ml-4 flex flex-wrap items-center gap-1 self-start sm:col-span-1 sm:col-start-2 sm:row-start-2 sm:mt-1 sm:-mr-4 sm:ml-0 sm:justify-end">
        <a href={replyHref(message.email)} className={ghostButton}>
          Reply<span className="sr-only"> to {message.name}</span>
        </a>
        <button type="button" className={quietButton} disabled={busy} onClick={() => onMark(unread)}>
          {unread ? 'Mark as read' : 'Mark as unread'}
          <span className="sr-only"> (message from {message.name})</span>
        </button>
      </div>
    </li>
  );
}

/** A message kept to three lines, with a button to show it whole when it is longer. */
function ClampedText({ text }: { text: string }) {
  const box = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div className="mt-1">
      <p
        ref={box}
        className={`max-w-prose text-sm break-words whitespace-pre-line text-ink ${expanded ? '' : 'line-clamp-3'}`}
      >
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          className="mt-1 inline-flex min-h-8 items-center text-sm font-semibold text-maple-dark underline underline-offset-4 hover:text-cocoa"
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Show the whole message'}
        </button>
      )}
    </div>
  );
}

const KLAVIYO_CLASSES: Record<Exclude<KlaviyoSync, null>, string> = {
  synced: 'bg-green-100 text-green-800 ring-green-300',
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  failed: 'bg-red-100 text-red-800 ring-red-300',
};

function KlaviyoBadge({ sync }: { sync: KlaviyoSync }) {
  if (sync === null) return null;
  return (
    <span
      data-testid="klaviyo-state"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${KLAVIYO_CLASSES[sync]}`}
    >
      {KLAVIYO_LABELS[sync]}
    </span>
  );
}

function Signups() {
  const state = useInboxList('newsletter-signups', newsletterSignupSchema, SIGNUPS_PAGE_SIZE);
  const { result } = state;
  const summary = result
    ? listSummary(result.total, ['sign-up', 'sign-ups'], result.q !== '')
    : 'Newest first.';

  return (
    <ListSection
      id="inbox-signups"
      title="Newsletter sign-ups"
      summary={summary}
      what="sign-ups"
      empty="No sign-ups yet."
      state={state}
    >
      {(page) => {
        // Without Klaviyo no sign-up has a state: no column for it then.
        const klaviyo = page.items.some((signup) => signup.klaviyo !== null);
        return (
          <>
            <table className="hidden w-full text-sm md:table">
              <caption className="sr-only">Newsletter sign-ups</caption>
              <thead className="border-b border-beige bg-cream/70">
                <tr>
                  <th scope="col" className={thClass}>
                    E-mail
                  </th>
                  <th scope="col" className={thClass}>
                    Signed up
                  </th>
                  <th scope="col" className={thClass}>
                    Source
                  </th>
                  {klaviyo && (
                    <th scope="col" className={thClass}>
                      Klaviyo
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-beige">
                {page.items.map((signup) => (
                  <tr key={signup.id} data-testid="inbox-signup">
                    <td className={`${tdClass} break-all text-ink`}>{signup.email}</td>
                    <td className={`${tdClass} text-muted`}>{when(signup.created_at)}</td>
                    <td className={`${tdClass} text-muted`}>{signup.source}</td>
                    {klaviyo && (
                      <td className={tdClass}>
                        <KlaviyoBadge sync={signup.klaviyo} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-beige md:hidden">
              {page.items.map((signup) => (
                <li key={signup.id} className="flex items-start justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="text-sm font-semibold break-all text-ink">{signup.email}</p>
                    <p className="text-xs text-muted">
                      {when(signup.created_at)} · {signup.source}
                    </p>
                  </div>
                  {signup.klaviyo !== null && (
                    <p className="shrink-0">
                      <span className="sr-only">Klaviyo: </span>
                      <KlaviyoBadge sync={signup.klaviyo} />
                    </p>
                  )}
                </li>
              ))}
            </ul>
            <Pager label="Sign-up pages" pageSize={SIGNUPS_PAGE_SIZE} state={state} />
          </>
        );
      }}
    </ListSection>
  );
}
