import { describe, expect, it } from 'vitest';
import {
  checkboxStates,
  isItemVisible,
  legacyQcUrl,
  listEntriesToMarkDone,
  readDepartmentFilter,
} from './checklist-rules';
import { anItem } from './testing/checklist-fixture';

describe('readDepartmentFilter', () => {
  it("takes the page's department, else the user's own, else ALL", () => {
    expect(readDepartmentFilter('MACHINING', 'POLISHING')).toBe('MACHINING');
    expect(readDepartmentFilter('all', 'POLISHING')).toBe('ALL');
    expect(readDepartmentFilter(null, 'POLISHING')).toBe('POLISHING');
    expect(readDepartmentFilter('SOMETHING', 'DESIGN')).toBe('DESIGN');
    // Sales and support have no checklist items of their own.
    expect(readDepartmentFilter(null, 'SALES')).toBe('ALL');
    expect(readDepartmentFilter(null, null)).toBe('ALL');
  });

  it('shows every department under ALL, one department otherwise', () => {
    expect(isItemVisible({ department: 'DESIGN' }, 'ALL')).toBe(true);
    expect(isItemVisible({ department: 'DESIGN' }, 'DESIGN')).toBe(true);
    expect(isItemVisible({ department: 'DESIGN' }, 'POLISHING')).toBe(false);
  });
});

describe('checkboxStates', () => {
  it('disables the other box while one is ticked', () => {
    expect(checkboxStates({ done: false, not_required: false })).toEqual({
      done: { isChecked: false, isDisabled: false },
      notRequired: { isChecked: false, isDisabled: false },
    });
    expect(checkboxStates({ done: true, not_required: false })).toEqual({
      done: { isChecked: true, isDisabled: false },
      notRequired: { isChecked: false, isDisabled: true },
    });
    expect(checkboxStates({ done: false, not_required: true })).toEqual({
      done: { isChecked: false, isDisabled: true },
      notRequired: { isChecked: true, isDisabled: false },
    });
  });
});

describe('listEntriesToMarkDone', () => {
  it('keeps only the items neither done nor not required', () => {
    const open = anItem();
    const entries = [anItem({ done: true }), open, anItem({ not_required: true })].map((item) => ({
      caseUid: 'c',
      caseMkey: '120034-01',
      item,
    }));
    expect(listEntriesToMarkDone(entries).map((entry) => entry.item)).toEqual([open]);
  });
});

describe('legacyQcUrl', () => {
  it("is the order-entry platform's /case/{uid}/qc-checklist/", () => {
    expect(legacyQcUrl('https://order.example.com/', 'abc')).toBe(
      'https://order.example.com/case/abc/qc-checklist/',
    );
    expect(legacyQcUrl('https://order.example.com', 'abc')).toBe(
      'https://order.example.com/case/abc/qc-checklist/',
    );
  });
});
