import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultToothConvention,
  fdiOfPalmer,
  fdiOfUniversal,
  fdiTeeth,
  findTooth,
  formatToothLabel,
  formatToothText,
  isFdiTooth,
  isLowerTooth,
  isUpperTooth,
  palmerOfFdi,
  parseToothText,
  permanentTeeth,
  toothConventions,
  toothTable,
  universalOfFdi,
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

  it('numbers third molars too, though the chart has none', () => {
    expect(formatToothLabel(18, 'universal')).toBe('01');
    expect(formatToothLabel(48, 'universal')).toBe('32');
    expect(formatToothLabel(38, 'palmer')).toBe('08');
  });

  it('shows a code outside the table as stored', () => {
    expect(formatToothLabel(49, 'universal')).toBe('49');
    expect(formatToothLabel(5, 'palmer')).toBe('05');
    expect(formatToothLabel(55, 'palmer')).toBe('55');
  });
});

// All 32 permanent teeth, written out by hand from a dental chart: FDI, Universal, Palmer as text.
// The chart has no primary teeth, so neither has this table.
// prettier-ignore
const permanentByHand: [fdi: number, universal: number, palmer: string][] = [
  [18, 1, 'UR 08'], [17, 2, 'UR 07'], [16, 3, 'UR 06'], [15, 4, 'UR 05'],
  [14, 5, 'UR 04'], [13, 6, 'UR 03'], [12, 7, 'UR 02'], [11, 8, 'UR 01'],
  [21, 9, 'UL 01'], [22, 10, 'UL 02'], [23, 11, 'UL 03'], [24, 12, 'UL 04'],
  [25, 13, 'UL 05'], [26, 14, 'UL 06'], [27, 15, 'UL 07'], [28, 16, 'UL 08'],
  [38, 17, 'LL 08'], [37, 18, 'LL 07'], [36, 19, 'LL 06'], [35, 20, 'LL 05'],
  [34, 21, 'LL 04'], [33, 22, 'LL 03'], [32, 23, 'LL 02'], [31, 24, 'LL 01'],
  [41, 25, 'LR 01'], [42, 26, 'LR 02'], [43, 27, 'LR 03'], [44, 28, 'LR 04'],
  [45, 29, 'LR 05'], [46, 30, 'LR 06'], [47, 31, 'LR 07'], [48, 32, 'LR 08'],
];

const anyPermanentTooth = fc.constantFrom(...permanentTeeth.map((row) => row.fdi));

describe('conversions of the 32 permanent teeth', () => {
  it("lists 32 teeth, the chart's 28 among them", () => {
    expect(permanentTeeth).toHaveLength(32);
    expect(new Set(permanentTeeth.map((row) => row.universal)).size).toBe(32);
    for (const fdi of fdiTeeth) expect(permanentTeeth.some((row) => row.fdi === fdi)).toBe(true);
  });

  it.each(permanentByHand)('FDI %i is Universal %i and Palmer %s', (fdi, universal, palmer) => {
    expect(universalOfFdi(fdi)).toBe(universal);
    expect(fdiOfUniversal(universal)).toBe(fdi);
    expect(formatToothText(fdi, 'palmer')).toBe(palmer);
    expect(parseToothText(palmer, 'palmer')).toBe(fdi);
    expect(formatToothText(fdi, 'universal')).toBe(String(universal).padStart(2, '0'));
    expect(formatToothText(fdi, 'fdi')).toBe(String(fdi));
  });

  it('round-trips FDI → Palmer text → FDI', () => {
    fc.assert(
      fc.property(anyPermanentTooth, (fdi) => {
        const text = formatToothText(fdi, 'palmer');
        expect(text).toMatch(/^(UR|UL|LL|LR) 0[1-8]$/);
        expect(parseToothText(text, 'palmer')).toBe(fdi);
      }),
    );
  });

  it('round-trips FDI → Universal → FDI, and Universal → FDI → Universal', () => {
    fc.assert(
      fc.property(anyPermanentTooth, (fdi) => {
        const universal = universalOfFdi(fdi);
        expect(universal).toBeGreaterThanOrEqual(1);
        expect(universal).toBeLessThanOrEqual(32);
        expect(fdiOfUniversal(universal ?? 0)).toBe(fdi);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32 }), (universal) => {
        expect(universalOfFdi(fdiOfUniversal(universal) ?? 0)).toBe(universal);
      }),
    );
  });

  it('round-trips every convention through its text', () => {
    fc.assert(
      fc.property(anyPermanentTooth, fc.constantFrom(...toothConventions), (fdi, convention) => {
        expect(parseToothText(formatToothText(fdi, convention), convention)).toBe(fdi);
      }),
    );
  });

  it('keeps Palmer quadrant and number one-to-one with FDI', () => {
    fc.assert(
      fc.property(anyPermanentTooth, (fdi) => {
        const palmer = palmerOfFdi(fdi);
        expect(palmer?.number).toBe(fdi % 10);
        expect(fdiOfPalmer(palmer ?? { quadrant: 'UR', number: 0 })).toBe(fdi);
      }),
    );
  });

  it('puts the quadrant where text reads Palmer, never in the chart label', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fdiTeeth), (fdi) => {
        expect(formatToothLabel(fdi, 'palmer')).toMatch(/^0[1-7]$/);
        expect(formatToothText(fdi, 'palmer').endsWith(formatToothLabel(fdi, 'palmer'))).toBe(true);
      }),
    );
    // The four teeth that are all '06' on the chart read apart as text.
    expect([16, 26, 36, 46].map((fdi) => formatToothText(fdi, 'palmer'))).toEqual([
      'UR 06',
      'UL 06',
      'LL 06',
      'LR 06',
    ]);
  });

  it('refuses text that is no tooth', () => {
    for (const text of ['', 'UR', 'UR 09', 'XX 01', '06', 'UR 0 1'])
      expect(parseToothText(text, 'palmer')).toBeNull();
    for (const text of ['0', '33', 'UR 01', '1a']) expect(parseToothText(text, 'universal')).toBeNull();
    for (const text of ['10', '19', '55', '8']) expect(parseToothText(text, 'fdi')).toBeNull();
    expect(fdiOfUniversal(0)).toBeNull();
    expect(universalOfFdi(55)).toBeNull();
  });

  it('reads Palmer text in any case and spacing', () => {
    expect(parseToothText(' ur2 ', 'palmer')).toBe(12);
    expect(parseToothText('LL 06', 'palmer')).toBe(36);
  });

  it('shows a code outside the table as stored in text too', () => {
    expect(formatToothText(55, 'palmer')).toBe('55');
    expect(formatToothText(5, 'universal')).toBe('05');
  });
});
