import { describe, expect, it } from 'vitest';
import { postalAddressParts } from './business-address.js';

describe('postalAddressParts', () => {
  it('splits a Canadian address on one line into street, city, province and postal code', () => {
    expect(postalAddressParts('1234 Main Street, Vancouver, BC V6A 1A1')).toEqual({
      streetAddress: '1234 Main Street',
      addressLocality: 'Vancouver',
      addressRegion: 'BC',
      postalCode: 'V6A 1A1',
      addressCountry: 'CA',
    });
  });

  it('keeps a unit in the street, drops a trailing Canada and normalises the postal code', () => {
    expect(postalAddressParts('Unit 5, 200 Granville St, Vancouver, bc v6c1s4, Canada')).toEqual({
      streetAddress: 'Unit 5, 200 Granville St',
      addressLocality: 'Vancouver',
      addressRegion: 'BC',
      postalCode: 'V6C 1S4',
      addressCountry: 'CA',
    });
  });

  it('keeps any other shape whole as the street address', () => {
    expect(postalAddressParts('PO Box 42 Station A Vancouver')).toEqual({
      streetAddress: 'PO Box 42 Station A Vancouver',
      addressCountry: 'CA',
    });
  });
});
