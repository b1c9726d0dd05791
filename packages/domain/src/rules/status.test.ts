import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { statusParents } from '../enums';
import { departmentForStatusParent, flagsForStatusParent, isActiveStatusParent } from './status';

describe('status parent rules', () => {
  it('derives exactly one stage flag for every parent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...statusParents), (parent) => {
        const flags = Object.values(flagsForStatusParent(parent));
        expect(flags.filter(Boolean)).toHaveLength(1);
      }),
    );
  });

  it('maps parents to their departments', () => {
    expect(departmentForStatusParent('ORDERED')).toBe('ADMIN');
    expect(departmentForStatusParent('IN DESIGN')).toBe('DESIGN');
    expect(departmentForStatusParent('IN PRODUCTION')).toBe('MACHINING');
    expect(departmentForStatusParent('IN LAB')).toBe('POLISHING');
    expect(departmentForStatusParent('DISPATCHED')).toBeNull();
    expect(departmentForStatusParent('CANCELLED')).toBeNull();
  });

  it('is active unless dispatched or cancelled', () => {
    expect(statusParents.filter(isActiveStatusParent)).toEqual([
      'ORDERED',
      'IN DESIGN',
      'IN PRODUCTION',
      'IN LAB',
    ]);
  });
});
