/**
 * The brand's look for the shop's own e-mails: one column, the wordmark, dark maple button, small
 * print. E-mail clients ignore style sheets, so every style is inline. Each e-mail also has a plain
 * text version, written by its caller. The footer of both is written here and added by the outbox
 * to every e-mail (decision 0044).
 */
import { brand } from '../../../domain/brand.js';

/** Who sends the shop's e-mails: what CASL asks every commercial e-mail to say (decision 0044). */
export interface Sender {
  /** BUSINESS_ADDRESS: the mailing address, one line. */
  mailingAddress: string;
  /** CONTACT_EMAIL. */
  contactEmail: string;
}

/** Where `brandedHtml` leaves room for the footer, which the outbox fills. */
export const FOOTER_SLOT = '<!--footer-->';

const UNSUBSCRIBE_TEXT = 'Unsubscribe with one click; it takes effect at once';
const WHY = `You are getting this e-mail because you agreed to hear from ${brand.name}.`;

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface BrandedHtml {
  /** Paragraphs of plain text (escaped here). */
  paragraphs: string[];
  /** The one call to action: a link shown as a button, with its address written out below. */
  button?: { label: string; href: string };
  /** Further actions, as plain links under the button (a reminder's "Edit subscription"). */
  links?: { label: string; href: string }[];
  /** Small print under the button (escaped here). */
  notes?: string[];
}

export function brandedHtml({ paragraphs, button, links = [], notes = [] }: BrandedHtml): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const small = (text: string) =>
    `<p style="margin:0 0 12px;font-size:13px;color:#6b5a4e">${escapeHtml(text)}</p>`;
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#5b3a29;color:#fff8ee;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5a4e;word-break:break-all">Or paste this address into your browser: ${escapeHtml(button.href)}</p>`
    : '';
  const more = links
    .map(
      (link) =>
        `<p style="margin:0 0 16px"><a href="${escapeHtml(link.href)}" style="color:#5b3a29;font-weight:bold;text-decoration:underline">${escapeHtml(link.label)}</a></p>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en-CA"><body style="margin:0;background:#f7efe3">
<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Arial,Helvetica,sans-serif;color:#2b1d14;line-height:1.5;font-size:16px">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;letter-spacing:0.02em;color:#5b3a29">${escapeHtml(brand.name)}</p>
<div style="background:#ffffff;border-radius:16px;padding:28px 24px">
${paragraphs.map(p).join('\n')}
${action}${more ? `\n${more}` : ''}
${notes.map(small).join('\n')}
</div>
${FOOTER_SLOT}
</div></body></html>`;
}

/**
 * The footer of the plain-text version: the sender's name, mailing address and contact e-mail,
 * and for a commercial e-mail why it came and its unsubscribe link (CASL, decision 0044).
 */
export function footerText(sender: Sender, unsubscribeUrl?: string): string {
  return [
    '-- ',
    ...(unsubscribeUrl ? [WHY, `${UNSUBSCRIBE_TEXT}: ${unsubscribeUrl}`, ''] : []),
    `${brand.name} (${brand.legalName})`,
    sender.mailingAddress,
    sender.contactEmail,
  ].join('\n');
}

/** The same footer in HTML, in the small print of `brandedHtml`. */
export function footerHtml(sender: Sender, unsubscribeUrl?: string): string {
  const small = 'margin:24px 0 0;font-size:12px;color:#6b5a4e';
  const unsubscribe = unsubscribeUrl
    ? `<p style="${small}">${escapeHtml(WHY)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#5b3a29;font-weight:bold;text-decoration:underline">Unsubscribe</a> with one click; it takes effect at once.</p>\n`
    : '';
  return `${unsubscribe}<p style="${small}">${escapeHtml(brand.name)} (${escapeHtml(brand.legalName)}) · ${escapeHtml(sender.mailingAddress)} · <a href="mailto:${escapeHtml(sender.contactEmail)}" style="color:#6b5a4e">${escapeHtml(sender.contactEmail)}</a></p>`;
}

/**
 * An e-mail's text and HTML with the footer added: in `brandedHtml`'s slot, else before the end of
 * the document's body, else at its end.
 */
export function withFooter(
  email: { text: string; html?: string | undefined; unsubscribeUrl?: string | undefined },
  sender: Sender,
): { text: string; html: string | null } {
  // The body is kept as written (a relayed message stays as sent), then a blank line.
  const body = email.text.endsWith('\n') ? email.text : `${email.text}\n`;
  const text = `${body}\n${footerText(sender, email.unsubscribeUrl)}\n`;
  if (email.html === undefined) return { text, html: null };
  const footer = footerHtml(sender, email.unsubscribeUrl);
  // Replaced by functions: a `$` in an address or URL is not a replacement pattern.
  if (email.html.includes(FOOTER_SLOT)) return { text, html: email.html.replace(FOOTER_SLOT, () => footer) };
  const end = email.html.lastIndexOf('</body>');
  if (end === -1) return { text, html: `${email.html}\n${footer}` };
  return {
    text,
    html: `${email.html.slice(0, end)}<div style="max-width:560px;margin:0 auto;padding:0 24px 32px;font-family:Arial,Helvetica,sans-serif">${footer}</div>\n${email.html.slice(end)}`,
  };
}
