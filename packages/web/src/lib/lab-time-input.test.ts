import { describe, expect, it } from 'vitest';
import { labTimeInputToIso, toLabTimeInput } from './lab-time-input';

describe('lab-zone time inputs', () => {
  it('reads an instant as Melbourne local time', () => {
    // 23:30 UTC on 2 Feb is 10:30 on 3 Feb in Melbourne (daylight time, +11).
    expect(toLabTimeInput('2025-02-02T23:30:00Z')).toBe('2025-02-03T10:30');
    expect(toLabTimeInput(new Date('2025-02-02T23:30:00Z'))).toBe('2025-02-03T10:30');
    // Midnight stays 00, not 24.
    expect(toLabTimeInput('2025-06-01T14:00:00Z')).toBe('2025-06-02T00:00');
  });

  it('is empty for none', () => {
    expect(toLabTimeInput(null)).toBe('');
    expect(toLabTimeInput('nonsense')).toBe('');
  });

  it('turns a Melbourne input back into its instant, and nothing for blank or nonsense', () => {
    expect(labTimeInputToIso('2025-02-03T10:30')).toBe('2025-02-02T23:30:00.000Z');
    expect(labTimeInputToIso(toLabTimeInput('2025-06-01T14:00:00Z'))).toBe('2025-06-01T14:00:00.000Z');
    expect(labTimeInputToIso('  ')).toBeNull();
    expect(labTimeInputToIso('tomorrow')).toBeNull();
  });
});
