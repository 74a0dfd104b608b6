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
      <ul className="mt-4 space-y-1">
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
    <footer className="bg-ink text-cream">
      <JsonLd data={organization} />
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
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
        <LinkColumn title="Legal" links={footerLinks.legal} />
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-xs text-cream/60">
          © {new Date().getFullYear()} {brand.legalName} All prices in CAD.
        </p>
      </div>
    </footer>
  );
}
