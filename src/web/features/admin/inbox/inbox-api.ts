/** The Inbox tab's calls: the two lists the route's clientLoader reads, and marking a message. */
import type { ContactMessage, NewsletterSignup } from '../../../../domain/inbox';
import { adminRequest, loadPart, type Loaded } from '../shared/admin-api';
import {
  contactMessageSchema,
  fetchInboxPage,
  inboxPath,
  inboxQuery,
  MESSAGES_PAGE_SIZE,
  newsletterSignupSchema,
  SIGNUPS_PAGE_SIZE,
  type InboxPage,
} from './inbox';

export interface InboxData {
  messages: Loaded<InboxPage<ContactMessage>>;
  signups: Loaded<InboxPage<NewsletterSignup>>;
  /** Every unread message, when the messages list says it (unfiltered, it counts them all), else null. */
  unread: number | null;
}

/** The page of each list that the address asks for; one failing leaves the other shown. */
export async function loadInbox(params: URLSearchParams, signal: AbortSignal): Promise<InboxData> {
  const messagesQuery = inboxQuery('messages', params);
  const [messages, signups] = await Promise.all([
    loadPart(signal, 'Failed to fetch messages', () =>
      fetchInboxPage(contactMessageSchema, inboxPath('messages', messagesQuery, MESSAGES_PAGE_SIZE), signal),
    ),
    loadPart(signal, 'Failed to fetch newsletter-signups', () =>
      fetchInboxPage(
        newsletterSignupSchema,
        inboxPath('newsletter-signups', inboxQuery('newsletter-signups', params), SIGNUPS_PAGE_SIZE),
        signal,
      ),
    ),
  ]);
  const unread = messages.ok && messagesQuery.q === '' ? messages.value.unread : null;
  return { messages, signups, unread };
}

/** PATCH /api/admin/messages/:id: marks the message read or unread; answers it as saved. */
export const markMessage = (id: number, read: boolean): Promise<ContactMessage> =>
  adminRequest(contactMessageSchema, `/api/admin/messages/${id}`, { method: 'PATCH', body: { read } });
