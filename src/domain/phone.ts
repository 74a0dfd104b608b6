/**
 * Phone numbers (docs/product.md, Accounts): Canada and the US only, validated against the real
 * numbering plan (area codes and exchanges in service), stored in E.164 form (+16045550123).
 */
import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/core';
import { phoneMetadata } from './phone-metadata.js';

export const PHONE_COUNTRIES = [
  { code: 'CA', name: 'Canada', callingCode: '+1' },
  { code: 'US', name: 'United States', callingCode: '+1' },
] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]['code'];

export const INVALID_PHONE = 'Please enter a valid Canadian or US phone number.';

/** The number in E.164 form when it is a real Canadian or US number, else null. */
export function normalizePhone(input: string, defaultCountry: PhoneCountry = 'CA'): string | null {
  const phone = parsePhoneNumberFromString(input, defaultCountry as CountryCode, phoneMetadata);
  if (!phone?.isValid() || (phone.country !== 'CA' && phone.country !== 'US')) return null;
  // Short service numbers (Canada's 310-xxxx) are valid to libphonenumber but reach no one person.
  if (phone.nationalNumber.length !== 10) return null;
  return phone.number;
}

/** Which of the two countries a stored number belongs to (CA when it cannot tell). */
export function phoneCountry(e164: string): PhoneCountry {
  const phone = parsePhoneNumberFromString(e164, 'CA', phoneMetadata);
  return phone?.country === 'US' ? 'US' : 'CA';
}

/** National display form, e.g. "(604) 555-0123"; the input back when it is not a number we know. */
export function formatPhone(e164: string): string {
  const phone = parsePhoneNumberFromString(e164, 'CA', phoneMetadata);
  return phone ? phone.formatNational() : e164;
}

/** Formats national digits as they are typed, e.g. "604555" -> "(604) 555". */
export function formatPhoneAsTyped(input: string, country: PhoneCountry): string {
  return new AsYouType(country as CountryCode, phoneMetadata).input(input);
}

/** The national part of a stored number, for editing (e.g. "6045550123"). */
export function nationalDigits(e164: string): string {
  const phone = parsePhoneNumberFromString(e164, 'CA', phoneMetadata);
  return phone ? String(phone.nationalNumber) : e164.replace(/\D/g, '');
}
