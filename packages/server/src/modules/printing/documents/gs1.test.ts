import { describe, expect, it } from 'vitest';
import { lotsOfItems } from '../load-print-data';
import { deviceUdiElements, gs1CheckDigit, gs1ElementString, gs1Value, gtin14, partElements } from './gs1';

describe('GS1 element strings', () => {
  it('computes the mod-10 check digit of GS1 keys', () => {
    // Published examples: EAN-13 400638133393(1), GTIN-14 1061414100001(9).
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('1061414100001')).toBe(9);
    expect(gtin14('9521234', 3)).toBe('09521234000037');
    expect(() => gtin14('952', 3)).toThrow('7 to 10 digits');
    expect(() => gtin14('9521234567', 123)).toThrow('does not fit');
  });

  it('builds the device UDI in the branch time zone and keeps values in the GS1 character set', () => {
    const elements = deviceUdiElements({
      gtin: '09521234000037',
      // 20 Nov 23:30 UTC is already the 21st in Melbourne.
      productionDate: new Date('2026-11-20T23:30:00Z'),
      zone: 'Australia/Melbourne',
      lot: 'ZR 24/08 (A)',
      serial: '100123-01',
    });
    expect(gs1ElementString(elements)).toBe('(01)09521234000037(11)261121(10)ZR-24/08--A-(21)100123-01');
    expect(
      gs1ElementString(
        deviceUdiElements({
          gtin: '09521234000037',
          productionDate: new Date('2026-11-20T00:00:00Z'),
          zone: 'UTC',
          lot: null,
          serial: 'x',
        }),
      ),
    ).toBe('(01)09521234000037(11)261120(21)x');
    expect(gs1ElementString(partElements('SCR-NB-CC', 'L1'))).toBe('(240)SCR-NB-CC(10)L1');
    expect(gs1Value('a'.repeat(30))).toHaveLength(20);
  });
});

describe('lot numbers of a picking slip', () => {
  const items = [{ type: 'screw' }, { type: 'tibase' }, { type: 'analog' }];
  it('lines a list up with the items, and a map of groups with their types', () => {
    expect(lotsOfItems(['L1', 'L2'], items)).toEqual([['L1'], ['L2'], []]);
    expect(lotsOfItems({ Screws: ['S1', 'S2'], 'Ti-Bases': ['T1'] }, items)).toEqual([
      ['S1', 'S2'],
      ['T1'],
      [],
    ]);
    expect(lotsOfItems(null, items)).toEqual([[], [], []]);
  });
});
