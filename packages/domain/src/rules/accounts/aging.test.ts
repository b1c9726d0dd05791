import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageBalance,
  agingBandOf,
  agingBands,
  creditLeftCents,
  daysBetween,
  type OutstandingInvoice,
} from './aging';

const dayMs = 86_400_000;
const start = Date.UTC(2024, 0, 1);

/** The calendar date `offset` days after 2024-01-01, as 'YYYY-MM-DD'. */
const dayAt = (offset: number): string => new Date(start + offset * dayMs).toISOString().slice(0, 10);

const offset = fc.integer({ min: 0, max: 4 * 366 });
const date = offset.map(dayAt);
const invoice = fc.record({
  invoiceDate: date,
  outstandingCents: fc.integer({ min: -100_000, max: 10_000_000 }),
});

describe('days between two dates', () => {
  it('counts whole calendar days, across month, year and leap-day ends', () => {
    expect(daysBetween('2024-01-01', '2024-01-01')).toBe(0);
    expect(daysBetween('2024-01-31', '2024-02-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2024-03-10', '2024-03-01')).toBe(-9);
  });

  it('is the difference of the day offsets, either way round', () => {
    fc.assert(
      fc.property(offset, offset, (a, b) => {
        expect(daysBetween(dayAt(a), dayAt(b))).toBe(b - a);
        expect(daysBetween(dayAt(b), dayAt(a))).toBe(a - b);
      }),
    );
  });
});

describe('the aging band of an invoice', () => {
  it('moves to the next band on the 30th, 60th and 90th day', () => {
    const invoiceDate = '2024-01-01';
    const bandAfter = (days: number) => agingBandOf(invoiceDate, dayAt(days));
    expect(bandAfter(0)).toBe('current');
    expect(bandAfter(29)).toBe('current');
    expect(bandAfter(30)).toBe('days30');
    expect(bandAfter(59)).toBe('days30');
    expect(bandAfter(60)).toBe('days60');
    expect(bandAfter(89)).toBe('days60');
    expect(bandAfter(90)).toBe('days90');
    expect(bandAfter(1000)).toBe('days90');
  });

  it('counts from the invoice date to the day asked about, over a month end', () => {
    expect(agingBandOf('2024-01-31', '2024-02-29')).toBe('current');
    expect(agingBandOf('2024-01-31', '2024-03-01')).toBe('days30');
  });

  it('keeps an invoice dated after the day asked about current', () => {
    expect(agingBandOf('2024-06-02', '2024-06-01')).toBe('current');
    fc.assert(
      fc.property(offset, fc.integer({ min: 1, max: 500 }), (asOf, ahead) => {
        expect(agingBandOf(dayAt(asOf + ahead), dayAt(asOf))).toBe('current');
      }),
    );
  });

  it('never moves an invoice back to a younger band as time passes', () => {
    fc.assert(
      fc.property(
        offset,
        fc.integer({ min: -100, max: 400 }),
        fc.integer({ min: 0, max: 200 }),
        (d, age, later) => {
          const earlier = agingBands.indexOf(agingBandOf(dayAt(d), dayAt(d + age)));
          const after = agingBands.indexOf(agingBandOf(dayAt(d), dayAt(d + age + later)));
          expect(after).toBeGreaterThanOrEqual(earlier);
        },
      ),
    );
  });
});

describe('the aged balance', () => {
  it('puts each invoice in its band', () => {
    const invoices: OutstandingInvoice[] = [
      { invoiceDate: '2024-06-30', outstandingCents: 100 },
      { invoiceDate: '2024-06-01', outstandingCents: 200 },
      { invoiceDate: '2024-05-31', outstandingCents: 400 },
      { invoiceDate: '2024-04-02', outstandingCents: 800 },
      { invoiceDate: '2024-04-01', outstandingCents: 1600 },
      { invoiceDate: '2024-07-15', outstandingCents: 3200 },
    ];
    expect(ageBalance(invoices, '2024-06-30')).toEqual({
      current: 100 + 200 + 3200,
      days30: 400,
      days60: 800,
      days90: 1600,
      totalCents: 6300,
    });
  });

  it('is all zero with nothing outstanding', () => {
    expect(ageBalance([], '2024-06-30')).toEqual({
      current: 0,
      days30: 0,
      days60: 0,
      days90: 0,
      totalCents: 0,
    });
  });

  it('splits the whole balance over the bands, for any invoices', () => {
    fc.assert(
      fc.property(fc.array(invoice, { maxLength: 40 }), date, (invoices, asOf) => {
        const aging = ageBalance(invoices, asOf);
        const outstanding = invoices.reduce((sum, item) => sum + item.outstandingCents, 0);
        const bands = agingBands.reduce((sum, band) => sum + aging[band], 0);
        expect(aging.totalCents).toBe(outstanding);
        expect(bands).toBe(aging.totalCents);
      }),
    );
  });

  it('gives each band exactly the invoices whose band it is', () => {
    fc.assert(
      fc.property(fc.array(invoice, { maxLength: 40 }), date, (invoices, asOf) => {
        const aging = ageBalance(invoices, asOf);
        for (const band of agingBands) {
          const inBand = invoices.filter((item) => agingBandOf(item.invoiceDate, asOf) === band);
          expect(aging[band]).toBe(inBand.reduce((sum, item) => sum + item.outstandingCents, 0));
        }
      }),
    );
  });

  it('does not depend on the order of the invoices', () => {
    fc.assert(
      fc.property(fc.array(invoice, { maxLength: 40 }), date, (invoices, asOf) => {
        expect(ageBalance(invoices.toReversed(), asOf)).toEqual(ageBalance(invoices, asOf));
      }),
    );
  });
});

describe('the credit left', () => {
  it('is nothing to show when the client has no limit', () => {
    expect(creditLeftCents(null, 0)).toBeNull();
    expect(creditLeftCents(null, 1_000_000)).toBeNull();
  });

  it('is the limit less the balance, below zero when over it', () => {
    expect(creditLeftCents(500_000, 120_000)).toBe(380_000);
    expect(creditLeftCents(500_000, 500_000)).toBe(0);
    expect(creditLeftCents(500_000, 650_000)).toBe(-150_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -1_000_000, max: 20_000_000 }),
        (limit, balance) => {
          const left = creditLeftCents(limit, balance);
          expect(left).toBe(limit - balance);
          expect(left !== null && left < 0).toBe(balance > limit);
        },
      ),
    );
  });
});
