import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers alone, negatives included', () => {
    expect(csvCell('Bridge')).toBe('Bridge');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('')).toBe('');
  });

  it('quotes a comma, a quote, a line break and edge spaces, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  it('defuses anything a spreadsheet would start a formula with', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-1+1')).toBe("'-1+1");
  });
});

describe('toCsv', () => {
  it('ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c,d', ''],
      ]),
    ).toBe('a,b\r\n"c,d",\r\n');
  });
});
