import { DateTime } from 'luxon';

// GS1 element strings for the UDI label (GS1 General Specifications §3): the device identifier is a
// GTIN-14 made of the lab's company prefix and an item reference per job type (each product the lab
// makes is one device model), and the production identifiers are the production date (11), the batch or
// lot (10) and the serial number (21) — the case key, unique per device made. Parts from the picking
// slip have no GTIN of ours: they carry the supplier's code as AI (240) and their lot as (10).

/** The mod-10 check digit of a GTIN's other digits (weights 3, 1, 3, … from the right). */
export const gs1CheckDigit = (digits: string): number => {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    sum += Number(digit) * (index % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10;
};

/** GTIN-14: indicator 0, company prefix, item reference zero-padded to fill 12 digits, check digit. */
export const gtin14 = (companyPrefix: string, itemReference: number): string => {
  const width = 12 - companyPrefix.length;
  const reference = String(itemReference);
  if (!/^\d{7,10}$/.test(companyPrefix)) throw new Error('a GS1 company prefix has 7 to 10 digits');
  if (reference.length > width) throw new Error(`item reference ${reference} does not fit ${width} digits`);
  const body = `0${companyPrefix}${reference.padStart(width, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
};

/** YYMMDD in the branch's zone. */
export const gs1Date = (value: Date, zone: string): string =>
  DateTime.fromJSDate(value, { zone }).toFormat('yyMMdd');

// GS1 AI encodable character set 82, less the parentheses the bracketed syntax uses.
const notInSet82 = /[^!"%&'*+,\-./0-9:;<=>?A-Z_a-z]/g;

/** A lot, serial or code as an AI value: set-82 characters only, at most `max` of them. */
export const gs1Value = (value: string, max = 20): string =>
  value.trim().replace(notInSet82, '-').slice(0, max);

export type Gs1Element = { ai: string; value: string };

/** `(01)09521234000123(11)261120(21)100123-01` — what the symbol encodes and the label prints. */
export const gs1ElementString = (elements: readonly Gs1Element[]): string =>
  elements.map(({ ai, value }) => `(${ai})${value}`).join('');

export const deviceUdiElements = (options: {
  gtin: string;
  productionDate: Date;
  zone: string;
  lot: string | null;
  serial: string;
}): Gs1Element[] => [
  { ai: '01', value: options.gtin },
  { ai: '11', value: gs1Date(options.productionDate, options.zone) },
  ...(options.lot && gs1Value(options.lot) !== '' ? [{ ai: '10', value: gs1Value(options.lot) }] : []),
  { ai: '21', value: gs1Value(options.serial) },
];

/** A picked part: the supplier's code (240, up to 30) and its lot (10). */
export const partElements = (code: string, lot: string | null): Gs1Element[] => [
  { ai: '240', value: gs1Value(code, 30) },
  ...(lot && gs1Value(lot) !== '' ? [{ ai: '10', value: gs1Value(lot) }] : []),
];
