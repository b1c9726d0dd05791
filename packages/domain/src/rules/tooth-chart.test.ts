import { describe, expect, it } from 'vitest';
import { findCloneSources } from './implant-clone';
import { jawOfTooth, lowerArchTeeth, upperArchTeeth } from './tooth-chart';

describe('tooth chart arches', () => {
  it('lays out each jaw from the patient right to left', () => {
    expect(upperArchTeeth).toEqual([17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27]);
    expect(lowerArchTeeth).toEqual([47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37]);
    expect(jawOfTooth(36)).toBe('lower');
    expect(jawOfTooth(30)).toBeNull();
  });
});

describe('findCloneSources', () => {
  it('lists the other cases that have implants', () => {
    const cases = [
      { uid: 'a', implants: [1] },
      { uid: 'b', implants: [] },
      { uid: 'c', implants: [1, 2] },
    ];
    expect(findCloneSources(cases, 'a').map((c) => c.uid)).toEqual(['c']);
    expect(findCloneSources(cases, 'c').map((c) => c.uid)).toEqual(['a']);
  });
});
