/**
 * The profile's notice about the account's address (decision 0021), rendered on the server: the
 * prompt's exact heading, the addresses it names, the resend button, and nothing once all is
 * confirmed.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages';
import { EmailNotice } from './email-notice';

const user = { id: 7, email: 'maya@example.ca', isAdmin: false };
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'");

describe('EmailNotice', () => {
  it('asks to confirm an unconfirmed address under the exact prompt, with a resend button', () => {
    const html = renderToString(<EmailNotice user={{ ...user, emailVerified: false, pendingEmail: null }} />);
    expect(html).toMatch(new RegExp(`<h2[^>]*>${messages.confirmEmailPrompt}</h2>`));
    expect(text(html)).toContain('We sent a link to maya@example.ca.');
    expect(html).toMatch(/<button[^>]*>Resend link<\/button>/);
  });

  it('names the new address waiting and the one the account keeps until then', () => {
    const html = renderToString(
      <EmailNotice user={{ ...user, emailVerified: true, pendingEmail: 'maya@new.ca' }} />,
    );
    expect(text(html)).toContain(
      'Your new address maya@new.ca is waiting for confirmation: we sent a link to it. Your account keeps maya@example.ca until you follow that link.',
    );
    expect(html).not.toContain(`>${messages.confirmEmailPrompt}<`);
    expect(html).toMatch(/<button[^>]*>Resend link<\/button>/);
    // An unconfirmed account moving to a new address still sees the prompt.
    const unconfirmed = renderToString(
      <EmailNotice user={{ ...user, emailVerified: false, pendingEmail: 'maya@new.ca' }} />,
    );
    expect(unconfirmed).toContain(`>${messages.confirmEmailPrompt}<`);
  });

  it('shows nothing for a confirmed address, or a stored copy from before confirmation existed', () => {
    expect(renderToString(<EmailNotice user={{ ...user, emailVerified: true, pendingEmail: null }} />)).toBe(
      '',
    );
    expect(renderToString(<EmailNotice user={user} />)).toBe('');
  });
});
