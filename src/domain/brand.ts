/**
 * The brand in one place: every page, e-mail and structured-data block reads its name and contact
 * details from here. The contact e-mail can be overridden per deployment with CONTACT_EMAIL.
 */
export const brand = {
  name: 'Northbite',
  legalName: 'Northbite Snacks Inc.',
  tagline: 'Snack Smarter, Live Better',
  description:
    'Chunky protein cookies, energy bites and granola baked in Canada: no added sugar, no preservatives, gluten-free, sweetened with dates and maple.',
  contactEmail: 'hello@northbite.ca',
  country: 'CA',
  city: 'Vancouver',
  region: 'BC',
  instagramHandle: 'northbitesnacks',
  instagramUrl: 'https://www.instagram.com/northbitesnacks/',
  currency: 'CAD',
} as const;
