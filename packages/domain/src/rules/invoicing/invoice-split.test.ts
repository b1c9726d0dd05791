import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceMessages } from './invoice-messages';
import {
  canConfirmSplit,
  splitRefusal,
  canMoveLine,
  canSplitInvoice,
  checkSplitAmount,
  splitInvoice,
  splitByArch,
  splitInvoiceSchema,
} from './invoice-split';

// Expectations from collection-views §5 'Invoice split' and §7 (split_invoice: invoice_group_uid, groups:
// two lists of cases).

describe('canSplitInvoice', () => {
  it('allows a split only when the invoice allows it and covers more than one case', () => {
    expect(canSplitInvoice({ split_invoice_allowed: true, related_case_count: 2 })).toBe(true);
    expect(canSplitInvoice({ split_invoice_allowed: true, related_case_count: 1 })).toBe(false);
    expect(canSplitInvoice({ split_invoice_allowed: false, related_case_count: 3 })).toBe(false);
  });

  it('keeps fixed lines in place', () => {
    expect(canMoveLine({ is_fixed: true })).toBe(false);
    expect(canMoveLine({ is_fixed: false })).toBe(true);
  });
});

describe('checkSplitAmount', () => {
  it("answers 'Value must be more than $0' for 0 or less", () => {
    expect(checkSplitAmount(0, 10_000)).toBe('Value must be more than $0');
    expect(checkSplitAmount(-1, 10_000)).toBe('Value must be more than $0');
  });

  it("answers 'Value must not exceed Total Amount' unless something is left", () => {
    expect(checkSplitAmount(10_000, 10_000)).toBe('Value must not exceed Total Amount');
    expect(checkSplitAmount(10_001, 10_000)).toBe('Value must not exceed Total Amount');
    expect(checkSplitAmount(9_999, 10_000)).toBeNull();
    expect(checkSplitAmount(1, 10_000)).toBeNull();
  });
});

describe('splitRefusal', () => {
  it('says why a split cannot be confirmed: a side without a case, then the amount', () => {
    const ok = { groups: [['A'], ['B']] as const, split_cents: 5_000, total_cents: 10_000 };
    expect(splitRefusal(ok)).toBeNull();
    expect(splitRefusal({ ...ok, groups: [[], ['A', 'B']] })).toBe(invoiceMessages.splitGroupEmpty);
    expect(splitRefusal({ ...ok, groups: [['A', 'B'], []] })).toBe(invoiceMessages.splitGroupEmpty);
    expect(splitRefusal({ ...ok, split_cents: 0 })).toBe(checkSplitAmount(0, 10_000));
  });
});

describe('canConfirmSplit', () => {
  const ok = { groups: [['A'], ['B']] as const, split_cents: 5_000, total_cents: 10_000 };

  it('is enabled with two non-empty groups and a split leaving both sides positive', () => {
    expect(canConfirmSplit(ok)).toBe(true);
  });

  it('is disabled when either list is empty, the split is 0, or nothing is left', () => {
    expect(canConfirmSplit({ ...ok, groups: [[], ['B']] })).toBe(false);
    expect(canConfirmSplit({ ...ok, groups: [['A'], []] })).toBe(false);
    expect(canConfirmSplit({ ...ok, split_cents: 0 })).toBe(false);
    expect(canConfirmSplit({ ...ok, split_cents: 10_000 })).toBe(false);
  });
});

describe('splitInvoiceSchema', () => {
  const uid = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const messages = (value: unknown) => {
    const result = splitInvoiceSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('takes the invoice group and two lists of cases', () => {
    expect(splitInvoiceSchema.parse({ invoice_group_uid: uid, groups: [['A1', 'A2'], ['B1']] })).toEqual({
      invoice_group_uid: uid,
      groups: [['A1', 'A2'], ['B1']],
    });
  });

  it('refuses an empty group, a case on both sides, or a third group', () => {
    expect(messages({ invoice_group_uid: uid, groups: [[], ['B1']] })).toContain(
      invoiceMessages.splitGroupEmpty,
    );
    expect(messages({ invoice_group_uid: uid, groups: [['A1'], ['A1']] })).toContain(
      invoiceMessages.splitCaseTwice,
    );
    expect(messages({ invoice_group_uid: uid, groups: [['A1'], ['B1'], ['C1']] })).not.toEqual([]);
    expect(messages({ invoice_group_uid: 'nope', groups: [['A1'], ['B1']] })).not.toEqual([]);
  });
});

describe('splitInvoice', () => {
  it('moves the amount and leaves the rest on the first invoice', () => {
    expect(splitInvoice(10_000, [3_333])).toEqual({ ok: true, parts: [3_333, 6_667] });
    expect(splitInvoice(10_000, [1_000, 2_000])).toEqual({ ok: true, parts: [1_000, 2_000, 7_000] });
  });

  it('refuses with the spec messages', () => {
    expect(splitInvoice(10_000, [0])).toEqual({ ok: false, message: invoiceMessages.splitMustBePositive });
    expect(splitInvoice(10_000, [])).toEqual({ ok: false, message: invoiceMessages.splitMustBePositive });
    expect(splitInvoice(10_000, [10_000])).toEqual({ ok: false, message: invoiceMessages.splitExceedsTotal });
    expect(splitInvoice(10_000, [6_000, 4_000])).toEqual({
      ok: false,
      message: invoiceMessages.splitExceedsTotal,
    });
    expect(splitInvoice(10_000, [0.5])).toEqual({ ok: false, message: invoiceMessages.splitMustBePositive });
  });

  it('conserves the total exactly, with every part above 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e12 }),
        fc.array(fc.integer({ min: -10, max: 1e11 }), { maxLength: 5 }),
        (total, amounts) => {
          const result = splitInvoice(total, amounts);
          if (!result.ok) return;
          expect(result.parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(result.parts).toHaveLength(amounts.length + 1);
          for (const part of result.parts) expect(part).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('accepts exactly the splits that leave every part positive', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1e9 }), fc.integer({ min: -5, max: 1e9 }), (total, amount) => {
        expect(splitInvoice(total, [amount]).ok).toBe(amount > 0 && amount < total);
      }),
    );
  });
});

describe('splitByArch', () => {
  it('puts lower teeth (above 30) on the second list and keeps the rest on the first', () => {
    const [upper, lower] = splitByArch([
      { case_mkey: 'A', teeth: [11, 21], dentate: 'UPPER' },
      { case_mkey: 'B', teeth: [36, 46], dentate: 'LOWER' },
      { case_mkey: 'C', teeth: [16, 36], dentate: 'BOTH' },
      { case_mkey: 'D', teeth: [], dentate: 'LOWER' },
      { case_mkey: 'E', teeth: [], dentate: null },
    ]);
    expect(upper).toEqual(['A', 'C', 'E']);
    expect(lower).toEqual(['B', 'D']);
  });

  it('places every case exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            case_mkey: fc.uuid(),
            teeth: fc.array(fc.integer({ min: 11, max: 47 })),
            dentate: fc.constantFrom('UPPER', 'LOWER', 'BOTH', 'NONE', null),
          }),
        ),
        (cases) => {
          const [a, b] = splitByArch(cases);
          expect([...a, ...b].sort()).toEqual(cases.map((c) => c.case_mkey).sort());
        },
      ),
    );
  });
});
