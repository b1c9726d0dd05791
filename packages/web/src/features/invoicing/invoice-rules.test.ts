import { describe, expect, it } from 'vitest';
import { invoiceMessages } from '@lab/domain';
import {
  addressLines,
  caseAmountCents,
  checkDraft,
  draftAmount,
  draftOf,
  invoiceStatusOf,
  newDraft,
  splitAmountCents,
  splitGroupsOf,
  toggleMoved,
} from './invoice-rules';
import { anInvoice } from './testing/invoice-fixture';

const fixed = (amountText: string) => ({ ...newDraft('k'), description: 'Rush', amountText });
const percent = (amountText: string) => ({ ...fixed(amountText), is_percentage: true });

describe('item option drafts', () => {
  it('reads dollars as cents and percentages as whole percent', () => {
    expect(draftAmount(fixed('12.5'))).toBe(1250);
    expect(draftAmount(fixed('0'))).toBe(0);
    expect(draftAmount(percent('15'))).toBe(15);
    expect(draftAmount(fixed('1.234'))).toBeNull();
    expect(draftAmount(fixed('ten'))).toBeNull();
  });

  it('shows an option stored in cents as dollars and back', () => {
    const draft = draftOf(
      { description: 'Rush', is_selected: true, amount: 2505, is_percentage: false, case_id: 1 },
      'k',
    );
    expect(draft.amountText).toBe('25.05');
    expect(draftAmount(draft)).toBe(2505);
  });

  it("gives the spec's texts", () => {
    expect(checkDraft(fixed('-5')).amount).toBe(invoiceMessages.mustBeInteger);
    expect(checkDraft(fixed('0.001')).amount).toBe(invoiceMessages.mustBeInteger);
    expect(checkDraft(fixed('')).amount).toBe(invoiceMessages.mustBeInteger);
    expect(checkDraft(percent('12.5')).amount).toBe(invoiceMessages.mustBeInteger);
    expect(checkDraft(percent('101')).amount).toBe(invoiceMessages.percentRange);
    expect(checkDraft(percent('100'))).toEqual({});
    expect(checkDraft({ ...fixed('5'), description: '  ' }).description).toBe('Cannot be blank');
  });
});

describe('split', () => {
  const invoice = anInvoice();

  it('counts only the moving lines of a case (fixed lines stay)', () => {
    expect(caseAmountCents(invoice, '120034-03')).toBe(20_000);
    expect(splitAmountCents(invoice, ['120034-02', '120034-03'])).toBe(45_000);
    expect(splitAmountCents(invoice, [])).toBe(0);
  });

  it('keeps the invoice order in both lists', () => {
    const moved = toggleMoved(toggleMoved([], '120034-03'), '120034-01');
    expect(splitGroupsOf(invoice, moved)).toEqual([['120034-02'], ['120034-01', '120034-03']]);
    expect(toggleMoved(moved, '120034-03')).toEqual(['120034-01']);
  });
});

describe('invoice display', () => {
  it('names the status', () => {
    expect(invoiceStatusOf({ finalised: false, manually_invoiced: false })).toBe('Not Finalised');
    expect(invoiceStatusOf({ finalised: true, manually_invoiced: false })).toBe('Finalised');
    expect(invoiceStatusOf({ finalised: false, manually_invoiced: true })).toBe('Manually Invoiced');
  });

  it('prints an address without its blank parts', () => {
    expect(addressLines(anInvoice().shipping_address)).toEqual(['1 Bay Street', 'Brighton VIC 3186', 'AU']);
  });
});
