import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToMoneyText,
  formatMoney,
  invoiceTotalCents,
  lineTotalCents,
  parseMoneyCents,
  percentOfCents,
  redoChargeCents,
  sortLinesByAmount,
} from './invoice-total';

// Expectations from collection-views §5 'Invoice total', §9 ('money shown with $') and the redo charges
// of case-workspace (full, discount (a percent), free).

const line = (total_qty: number | null, unit_price_cents: number | null) => ({ total_qty, unit_price_cents });

describe('money text', () => {
  it('reads the database numeric text as exact cents', () => {
    expect(parseMoneyCents('1234.50')).toBe(123450);
    expect(parseMoneyCents('1234.5')).toBe(123450);
    expect(parseMoneyCents('7')).toBe(700);
    expect(parseMoneyCents('-0.05')).toBe(-5);
    expect(parseMoneyCents('0.10')).toBe(10);
  });

  it('refuses text that is not money rather than rounding it', () => {
    for (const text of ['', 'abc', '1.234', '1,234.00', '$5', '1.']) expect(parseMoneyCents(text)).toBeNull();
  });

  it('round-trips any amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(parseMoneyCents(centsToMoneyText(cents))).toBe(cents);
      }),
    );
  });
});

describe('lineTotalCents', () => {
  it('is quantity × unit price', () => {
    expect(lineTotalCents(line(3, 12_550))).toBe(37_650);
  });

  // §5: "only lines with quantity and unit price".
  it('counts a line without quantity or unit price as 0', () => {
    expect(lineTotalCents(line(null, 12_550))).toBe(0);
    expect(lineTotalCents(line(2, null))).toBe(0);
    expect(lineTotalCents(line(null, null))).toBe(0);
  });

  it('rounds a fractional quantity half away from zero on cents', () => {
    expect(lineTotalCents(line(0.5, 101))).toBe(51); // 50.5 → 51
    expect(lineTotalCents(line(0.5, -101))).toBe(-51); // -50.5 → -51
    expect(lineTotalCents(line(1.15, 100))).toBe(115); // no float drift from 1.15 × 100
  });
});

describe('invoiceTotalCents', () => {
  it('adds freight to the line totals', () => {
    const lines = [line(2, 10_000), line(1, 4_550), line(null, 99_999)];
    expect(invoiceTotalCents({ lines, freight_cents: 1_500 })).toBe(26_050);
  });

  it('is the freight alone with no lines', () => {
    expect(invoiceTotalCents({ lines: [], freight_cents: 995 })).toBe(995);
  });

  it('never drifts by a cent: the total is the exact sum of its parts', () => {
    const anyLine = fc.record({
      total_qty: fc.option(fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100)),
      unit_price_cents: fc.option(fc.integer({ min: -1e7, max: 1e7 })),
    });
    fc.assert(
      fc.property(
        fc.array(anyLine, { maxLength: 40 }),
        fc.integer({ min: 0, max: 1e6 }),
        (lines, freight) => {
          const parts = lines.map(lineTotalCents);
          for (const part of parts) expect(Number.isInteger(part)).toBe(true);
          const total = invoiceTotalCents({ lines, freight_cents: freight });
          expect(total).toBe(parts.reduce((a, b) => a + b, 0) + freight);
          // The decimal text adds up the same way, so the database and the domain agree.
          expect(parseMoneyCents(centsToMoneyText(total))).toBe(total);
        },
      ),
    );
  });
});

describe('sortLinesByAmount', () => {
  it('puts the largest amount first and keeps equal amounts in order', () => {
    const lines = [
      { id: 'a', ...line(1, 100) },
      { id: 'b', ...line(null, 500) },
      { id: 'c', ...line(2, 500) },
      { id: 'd', ...line(1, 100) },
      { id: 'e', ...line(1, 0) },
    ];
    expect(sortLinesByAmount(lines).map((l) => l.id)).toEqual(['c', 'a', 'd', 'b', 'e']);
  });

  it('is a permutation, sorted descending, stable, and leaves its input alone', () => {
    const anyLine = fc.record({
      total_qty: fc.option(fc.integer({ min: 0, max: 5 })),
      unit_price_cents: fc.option(fc.integer({ min: 0, max: 3 })),
    });
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 30 }), (raw) => {
        const lines = raw.map((l, index) => ({ ...l, index }));
        const before = [...lines];
        const sorted = sortLinesByAmount(lines);
        expect(lines).toEqual(before);
        expect([...sorted].sort((a, b) => a.index - b.index)).toEqual(lines);
        sorted.slice(1).forEach((next, i) => {
          const prev = sorted[i];
          if (!prev) throw new Error('unreachable');
          const [p, n] = [lineTotalCents(prev), lineTotalCents(next)];
          expect(p).toBeGreaterThanOrEqual(n);
          if (p === n) expect(prev.index).toBeLessThan(next.index);
        });
      }),
    );
  });
});

describe('percentOfCents', () => {
  it('rounds half away from zero on cents', () => {
    expect(percentOfCents(1_005, 10)).toBe(101); // 100.5 → 101
    expect(percentOfCents(-1_005, 10)).toBe(-101);
    expect(percentOfCents(1_004, 10)).toBe(100);
    expect(percentOfCents(999, 12.5)).toBe(125); // 124.875 → 125
  });

  it('stays between 0 and the base for 0–100 %', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
        (cents, percent) => {
          const part = percentOfCents(cents, percent);
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(cents);
        },
      ),
    );
    expect(percentOfCents(12_345, 0)).toBe(0);
    expect(percentOfCents(12_345, 100)).toBe(12_345);
  });
});

describe('redoChargeCents', () => {
  it('charges the full price, a percent off, or nothing', () => {
    expect(redoChargeCents(20_000, 'full', null)).toBe(20_000);
    expect(redoChargeCents(20_000, 'free', null)).toBe(0);
    expect(redoChargeCents(20_000, 'discount', 25)).toBe(15_000);
    expect(redoChargeCents(1_005, 'discount', 10)).toBe(904); // discount 101, charge 904: sums to base
    expect(redoChargeCents(20_000, 'discount', null)).toBe(20_000);
  });

  it('keeps charge plus discount equal to the base', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 10_000 }), (base, h) => {
        const charge = redoChargeCents(base, 'discount', h / 100);
        expect(charge + percentOfCents(base, h / 100)).toBe(base);
        expect(charge).toBeGreaterThanOrEqual(0);
        expect(charge).toBeLessThanOrEqual(base);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('shows dollars with a $ sign, thousands separators and two decimals', () => {
    expect(formatMoney(123_450, 'AUD')).toBe('$1,234.50');
    expect(formatMoney(5, 'NZD')).toBe('$0.05');
    expect(formatMoney(0, 'AUD')).toBe('$0.00');
    expect(formatMoney(123_456_789_00, 'AUD')).toBe('$123,456,789.00');
    expect(formatMoney(-1_200, 'aud')).toBe('-$12.00');
  });

  it('names a currency that is not a dollar', () => {
    expect(formatMoney(123_450, 'EUR')).toBe('EUR 1,234.50');
  });
});
