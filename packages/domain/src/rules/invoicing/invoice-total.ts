import type { redoCharges } from '../../enums';

type RedoCharge = (typeof redoCharges)[number];

// Money is integer cents everywhere in the domain: the database keeps numeric(12,2) text ('1234.50'),
// which converts to cents exactly, and sums of integers never drift the way sums of floats do.

/** An amount as the database and the API carry it: optional minus, digits, optional 1–2 decimals. */
const moneyPattern = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** '1234.5' → 123450. null when the text is not a money amount (never rounds away a third decimal). */
export const parseMoneyCents = (text: string): number | null => {
  const match = moneyPattern.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
};

/** 123450 → '1234.50', the numeric(12,2) text the database takes. */
export const centsToMoneyText = (cents: number): string => {
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
};

/**
 * The one rounding rule for money: round half away from zero on cents (2.5 → 3, -2.5 → -3), so a
 * discount and the charge it leaves mirror each other. Integer division on BigInt so that large amounts
 * times a percentage never pass through an inexact float.
 */
const divideRounded = (numerator: bigint, denominator: bigint): number => {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return Number(negative ? -quotient : quotient);
};

/** Hundredths as an integer: quantities and percentages carry at most two decimals (numeric(…,2)). */
const hundredths = (value: number): bigint => BigInt(Math.round(value * 100));

/** `percent` % of `cents`, rounded half away from zero. Percentages keep two decimals (12.5 %). */
export const percentOfCents = (cents: number, percent: number): number =>
  divideRounded(BigInt(cents) * hundredths(percent), 10_000n);

/** What a redo case is charged (case-workspace §'Redo'): full price, a percent off, or nothing. */
export const redoChargeCents = (
  baseCents: number,
  charge: RedoCharge,
  discountPercent: number | null,
): number => {
  if (charge === 'free') return 0;
  if (charge === 'full') return baseCents;
  return baseCents - percentOfCents(baseCents, discountPercent ?? 0);
};

export type InvoiceLineAmounts = {
  total_qty: number | null;
  unit_price_cents: number | null;
};

/** Quantity × unit price. §5: only lines with a quantity and a unit price count; others are 0. */
export const lineTotalCents = (line: InvoiceLineAmounts): number => {
  if (line.total_qty === null || line.unit_price_cents === null) return 0;
  // Quantities may be fractional (numeric(10,2)), so the product is rounded by the money rule.
  return divideRounded(hundredths(line.total_qty) * BigInt(line.unit_price_cents), 100n);
};

/** §5: sum of line totals plus freight. */
export const invoiceTotalCents = (invoice: {
  lines: readonly InvoiceLineAmounts[];
  freight_cents: number;
}): number => invoice.lines.reduce((sum, line) => sum + lineTotalCents(line), invoice.freight_cents);

/** §5: lines by amount, largest first; equal amounts keep their order (Array.prototype.sort is stable). */
export const sortLinesByAmount = <T extends InvoiceLineAmounts>(lines: readonly T[]): T[] =>
  [...lines].sort((a, b) => lineTotalCents(b) - lineTotalCents(a));

// §9: "money shown with $". Every currency the lab bills in is a dollar; any other shows its code.
const dollarCurrencies = new Set(['AUD', 'NZD', 'USD', 'CAD', 'SGD', 'HKD']);

/** 123450, 'AUD' → '$1,234.50'; negatives '-$12.00'. Built by hand so the output does not depend on locale. */
export const formatMoney = (cents: number, currency: string): string => {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const amount = `${whole}.${String(abs % 100).padStart(2, '0')}`;
  const code = currency.toUpperCase();
  const shown = dollarCurrencies.has(code) ? `$${amount}` : `${code} ${amount}`;
  return cents < 0 ? `-${shown}` : shown;
};
