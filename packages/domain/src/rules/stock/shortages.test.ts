import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortCases, type DatedCaseDemand } from './shortages';
import { reservedByCases } from './stock-figures';

const screw = 1;
const tibase = 2;

const demand = (caseUid: string, dueMs: number | null, screws: number, tibases = 0): DatedCaseDemand => ({
  caseUid,
  dueMs,
  isActive: true,
  parts: [
    { componentId: screw, quantity: screws },
    ...(tibases > 0 ? [{ componentId: tibase, quantity: tibases }] : []),
  ],
  slips: [],
});

describe('shortages', () => {
  it('leaves the case due last short, not the one asked for first', () => {
    const shortages = shortCases(new Map([[screw, 3]]), [demand('late', 3_000, 2), demand('soon', 1_000, 2)]);
    expect(shortages).toEqual([{ caseUid: 'late', dueMs: 3_000, short: new Map([[screw, 1]]) }]);
  });

  it('serves cases without a due time last', () => {
    const shortages = shortCases(new Map([[screw, 2]]), [
      demand('undated', null, 2),
      demand('dated', 9_000, 2),
    ]);
    expect(shortages.map((item) => item.caseUid)).toEqual(['undated']);
  });

  it('counts stock below zero as none, and a part never stocked as none', () => {
    const shortages = shortCases(new Map([[screw, -4]]), [demand('a', 1, 1, 1)]);
    expect(shortages[0]?.short).toEqual(
      new Map([
        [screw, 1],
        [tibase, 1],
      ]),
    );
  });

  it('is short of exactly what is reserved beyond stock, whatever the order of the cases', () => {
    const dated = fc.record({
      caseUid: fc.uuid(),
      dueMs: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
      screws: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 30 }),
        fc.uniqueArray(dated, { selector: (d) => d.caseUid, maxLength: 12 }),
        (stock, rows) => {
          const demands = rows.map((row) => demand(row.caseUid, row.dueMs, row.screws));
          const short = shortCases(new Map([[screw, stock]]), demands).reduce(
            (sum, item) => sum + (item.short.get(screw) ?? 0),
            0,
          );
          const reserved = reservedByCases(demands).get(screw) ?? 0;
          expect(short).toBe(Math.max(reserved - Math.max(stock, 0), 0));
          expect(shortCases(new Map([[screw, stock]]), demands.toReversed())).toEqual(
            shortCases(new Map([[screw, stock]]), demands),
          );
        },
      ),
    );
  });
});
