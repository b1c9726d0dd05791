import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceMessages } from './invoice-messages';
import { applyItemOptions, checkItemOptionAmount, itemOptionSchema, type ItemOption } from './item-options';

// Expectations from collection-views §3 'Item option' and §5: "Item options amount: 'Value must be an
// integer' when negative; percentage options 'Value must be between 0 and 100' when above 100."

const option = (over: Partial<ItemOption> = {}): ItemOption => ({
  description: 'Gold screw',
  is_selected: true,
  amount: 2_500,
  is_percentage: false,
  case_id: 7,
  ...over,
});

const amountError = (value: unknown): string | undefined => {
  const result = itemOptionSchema.safeParse(value);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === 'amount')?.message;
};

describe('item option amount', () => {
  it('accepts whole amounts from 0 up, and percentages up to 100', () => {
    expect(checkItemOptionAmount(0, false)).toBeNull();
    expect(checkItemOptionAmount(1_000_000, false)).toBeNull();
    expect(checkItemOptionAmount(0, true)).toBeNull();
    expect(checkItemOptionAmount(100, true)).toBeNull();
  });

  it("answers 'Value must be an integer' for a negative or fractional amount", () => {
    expect(checkItemOptionAmount(-1, false)).toBe('Value must be an integer');
    expect(checkItemOptionAmount(-1, true)).toBe('Value must be an integer');
    expect(checkItemOptionAmount(1.5, false)).toBe('Value must be an integer');
    expect(checkItemOptionAmount(Number.NaN, false)).toBe('Value must be an integer');
  });

  it("answers 'Value must be between 0 and 100' for a percentage above 100 only", () => {
    expect(checkItemOptionAmount(101, true)).toBe('Value must be between 0 and 100');
    expect(checkItemOptionAmount(101, false)).toBeNull();
  });

  it('gives the same messages through the schema, on amount', () => {
    expect(itemOptionSchema.parse(option())).toEqual(option());
    expect(amountError(option({ amount: -5 }))).toBe(invoiceMessages.mustBeInteger);
    expect(amountError(option({ amount: 150, is_percentage: true }))).toBe(invoiceMessages.percentRange);
    expect(amountError({ ...option(), amount: 'ten' })).toBe(invoiceMessages.mustBeInteger);
  });
});

describe('applyItemOptions', () => {
  it('adds a line per selected option: fixed cents as is, percentages of the base', () => {
    const options = [
      option(),
      option({ description: 'Rush', amount: 10, is_percentage: true }),
      option({ description: 'Not chosen', is_selected: false, amount: 99_999 }),
    ];
    expect(applyItemOptions(12_345, options)).toEqual([
      { case_id: 7, description: 'Gold screw', amount_cents: 2_500 },
      { case_id: 7, description: 'Rush', amount_cents: 1_235 }, // 1234.5 → 1235, half away from zero
    ]);
  });

  it('adds nothing without selected options', () => {
    expect(applyItemOptions(12_345, [])).toEqual([]);
    expect(applyItemOptions(12_345, [option({ is_selected: false })])).toEqual([]);
  });

  it('keeps a percentage option between 0 and the base, whatever the order of options', () => {
    const anyOption = fc.record({
      description: fc.string(),
      is_selected: fc.boolean(),
      amount: fc.integer({ min: 0, max: 100 }),
      is_percentage: fc.boolean(),
      case_id: fc.integer({ min: 1, max: 1e6 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.array(anyOption, { maxLength: 10 }),
        (base, options) => {
          const lines = applyItemOptions(base, options);
          expect(lines).toHaveLength(options.filter((o) => o.is_selected).length);
          const selected = options.filter((o) => o.is_selected);
          lines.forEach((added, i) => {
            expect(Number.isInteger(added.amount_cents)).toBe(true);
            if (selected[i]?.is_percentage) {
              expect(added.amount_cents).toBeGreaterThanOrEqual(0);
              expect(added.amount_cents).toBeLessThanOrEqual(base);
            }
          });
          const reversed = applyItemOptions(base, [...options].reverse());
          expect(reversed.map((l) => l.amount_cents)).toEqual(lines.map((l) => l.amount_cents).reverse());
        },
      ),
    );
  });
});
