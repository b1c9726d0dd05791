import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addIdentificationSchema } from '../api/clients';
import {
  checkIdentification,
  formatPhoneInternational,
  identificationMessages,
  isBasicEmailAddress,
  normaliseEmailAddress,
  parseMobileNumber,
  phoneCountries,
} from './clients';

// Expectations come from collection-views §5 'Identification dialog'.

describe('e-mail identifications', () => {
  it('accept a basic address pattern', () => {
    for (const email of ['dr.smith@gmail.com', 'a@b.co', 'reception+lab@smile-dental.com.au'])
      expect(isBasicEmailAddress(email)).toBe(true);
  });

  it('refuse empty text, a missing @ or dot, spaces and control characters', () => {
    for (const email of ['', '   ', 'smith', 'smith@', '@gmail.com', 'smith@gmail', 'dr smith@gmail.com'])
      expect(isBasicEmailAddress(email)).toBe(false);
    expect(isBasicEmailAddress('a@b.c\u0000om')).toBe(false);
    expect(isBasicEmailAddress(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });

  it('are stored trimmed and in lower case', () => {
    expect(normaliseEmailAddress('  Dr.Smith@Gmail.COM ')).toBe('dr.smith@gmail.com');
    expect(normaliseEmailAddress('not an address')).toBeNull();
  });
});

describe('mobile identifications', () => {
  it('read a number without a country code as Australian and store it in international form', () => {
    expect(parseMobileNumber('0412 345 678')).toBe('+61412345678');
    expect(parseMobileNumber('412345678')).toBe('+61412345678');
    expect(parseMobileNumber('+61 412 345 678')).toBe('+61412345678');
  });

  it('keep the country a number names, and read national numbers in the chosen country', () => {
    expect(parseMobileNumber('+64 21 123 4567')).toBe('+64211234567');
    expect(parseMobileNumber('(213) 373-4253', 'US')).toBe('+12133734253');
    // An unknown country falls back to Australia.
    expect(parseMobileNumber('0412 345 678', 'XX')).toBe('+61412345678');
  });

  it('refuse text that is not a valid phone number', () => {
    for (const text of ['', 'abc', '12345', '0412 345', '0412 345 678 call me', '1'.repeat(41)])
      expect(parseMobileNumber(text)).toBeNull();
  });

  it('format a stored number for reading', () => {
    expect(formatPhoneInternational('+61412345678')).toBe('+61 412 345 678');
    expect(formatPhoneInternational('not a number')).toBe('not a number');
  });

  it('parse their own stored form back to itself, whatever the default country', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\+?[\d ()-]{4,20}$/),
        fc.constantFrom('AU', 'US', 'NZ'),
        (text, country) => {
          const stored = parseMobileNumber(text, country);
          if (stored !== null) expect(parseMobileNumber(stored, 'US')).toBe(stored);
        },
      ),
    );
  });

  it('list AU and US first among the countries', () => {
    const countries = phoneCountries();
    expect(countries.slice(0, 2)).toEqual([
      { code: 'AU', callingCode: '+61' },
      { code: 'US', callingCode: '+1' },
    ]);
    expect(countries.filter((c) => c.code === 'AU')).toHaveLength(1);
    expect(countries.some((c) => c.code === 'NZ')).toBe(true);
  });
});

describe('checkIdentification and the request body', () => {
  it('answers the stored value or the message for each kind', () => {
    expect(checkIdentification('EMAIL', 'A@B.co')).toEqual({ isValid: true, value: 'a@b.co' });
    expect(checkIdentification('EMAIL', 'nope')).toEqual({
      isValid: false,
      message: identificationMessages.invalidEmail,
    });
    expect(checkIdentification('MOBILE', '0412345678')).toEqual({ isValid: true, value: '+61412345678' });
    expect(checkIdentification('MOBILE', 'dr.smith@gmail.com')).toEqual({
      isValid: false,
      message: identificationMessages.invalidMobile,
    });
  });

  it('puts the message on the value field of the body', () => {
    const result = addIdentificationSchema.safeParse({ kind: 'MOBILE', value: '123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['value'], message: 'Enter a valid mobile number' }),
    ]);
    expect(addIdentificationSchema.safeParse({ kind: 'EMAIL', value: 'a@b.co' }).success).toBe(true);
    expect(addIdentificationSchema.safeParse({ kind: 'FAX', value: 'a@b.co' }).success).toBe(false);
  });
});
