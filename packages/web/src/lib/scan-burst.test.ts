import { describe, expect, it } from 'vitest';
import { createScanBurst } from './scan-burst';

const feed = (keys: string, gapMs: number, startAt = 1000) => {
  const burst = createScanBurst();
  let found: string | null = null;
  [...keys, 'Enter'].forEach((key, index) => {
    found = burst.push(key, startAt + index * gapMs) ?? found;
  });
  return found;
};

describe('telling a scanner from a person', () => {
  it('takes a code typed in a burst and ended with Enter', () => {
    expect(feed('100301-02', 8)).toBe('100301-02');
  });

  it('ignores a person typing, and a burst too short to be a code', () => {
    expect(feed('100301-02', 150)).toBeNull();
    expect(feed('abc', 5)).toBeNull();
  });

  it('starts again after a pause or a non-printing key', () => {
    const burst = createScanBurst();
    'hello'.split('').forEach((key, i) => burst.push(key, i * 5));
    // A pause, then the real scan.
    '100300'.split('').forEach((key, i) => burst.push(key, 2000 + i * 5));
    expect(burst.push('Enter', 2035)).toBe('100300');
    burst.push('1', 3000);
    burst.push('Shift', 3005);
    '00300'.split('').forEach((key, i) => burst.push(key, 3010 + i * 5));
    expect(burst.push('Enter', 3040)).toBe('00300');
  });
});
