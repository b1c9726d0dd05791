import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultToothConvention,
  fdiTeeth,
  findTooth,
  formatToothLabel,
  isFdiTooth,
  isLowerTooth,
  isUpperTooth,
  toothConventions,
  toothTable,
} from './teeth';

// Written out by hand from a dental chart, independently of the formulas in teeth.ts.
// prettier-ignore
const universalByFdi: Record<number, number> = {
  11: 8, 12: 7, 13: 6, 14: 5, 15: 4, 16: 3, 17: 2,
  21: 9, 22: 10, 23: 11, 24: 12, 25: 13, 26: 14, 27: 15,
  31: 24, 32: 23, 33: 22, 34: 21, 35: 20, 36: 19, 37: 18,
  41: 25, 42: 26, 43: 27, 44: 28, 45: 29, 46: 30, 47: 31,
};

describe('tooth table', () => {
  it('lists the 28 FDI teeth the lab works on, in order', () => {
    expect(fdiTeeth).toEqual([
      11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45,
      46, 47,
    ]);
  });

  it('maps every FDI code to its Universal number', () => {
    for (const row of toothTable)
      expect([row.fdi, row.universal]).toEqual([row.fdi, universalByFdi[row.fdi]]);
    expect(toothTable).toHaveLength(Object.keys(universalByFdi).length);
  });

  it('uses each Universal number once', () => {
    expect(new Set(toothTable.map((row) => row.universal)).size).toBe(28);
  });

  it('maps FDI to Palmer quadrant and number', () => {
    expect(findTooth(11)?.palmer).toEqual({ quadrant: 'UR', number: 1 });
    expect(findTooth(17)?.palmer).toEqual({ quadrant: 'UR', number: 7 });
    expect(findTooth(23)?.palmer).toEqual({ quadrant: 'UL', number: 3 });
    expect(findTooth(36)?.palmer).toEqual({ quadrant: 'LL', number: 6 });
    expect(findTooth(45)?.palmer).toEqual({ quadrant: 'LR', number: 5 });
    for (const row of toothTable) expect(row.palmer.number).toBe(row.fdi % 10);
  });

  it('knows which codes are teeth', () => {
    for (const fdi of [11, 17, 21, 27, 31, 37, 41, 47]) expect(isFdiTooth(fdi)).toBe(true);
    for (const fdi of [0, 10, 18, 28, 30, 38, 48, 51, 8]) expect(isFdiTooth(fdi)).toBe(false);
    expect(findTooth(18)).toBeNull();
  });

  it('splits upper and lower at 30', () => {
    expect(fdiTeeth.filter(isUpperTooth)).toEqual([11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27]);
    expect(fdiTeeth.filter(isLowerTooth)).toEqual([31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 47]);
  });

  it('puts every tooth in exactly one jaw', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fdiTeeth), (fdi) => {
        expect(isUpperTooth(fdi)).not.toBe(isLowerTooth(fdi));
      }),
    );
  });
});

describe('formatToothLabel', () => {
  it('defaults to FDI', () => {
    expect(defaultToothConvention).toBe('fdi');
    expect(formatToothLabel(11)).toBe('11');
    expect(formatToothLabel(47, 'fdi')).toBe('47');
  });

  it('zero-pads Universal and Palmer labels to 2 characters', () => {
    expect(formatToothLabel(11, 'universal')).toBe('08');
    expect(formatToothLabel(17, 'universal')).toBe('02');
    expect(formatToothLabel(21, 'universal')).toBe('09');
    expect(formatToothLabel(27, 'universal')).toBe('15');
    expect(formatToothLabel(37, 'universal')).toBe('18');
    expect(formatToothLabel(31, 'universal')).toBe('24');
    expect(formatToothLabel(41, 'universal')).toBe('25');
    expect(formatToothLabel(47, 'universal')).toBe('31');
    expect(formatToothLabel(11, 'palmer')).toBe('01');
    expect(formatToothLabel(46, 'palmer')).toBe('06');
  });

  it('gives a 2-character label for every tooth in every convention', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fdiTeeth), fc.constantFrom(...toothConventions), (fdi, convention) => {
        expect(formatToothLabel(fdi, convention)).toMatch(/^\d\d$/);
      }),
    );
  });

  it('shows a code outside the table as stored', () => {
    expect(formatToothLabel(48, 'universal')).toBe('48');
    expect(formatToothLabel(5, 'palmer')).toBe('05');
  });
});
