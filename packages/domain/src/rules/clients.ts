import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

// The Add Identification rules (collection-views §5 'Identification dialog'), shared by the server edge
// and the dialog so both accept exactly the same values. The phone metadata is large: only the client
// page may import this file (the referral status, which the collection page shows, lives apart).

export const identificationKinds = ['EMAIL', 'MOBILE'] as const;
export type IdentificationKind = (typeof identificationKinds)[number];

export const identificationMessages = {
  invalidEmail: 'Enter a valid e-mail address',
  invalidMobile: 'Enter a valid mobile number',
  duplicate: 'This client already has this identification',
} as const;

/** Spec §5: mobile numbers without a country code are read as Australian. */
export const defaultPhoneCountry: CountryCode = 'AU';
/** Spec §5: these head the dialog's country list. */
export const preferredPhoneCountries: readonly CountryCode[] = ['AU', 'US'];

// The spec's "basic address pattern": something, one @, something with a dot, no spaces (nor control
// characters). Anything stricter refuses real addresses; the mail server is the final judge.
const basicEmailPattern = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
// RFC 5321's limit on a whole address: longer cannot be delivered, so it cannot identify anyone.
const maxEmailLength = 254;

export const isBasicEmailAddress = (value: string): boolean => {
  const email = value.trim();
  return email.length <= maxEmailLength && basicEmailPattern.test(email);
};

/**
 * The address as stored: trimmed and lower-cased, so one practice typed twice in different case is one
 * identification (mail systems treat addresses case-insensitively in practice). Null when invalid.
 */
export const normaliseEmailAddress = (value: string): string | null =>
  isBasicEmailAddress(value) ? value.trim().toLowerCase() : null;

const isCountryCode = (value: string): value is CountryCode => (getCountries() as string[]).includes(value);

/**
 * A valid phone number in international (E.164) form, e.g. '+61412345678'; null when it is not one.
 * A number without '+' is read in `country` (default AU). The whole text must be the number: no
 * extracting digits out of surrounding words.
 */
export const parseMobileNumber = (value: string, country: string = defaultPhoneCountry): string | null => {
  const text = value.trim();
  if (text === '' || text.length > 40) return null;
  const phone = parsePhoneNumberFromString(text, {
    defaultCountry: isCountryCode(country) ? country : defaultPhoneCountry,
    extract: false,
  });
  return phone?.isValid() ? phone.number : null;
};

/** '+61 412 345 678' for a stored '+61412345678'; the text itself when it is not a phone number. */
export const formatPhoneInternational = (value: string): string =>
  parsePhoneNumberFromString(value)?.formatInternational() ?? value;

export type IdentificationCheck =
  | { isValid: true; value: string }
  | { isValid: false; message: (typeof identificationMessages)['invalidEmail' | 'invalidMobile'] };

/** The value as stored for its kind, or the message the dialog and the server's 400 show. */
export const checkIdentification = (
  kind: IdentificationKind,
  value: string,
  country: string = defaultPhoneCountry,
): IdentificationCheck => {
  if (kind === 'EMAIL') {
    const email = normaliseEmailAddress(value);
    return email === null
      ? { isValid: false, message: identificationMessages.invalidEmail }
      : { isValid: true, value: email };
  }
  const mobile = parseMobileNumber(value, country);
  return mobile === null
    ? { isValid: false, message: identificationMessages.invalidMobile }
    : { isValid: true, value: mobile };
};

export type PhoneCountry = { code: string; callingCode: string };

/** Every country the phone rules know, the preferred ones first, then by code. */
export const phoneCountries = (): PhoneCountry[] => {
  const rest = getCountries()
    .filter((code) => !preferredPhoneCountries.includes(code))
    .sort();
  return [...preferredPhoneCountries, ...rest].map((code) => ({
    code,
    callingCode: `+${getCountryCallingCode(code)}`,
  }));
};
