/**
 * The e-mail that asks the owner of an address typed into the newsletter banner to confirm it
 * (decision 0042). It is transactional: it only asks, and carries nothing that markets (no offer, no
 * product, no newsletter content), since the address has agreed to nothing yet.
 */
import { brand } from '../../../domain/brand.js';
import { NEWSLETTER_CONFIRM_DAYS } from '../../../domain/newsletter.js';
import { brandedHtml } from '../mail/layout.js';
import type { OutgoingEmail } from '../mail/outbox.js';

export const NEWSLETTER_CONFIRM_SUBJECT = `Please confirm your ${brand.name} newsletter subscription`;

/** Never by name: whoever typed the address may not own it. */
export function newsletterConfirmEmail({ to, link }: { to: string; link: string }): OutgoingEmail {
  const intro = `Someone asked to sign this address up for the ${brand.name} newsletter. If it was you, please confirm:`;
  const works = `This link works once, for ${NEWSLETTER_CONFIRM_DAYS} days. Please do not forward it.`;
  const notYou = "If this wasn't you, ignore this message: nobody is subscribed until the link is followed.";
  const signOff = `The ${brand.name} team`;
  return {
    // It asks the owner to confirm, and markets nothing (decision 0044).
    kind: 'transactional',
    to,
    subject: NEWSLETTER_CONFIRM_SUBJECT,
    text: ['Hi,', '', intro, '', link, '', works, '', notYou, '', signOff].join('\n'),
    html: brandedHtml({
      paragraphs: ['Hi,', intro],
      button: { label: 'Confirm my subscription', href: link },
      notes: [works, notYou, signOff],
    }),
  };
}
