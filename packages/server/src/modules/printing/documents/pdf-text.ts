import { DateTime } from 'luxon';

// Text for the print documents. Their fonts are the PDF standard ones (Helvetica, Courier: nothing to
// embed, and what thermal printers' PDF interpreters render best), which encode Windows-1252 only: every
// text goes through `pdfText` first — accents that decompose lose their mark, anything else outside the
// set becomes '?', and control characters but the line break become spaces.

const windows1252Extras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const isEncodable = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || windows1252Extras.has(char);
};

const encodableChar = (char: string): string => {
  if (isEncodable(char) || char === '\n') return char;
  if (/\p{Cc}/u.test(char)) return ' ';
  const stripped = char.normalize('NFD').replace(/\p{M}/gu, '');
  return stripped !== '' && [...stripped].every(isEncodable) ? stripped : '?';
};

export const pdfText = (text: string | null | undefined): string =>
  Array.from(text ?? '', encodableChar).join('');

/** 20 Nov 2026 in the branch's zone. */
export const dateShown = (value: Date | null, zone: string): string =>
  value ? DateTime.fromJSDate(value, { zone }).toFormat('d LLL yyyy') : '-';

/** 20 Nov 2026 14:05 in the branch's zone. */
export const dateTimeShown = (value: Date | null, zone: string): string =>
  value ? DateTime.fromJSDate(value, { zone }).toFormat('d LLL yyyy HH:mm') : '-';

const dentateNames: Record<string, string> = {
  UPPER: 'Upper',
  LOWER: 'Lower',
  BOTH: 'Upper & Lower',
  NONE: 'None',
};

/** 'Upper · 14 16 21' — the arch and the implant teeth (FDI), as the lab reads a case. */
export const archAndTeeth = (dentate: string | null, teeth: readonly { tooth: number }[]): string => {
  const arch = dentate ? (dentateNames[dentate] ?? dentate) : null;
  const numbers = teeth.map((t) => String(t.tooth)).join(' ');
  return [arch, numbers].filter((part) => part && part !== '').join(' · ') || '-';
};

/** A postal address as lines, empty parts left out. */
export const addressLines = (address: {
  address_line_1: string | null;
  address_line_2: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
}): string[] =>
  [
    address.address_line_1,
    address.address_line_2,
    [address.suburb, address.state, address.postcode].filter(Boolean).join(' '),
    address.country,
  ].filter((line): line is string => Boolean(line && line.trim() !== ''));
