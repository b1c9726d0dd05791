import { describe, expect, it } from 'vitest';
import { toInputDateTime } from './input-time';

describe('input times', () => {
  it('reads an instant as Melbourne local time', () => {
    // 23:30 UTC on 2 Feb is 10:30 on 3 Feb in Melbourne (daylight time, +11).
    expect(toInputDateTime('2025-02-02T23:30:00Z')).toBe('2025-02-03T10:30');
    // Midnight stays 00, not 24.
    expect(toInputDateTime('2025-06-01T14:00:00Z')).toBe('2025-06-02T00:00');
  });

  it('is empty for none', () => {
    expect(toInputDateTime(null)).toBe('');
    expect(toInputDateTime('nonsense')).toBe('');
  });
});
