import { describe, expect, it } from 'vitest';
import { destinationShippingCents, shippingCents, SHIPPING_RATES_CENTS } from './pricing.js';
import { PROVINCE_CODES } from './provinces.js';
import { DEFAULT_SHIPPING_AREA, type ShippingArea } from './shipping-areas.js';
import {
  ALL_PROVINCE_NAMES,
  OUTSIDE_SHIPPING_AREA,
  outsideShippingArea,
  POSTAL_CODE_LETTERS,
  provincesOfPostalCode,
  shippingAreaNote,
  shippingAreaProblem,
} from './shipping-provinces.js';

const bcAndOntario: ShippingArea = { provinces: ['BC', 'ON'], rates: { ON: 1250 } };

describe('provinces and their postal codes', () => {
  it("gives each of Canada Post's first letters to its province, X to both northern territories", () => {
    expect(provincesOfPostalCode('V6B 1A1')).toEqual(['BC']);
    for (const letter of 'KLMNP') expect(provincesOfPostalCode(`${letter}1A 1A1`)).toEqual(['ON']);
    for (const letter of 'GHJ') expect(provincesOfPostalCode(`${letter}1A 1A1`)).toEqual(['QC']);
    expect(provincesOfPostalCode('X0A 0H0')).toEqual(['NT', 'NU']);
    expect(provincesOfPostalCode('Z1A 1A1')).toEqual([]);
    // Every letter a postal code can start with has a province (D F I O Q U W Z never start one).
    const used = new Set(PROVINCE_CODES.flatMap((code) => [...POSTAL_CODE_LETTERS[code]]));
    expect([...used].sort().join('')).toBe('ABCEGHJKLMNPRSTVXY');
  });

  it('lists British Columbia first, then the others from A to Z', () => {
    expect(ALL_PROVINCE_NAMES[0]).toBe('British Columbia');
    expect(ALL_PROVINCE_NAMES).toHaveLength(13);
    expect(ALL_PROVINCE_NAMES.slice(1)).toEqual([...ALL_PROVINCE_NAMES.slice(1)].sort());
  });
});

describe('where the shop ships', () => {
  it('ships within British Columbia by default, with the message it always had', () => {
    expect(shippingAreaNote(DEFAULT_SHIPPING_AREA)).toBe('Ships within British Columbia');
    expect(shippingAreaProblem(DEFAULT_SHIPPING_AREA, 'British Columbia', 'V6B 1A1')).toBeNull();
    expect(shippingAreaProblem(DEFAULT_SHIPPING_AREA, 'British Columbia', 'M5V 2T6')).toEqual({
      field: 'postalCode',
      message: OUTSIDE_SHIPPING_AREA,
    });
    expect(shippingAreaProblem(DEFAULT_SHIPPING_AREA, 'Ontario', 'V6B 1A1')).toEqual({
      field: 'state',
      message: 'We do not ship to Ontario yet.',
    });
  });

  it('opens Ontario: a Toronto address ships, a Toronto code under British Columbia is named', () => {
    expect(shippingAreaNote(bcAndOntario)).toBe('Ships within British Columbia and Ontario');
    expect(shippingAreaProblem(bcAndOntario, 'Ontario', 'M5V 2T6')).toBeNull();
    expect(shippingAreaProblem(bcAndOntario, 'British Columbia', 'M5V 2T6')).toEqual({
      field: 'postalCode',
      message: 'That postal code is in Ontario, not British Columbia. Please check the province or the code.',
    });
    expect(shippingAreaProblem(bcAndOntario, 'Ontario', 'T2P 1J9')).toEqual({
      field: 'postalCode',
      message: outsideShippingArea(bcAndOntario),
    });
    expect(outsideShippingArea(bcAndOntario)).toBe(
      'We ship within British Columbia and Ontario for now. Please enter a postal code there (it starts with K, L, M, N, P or V).',
    );
    expect(shippingAreaProblem(bcAndOntario, 'Atlantis', 'M5V 2T6')?.field).toBe('state');
  });

  it('prices British Columbia by city and an opened province at its rate', () => {
    expect(
      destinationShippingCents(
        { city: 'Vancouver', postalCode: 'V6B 1A1', state: 'British Columbia' },
        bcAndOntario,
      ),
    ).toBe(SHIPPING_RATES_CENTS.vancouver);
    expect(
      destinationShippingCents({ city: 'Toronto', postalCode: 'M5V 2T6', state: 'Ontario' }, bcAndOntario),
    ).toBe(1250);
    // A province closed since (a subscription's next delivery): the 'other cities' rate.
    expect(
      destinationShippingCents({ city: 'Calgary', postalCode: 'T2P 1J9', state: 'Alberta' }, bcAndOntario),
    ).toBe(SHIPPING_RATES_CENTS.elsewhere);
    expect(
      shippingCents(9_000, { city: 'Toronto', postalCode: 'M5V 2T6', state: 'Ontario' }, false, bcAndOntario),
    ).toBe(0);
  });
});
