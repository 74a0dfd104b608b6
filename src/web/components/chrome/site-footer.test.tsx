/** The footer as the server renders it: the business's mailing address, visible and in JSON-LD. */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

const render = (businessAddress: string) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SiteFooter
        publicUrl="https://shop.example.ca"
        contactEmail="hello@shop.example.ca"
        businessAddress={businessAddress}
        instagramUrl="https://www.instagram.com/northbitesnacks/"
      />
    </MemoryRouter>,
  );

const structuredData = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<
    string,
    unknown
  >;

describe('SiteFooter', () => {
  it('shows the business mailing address beside the contact e-mail', () => {
    const html = render('1234 Main Street, Vancouver, BC V6A 1A1');
    expect(html).toContain(
      '<address class="text-sm text-cream/80 not-italic">1234 Main Street, Vancouver, BC V6A 1A1</address>',
    );
    expect(html).toContain('href="mailto:hello@shop.example.ca"');
  });

  it("gives the organisation's structured data that address as a PostalAddress", () => {
    expect(structuredData(render('1234 Main Street, Vancouver, BC V6A 1A1'))).toMatchObject({
      '@type': 'Organization',
      email: 'hello@shop.example.ca',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1234 Main Street',
        addressLocality: 'Vancouver',
        addressRegion: 'BC',
        postalCode: 'V6A 1A1',
        addressCountry: 'CA',
      },
    });
  });
});
