import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lotsOfPickedLines, type PickedLine } from './pick-lots';

const screw: PickedLine = { code: 'SCR-NB-CCRP', type: 'screw' };
const tibase: PickedLine = { code: 'TIB-NB-CCRP', type: 'tibase' };
const analog: PickedLine = { code: 'ANA-NB-RP', type: 'analog' };

describe('the lots of a picked slip’s lines', () => {
  it('reads a list as long as the lines line by line', () => {
    expect(lotsOfPickedLines([screw, tibase], ['L1', ' T9 '])).toEqual([['L1'], ['T9']]);
  });

  it('gives every line every lot of a list that does not match the lines', () => {
    expect(lotsOfPickedLines([screw, tibase], ['L1'])).toEqual([['L1'], ['L1']]);
    expect(lotsOfPickedLines([screw], ['L1', 'L1', 'L2'])).toEqual([['L1', 'L2']]);
  });

  it('gives a group’s lots to the lines of its kind, whatever the case of its name', () => {
    expect(lotsOfPickedLines([screw, tibase, analog], { Screws: ['L1'], 'ti-bases': ['T9', 'T10'] })).toEqual(
      [['L1'], ['T9', 'T10'], []],
    );
  });

  it('gives a group that names no line’s kind to every line (a recall lists too many rather than miss one)', () => {
    expect(lotsOfPickedLines([screw, tibase], { Box: ['B7'] })).toEqual([['B7'], ['B7']]);
  });

  it('has no lots for a slip without lot numbers, and skips blanks', () => {
    expect(lotsOfPickedLines([screw], null)).toEqual([[]]);
    expect(lotsOfPickedLines([screw, tibase], ['', 'T9'])).toEqual([[], ['T9']]);
    expect(lotsOfPickedLines([screw], { Screws: ['  '] })).toEqual([[]]);
  });

  it('never loses a lot the warehouse wrote down (every written lot reaches some line)', () => {
    const line = fc.constantFrom(screw, tibase, analog);
    const lot = fc.stringMatching(/^[A-Z0-9-]{1,8}$/);
    const lotNumbers = fc.oneof(
      fc.array(lot, { maxLength: 5 }),
      fc.dictionary(fc.constantFrom('Screws', 'Ti-Bases', 'Analogs', 'Box'), fc.array(lot, { maxLength: 3 })),
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), lotNumbers, (lines, lots) => {
        const placed = new Set(lotsOfPickedLines(lines, lots).flat());
        const written = Array.isArray(lots) ? lots : Object.values(lots).flat();
        for (const written_lot of written) expect(placed.has(written_lot)).toBe(true);
      }),
    );
  });
});
