/**
 * The brand's look for the shop's own e-mails: one column, the wordmark, dark maple button, small
 * print. E-mail clients ignore style sheets, so every style is inline. Each e-mail also has a plain
 * text version, written by its caller.
 */
import { brand } from '../../../domain/brand.js';

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
  /** Small print under the button (escaped here). */
  notes?: string[];
}

export function brandedHtml({ paragraphs, button, notes = [] }: BrandedHtml): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const small = (text: string) =>
    `<p style="margin:0 0 12px;font-size:13px;color:#6b5a4e">${escapeHtml(text)}</p>`;
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#5b3a29;color:#fff8ee;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5a4e;word-break:break-all">Or paste this address into your browser: ${escapeHtml(button.href)}</p>`
    : '';
  return `<!doctype html><html lang="en-CA"><body style="margin:0;background:#f7efe3">
<div style="max-width:560px;margin:0 auto;padding:32px 24px;font-family:Arial,Helvetica,sans-serif;color:#2b1d14;line-height:1.5;font-size:16px">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;letter-spacing:0.02em;color:#5b3a29">${escapeHtml(brand.name)}</p>
<div style="background:#ffffff;border-radius:16px;padding:28px 24px">
${paragraphs.map(p).join('\n')}
${action}
${notes.map(small).join('\n')}
</div>
<p style="margin:24px 0 0;font-size:12px;color:#6b5a4e">${escapeHtml(brand.legalName)} · ${escapeHtml(brand.city)}, ${escapeHtml(brand.region)}, Canada · ${escapeHtml(brand.contactEmail)}</p>
</div></body></html>`;
}
