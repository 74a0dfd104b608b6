import { Link } from 'react-router';
import { brand } from '../../../domain/brand';
import { postalAddressParts } from '../../../domain/business-address';
import { footerLinks, shopMenu } from '../../navigation';
import { InstagramGlyph, Wordmark } from '../brand-marks';
import { JsonLd } from '../json-ld';

interface FooterProps {
  publicUrl: string;
  contactEmail: string;
  /** The mailing address CASL asks commercial e-mail to carry; shown here too (decision 0044). */
  businessAddress: string;
  instagramUrl: string;
}

function LinkColumn({ title, links }: { title: string; links: readonly { label: string; to: string }[] }) {
  return (
    <div>
      <h2 className="font-sans text-xs font-semibold tracking-[0.18em] text-cream/70 uppercase">{title}</h2>
      <ul className="mt-3 space-y-0.5 sm:mt-4 sm:space-y-1">
        {links.map((link) => (
          <li key={link.to + link.label}>
            <Link
              to={link.to}
              className="inline-block py-1.5 text-sm text-cream hover:text-white hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ publicUrl, contactEmail, businessAddress, instagramUrl }: FooterProps) {
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand.name,
    legalName: brand.legalName,
    url: publicUrl,
    logo: `${publicUrl}/favicon.svg`,
    email: contactEmail,
    sameAs: [instagramUrl],
    address: { '@type': 'PostalAddress', ...postalAddressParts(businessAddress) },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: contactEmail,
      areaServed: 'CA',
    },
  };
  return (
    <footer className="below-fold bg-ink text-cream print:hidden">
      <JsonLd data={organization} />
      {/* Phones: the brand block, then Shop and Help side by side; the legal links sit with the copyright
          line at every width (docs/decisions/0055). */}
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-8 py-10 sm:py-14 lg:grid-cols-[2fr_1fr_1fr] lg:gap-10">
        <div className="col-span-2 space-y-3 sm:space-y-4 lg:col-span-1">
          <Wordmark className="text-cream [&_svg]:text-maple" />
          <p className="max-w-xs text-sm leading-relaxed text-cream/80">
            High-protein cookies, energy bites and granola, sweetened with dates and maple and baked in small
            batches in {brand.city}.
          </p>
          <address className="text-sm text-cream/80 not-italic">{businessAddress}</address>
          <p className="text-sm">
            <a href={`mailto:${contactEmail}`} className="text-cream underline-offset-4 hover:underline">
              {contactEmail}
            </a>
          </p>
          <a
            href={instagramUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-cream hover:text-white"
          >
            <InstagramGlyph />
            Follow us on Instagram
          </a>
        </div>
        <LinkColumn title="Shop" links={shopMenu} />
        <LinkColumn title="Help" links={footerLinks.help} />
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between sm:py-5">
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5">
              {footerLinks.legal.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-block py-1.5 text-xs text-cream/80 hover:text-white hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-xs text-cream/60">
            © {new Date().getFullYear()} {brand.legalName} All prices in CAD.
          </p>
        </div>
      </div>
    </footer>
  );
}
