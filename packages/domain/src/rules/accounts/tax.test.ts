import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceTotalCents } from '../invoicing/invoice-total';
import { allocateTaxCents, amountsOfTotal, invoiceAmounts, taxRateFor, taxRates, type TaxRate } from './tax';

const rateOf = (country: string): TaxRate => {
  const taxRate = taxRates[country];
  if (!taxRate) throw new Error(`no tax rate for ${country}`);
  return taxRate;
};
const au = rateOf('AU');
const nz = rateOf('NZ');

const rate = fc.constantFrom<TaxRate | null>(au, nz, null);
const cents = fc.integer({ min: -10_000_000, max: 100_000_000 });
const country = fc.constantFrom('AU', 'NZ', 'US', 'GB', 'SG');

const line = fc.record({
  total_qty: fc.option(
    fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100),
    { nil: null },
  ),
  unit_price_cents: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
});

describe('the tax rates', () => {
  it('charges GST at 10 % in Australia and 15 % in New Zealand', () => {
    expect(taxRateFor('AU', 'AU')).toMatchObject({ name: 'GST', percent: 10 });
    expect(taxRateFor('NZ', 'NZ')).toMatchObject({ name: 'GST', percent: 15 });
  });

  it('names the law each rate comes from', () => {
    for (const taxRate of Object.values(taxRates)) expect(taxRate.source).not.toBe('');
  });

  it('charges no tax to a client in another country than the branch (an export)', () => {
    expect(taxRateFor('AU', 'NZ')).toBeNull();
    expect(taxRateFor('NZ', 'AU')).toBeNull();
    fc.assert(
      fc.property(country, country, (branch, client) => {
        fc.pre(branch !== client);
        expect(taxRateFor(branch, client)).toBeNull();
      }),
    );
  });

  it('charges no tax when either country is unknown or has no rate here', () => {
    expect(taxRateFor(null, 'AU')).toBeNull();
    expect(taxRateFor('AU', null)).toBeNull();
    expect(taxRateFor(null, null)).toBeNull();
    expect(taxRateFor('', '')).toBeNull();
    expect(taxRateFor('US', 'US')).toBeNull();
    expect(taxRateFor('GB', 'GB')).toBeNull();
  });

  it("charges the branch's own rate when the client is in the same country", () => {
    fc.assert(
      fc.property(fc.constantFrom('AU', 'NZ'), (both) => {
        expect(taxRateFor(both, both)).toBe(taxRates[both]);
      }),
    );
  });
});

describe('the amounts of an invoice', () => {
  it('works the tax out on the total by the money rule, in concrete cents', () => {
    expect(amountsOfTotal(12345, au)).toEqual({ exCents: 12345, taxCents: 1235, incCents: 13580 });
    expect(amountsOfTotal(10000, au)).toEqual({ exCents: 10000, taxCents: 1000, incCents: 11000 });
    expect(amountsOfTotal(10000, nz)).toEqual({ exCents: 10000, taxCents: 1500, incCents: 11500 });
    expect(amountsOfTotal(12345, nz)).toEqual({ exCents: 12345, taxCents: 1852, incCents: 14197 });
    expect(amountsOfTotal(0, au)).toEqual({ exCents: 0, taxCents: 0, incCents: 0 });
  });

  it('rounds a half cent of tax away from zero', () => {
    // 10 % of 5 cents is 0.5; 15 % of 10 cents is 1.5, of 30 cents 4.5.
    expect(amountsOfTotal(5, au).taxCents).toBe(1);
    expect(amountsOfTotal(-5, au).taxCents).toBe(-1);
    expect(amountsOfTotal(12345, au).taxCents).toBe(1235);
    expect(amountsOfTotal(-12345, au).taxCents).toBe(-1235);
    expect(amountsOfTotal(10, nz).taxCents).toBe(2);
    expect(amountsOfTotal(30, nz).taxCents).toBe(5);
    expect(amountsOfTotal(-30, nz).taxCents).toBe(-5);
    // Just under half a cent rounds down: 15 % of 3 cents is 0.45.
    expect(amountsOfTotal(3, nz).taxCents).toBe(0);
  });

  it('adds no tax without a rate', () => {
    expect(amountsOfTotal(12345, null)).toEqual({ exCents: 12345, taxCents: 0, incCents: 12345 });
  });

  it('always makes ex + tax = inc', () => {
    fc.assert(
      fc.property(cents, rate, (exCents, taxRate) => {
        const amounts = amountsOfTotal(exCents, taxRate);
        expect(amounts.exCents).toBe(exCents);
        expect(amounts.exCents + amounts.taxCents).toBe(amounts.incCents);
        expect(Number.isInteger(amounts.taxCents)).toBe(true);
      }),
    );
  });

  it('keeps the tax within half a cent of ex × the percent', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(au, nz), (exCents, taxRate) => {
        const { taxCents } = amountsOfTotal(exCents, taxRate);
        expect(Math.abs(taxCents * 100 - exCents * taxRate.percent)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it('rounds an exact half cent away from zero, whatever the amount', () => {
    // 10 % of (10k + 5) cents is k + 0.5 cents.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (k) => {
        expect(amountsOfTotal(10 * k + 5, au).taxCents).toBe(k + 1);
        expect(amountsOfTotal(-(10 * k + 5), au).taxCents).toBe(-(k + 1));
      }),
    );
  });

  it('mirrors the tax of a credit (a negative total)', () => {
    fc.assert(
      fc.property(cents, rate, (exCents, taxRate) => {
        expect(amountsOfTotal(-exCents, taxRate).taxCents + amountsOfTotal(exCents, taxRate).taxCents).toBe(
          0,
        );
      }),
    );
  });

  it("takes the invoice's ex-tax total as its lines plus freight", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        rate,
        (lines, freight_cents, taxRate) => {
          const invoice = { lines, freight_cents };
          const amounts = invoiceAmounts(invoice, taxRate);
          expect(amounts.exCents).toBe(invoiceTotalCents(invoice));
          expect(amounts).toEqual(amountsOfTotal(invoiceTotalCents(invoice), taxRate));
          expect(amounts.exCents + amounts.taxCents).toBe(amounts.incCents);
        },
      ),
    );
  });

  it('taxes the whole invoice once, lines and freight together', () => {
    const invoice = {
      lines: [
        { total_qty: 2, unit_price_cents: 12_500 },
        { total_qty: 1.5, unit_price_cents: 3_333 },
        { total_qty: null, unit_price_cents: 9_999 },
      ],
      freight_cents: 1_500,
    };
    // 25000 + 5000 (4999.5 rounded) + 0 + 1500 = 31500; 10 % = 3150.
    expect(invoiceAmounts(invoice, au)).toEqual({ exCents: 31_500, taxCents: 3_150, incCents: 34_650 });
    expect(invoiceAmounts(invoice, null)).toEqual({ exCents: 31_500, taxCents: 0, incCents: 31_500 });
  });
});

describe('the tax spread over an import’s rows', () => {
  it('always adds up to the invoice’s tax, each row within a cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (rows, tax) => {
          const shares = allocateTaxCents(rows, tax);
          const total = rows.reduce((sum, cents) => sum + cents, 0);
          expect(shares).toHaveLength(rows.length);
          if (total === 0) return expect(shares.every((share) => share === 0)).toBe(true);
          expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(tax);
          rows.forEach((cents, index) =>
            expect(Math.abs((shares[index] ?? 0) - (cents * tax) / total)).toBeLessThan(1),
          );
        },
      ),
    );
  });

  it('gives the leftover cent to the largest remainder, the first of equal ones', () => {
    expect(allocateTaxCents([100, 100, 100], 10)).toEqual([4, 3, 3]);
    expect(allocateTaxCents([50_100, 1_500], 5_160)).toEqual([5_010, 150]);
  });
});
