import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dentates } from '../enums';
import type { Dentate } from '../enums';
import { fdiTeeth } from './teeth';
import {
  compareWithinTab,
  dentateTabOf,
  dentateTabs,
  groupComponentsByDentate,
  orderWithinTab,
} from './dentate-grouping';

const component = (dentate: Dentate | null, teeth: number[] = []) => ({
  dentate,
  implants: teeth.map((tooth) => ({ tooth })),
});

type Card = {
  id: string;
  dentate: Dentate | null;
  implants: { tooth: number }[];
  active: boolean;
  dispatched: boolean;
  redo: 'internal' | 'external' | null;
};

const card = (id: string, overrides: Partial<Card> = {}): Card => ({
  id,
  dentate: 'UPPER',
  implants: [],
  active: true,
  dispatched: false,
  redo: null,
  ...overrides,
});

describe('dentateTabOf', () => {
  it('keeps an explicit BOTH or NONE whatever the implants say', () => {
    expect(dentateTabOf(component('BOTH'))).toBe('BOTH');
    expect(dentateTabOf(component('BOTH', [11]))).toBe('BOTH');
    expect(dentateTabOf(component('NONE', [11, 36]))).toBe('NONE');
    expect(dentateTabOf(component('NONE', [41]))).toBe('NONE');
  });

  it('lets the implants decide when there is no dentate', () => {
    expect(dentateTabOf(component(null, [11, 24]))).toBe('UPPER');
    expect(dentateTabOf(component(null, [36, 46]))).toBe('LOWER');
    expect(dentateTabOf(component(null, [16, 36]))).toBe('BOTH');
  });

  it('puts a component with no dentate and no implants under None', () => {
    expect(dentateTabOf(component(null))).toBe('NONE');
  });

  it('uses the dentate of a case without implants', () => {
    expect(dentateTabOf(component('UPPER'))).toBe('UPPER');
    expect(dentateTabOf(component('LOWER'))).toBe('LOWER');
  });

  it('keeps a one-jaw dentate when the implants agree', () => {
    expect(dentateTabOf(component('UPPER', [11, 27]))).toBe('UPPER');
    expect(dentateTabOf(component('LOWER', [31, 47]))).toBe('LOWER');
  });

  it('moves a one-jaw dentate with implants in the other jaw to Both', () => {
    expect(dentateTabOf(component('UPPER', [36]))).toBe('BOTH');
    expect(dentateTabOf(component('LOWER', [11]))).toBe('BOTH');
  });

  it('ignores tooth 30, which is neither jaw', () => {
    expect(dentateTabOf(component(null, [30]))).toBe('NONE');
  });
});

describe('order within a tab', () => {
  it('orders active non-redo, active redo, inactive dispatched, then the rest', () => {
    const cancelled = card('cancelled', { active: false });
    const dispatched = card('dispatched', { active: false, dispatched: true });
    const redo = card('redo', { redo: 'internal' });
    const plain = card('plain');
    expect(orderWithinTab([cancelled, dispatched, redo, plain]).map((c) => c.id)).toEqual([
      'plain',
      'redo',
      'dispatched',
      'cancelled',
    ]);
  });

  it('keeps the input order within a group', () => {
    const cards = [card('a', { redo: 'external' }), card('b'), card('c', { redo: 'internal' }), card('d')];
    expect(orderWithinTab(cards).map((c) => c.id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('does not change its input', () => {
    const cards = [card('x', { active: false }), card('y')];
    orderWithinTab(cards);
    expect(cards.map((c) => c.id)).toEqual(['x', 'y']);
  });

  it('treats a boolean redo flag like a redo type', () => {
    expect(compareWithinTab({ active: true, dispatched: false, redo: true }, card('p'))).toBeGreaterThan(0);
  });
});

const cardArbitrary = fc.record({
  id: fc.uuid(),
  dentate: fc.constantFrom<Dentate | null>(null, ...dentates),
  implants: fc.array(fc.record({ tooth: fc.constantFrom(...fdiTeeth) }), { maxLength: 6 }),
  active: fc.boolean(),
  dispatched: fc.boolean(),
  redo: fc.constantFrom<Card['redo']>(null, 'internal', 'external'),
});

describe('groupComponentsByDentate', () => {
  it('shows only non-empty tabs, in the order Upper, Lower, Both, None, with counts', () => {
    const groups = groupComponentsByDentate([
      card('n', { dentate: 'NONE' }),
      card('l', { dentate: 'LOWER' }),
      card('u2', { dentate: 'UPPER', active: false, dispatched: true }),
      card('u1', { dentate: 'UPPER' }),
    ]);
    expect(groups.map((g) => [g.tab, g.count, g.components.map((c) => c.id)])).toEqual([
      ['UPPER', 2, ['u1', 'u2']],
      ['LOWER', 1, ['l']],
      ['NONE', 1, ['n']],
    ]);
  });

  it('answers no tabs for no components', () => {
    expect(groupComponentsByDentate([])).toEqual([]);
  });

  it('puts every component in exactly one tab, and the counts add up', () => {
    fc.assert(
      fc.property(fc.array(cardArbitrary, { maxLength: 30 }), (cards) => {
        const groups = groupComponentsByDentate(cards);
        const placed = groups.flatMap((g) => g.components);
        expect(placed).toHaveLength(cards.length);
        expect(new Set(placed)).toEqual(new Set(cards));
        expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(cards.length);
        for (const group of groups) {
          expect(group.count).toBeGreaterThan(0);
          expect(group.count).toBe(group.components.length);
          for (const c of group.components) expect(dentateTabOf(c)).toBe(group.tab);
        }
        const tabs = groups.map((g) => g.tab);
        expect(tabs).toEqual(dentateTabs.filter((tab) => tabs.includes(tab)));
      }),
    );
  });

  it('sorts each tab by the within-tab order', () => {
    fc.assert(
      fc.property(fc.array(cardArbitrary, { maxLength: 30 }), (cards) => {
        for (const group of groupComponentsByDentate(cards)) {
          for (let i = 1; i < group.components.length; i += 1) {
            const [previous, current] = [group.components[i - 1], group.components[i]];
            if (previous && current) expect(compareWithinTab(previous, current)).toBeLessThanOrEqual(0);
          }
        }
      }),
    );
  });
});
