import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableStock,
  isAtReorderPoint,
  ledgerBalance,
  leftAfterTaking,
  reservedByCase,
  reservedByCases,
  type CaseStockDemand,
  type StockMovement,
} from './stock-figures';

const screw = 11;
const tibase = 12;
const analog = 13;

const openCase = (overrides: Partial<CaseStockDemand> = {}): CaseStockDemand => ({
  isActive: true,
  parts: [
    { componentId: screw, quantity: 2 },
    { componentId: tibase, quantity: 2 },
  ],
  slips: [],
  ...overrides,
});

describe('what a case reserves', () => {
  it('holds back what it needs while no slip was asked for', () => {
    expect(reservedByCase(openCase())).toEqual(
      new Map([
        [screw, 2],
        [tibase, 2],
      ]),
    );
  });

  it('holds back what its waiting slip says, not what it needs since', () => {
    const demand = openCase({ slips: [{ isPicked: false, items: [{ componentId: screw, quantity: 1 }] }] });
    expect(reservedByCase(demand)).toEqual(new Map([[screw, 1]]));
  });

  it('releases its parts when the slip is picked (they left stock then)', () => {
    const demand = openCase({ slips: [{ isPicked: true, items: [{ componentId: screw, quantity: 2 }] }] });
    expect(reservedByCase(demand)).toEqual(new Map());
  });

  it('holds back a second slip asked for after the first was picked', () => {
    const demand = openCase({
      slips: [
        { isPicked: true, items: [{ componentId: screw, quantity: 2 }] },
        { isPicked: false, items: [{ componentId: analog, quantity: 1 }] },
      ],
    });
    expect(reservedByCase(demand)).toEqual(new Map([[analog, 1]]));
  });

  it('releases everything when the case is cancelled or dispatched', () => {
    expect(reservedByCase(openCase({ isActive: false }))).toEqual(new Map());
    const waiting = [{ isPicked: false, items: [{ componentId: screw, quantity: 1 }] }];
    expect(reservedByCase(openCase({ isActive: false, slips: waiting }))).toEqual(new Map());
  });

  it('adds the cases up by part', () => {
    const reserved = reservedByCases([openCase(), openCase(), openCase({ isActive: false })]);
    expect(reserved).toEqual(
      new Map([
        [screw, 4],
        [tibase, 4],
      ]),
    );
  });
});

describe('available stock and the reorder point', () => {
  it('is on hand less reserved, and may be below zero', () => {
    expect(availableStock(10, 4)).toBe(6);
    expect(availableStock(1, 3)).toBe(-2);
  });

  it('is at the reorder point at or under it, never without one', () => {
    expect(isAtReorderPoint(5, 5)).toBe(true);
    expect(isAtReorderPoint(6, 5)).toBe(false);
    expect(isAtReorderPoint(-3, null)).toBe(false);
  });

  it('says what taking leaves, and when that is below zero', () => {
    expect(leftAfterTaking(3, 3)).toEqual({ left: 0, isBelowZero: false });
    expect(leftAfterTaking(3, 5)).toEqual({ left: -2, isBelowZero: true });
  });
});

const movement = fc.oneof(
  fc.record({ kind: fc.constant('receive' as const), quantity: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('pick' as const), quantity: fc.integer({ min: -50, max: -1 }) }),
  fc.record({ kind: fc.constant('write_off' as const), quantity: fc.integer({ min: -50, max: -1 }) }),
);

describe('the ledger', () => {
  it('keeps the balance equal to the sum of its movements, in any order', () => {
    fc.assert(
      fc.property(fc.array(movement, { maxLength: 60 }), (movements: StockMovement[]) => {
        let onHand = 0;
        for (const step of movements) onHand += step.quantity;
        expect(ledgerBalance(movements)).toBe(onHand);
        expect(ledgerBalance(movements.toReversed())).toBe(onHand);
      }),
    );
  });

  it('reserves no more than the open cases need, whatever their slips', () => {
    const part = fc.record({
      componentId: fc.constantFrom(screw, tibase, analog),
      quantity: fc.integer({ min: 1, max: 9 }),
    });
    const demand = fc.record({
      isActive: fc.boolean(),
      parts: fc.array(part, { maxLength: 4 }),
      slips: fc.array(fc.record({ isPicked: fc.boolean(), items: fc.array(part, { maxLength: 4 }) }), {
        maxLength: 3,
      }),
    });
    fc.assert(
      fc.property(fc.array(demand, { maxLength: 12 }), (demands) => {
        const total = [...reservedByCases(demands).values()].reduce((sum, quantity) => sum + quantity, 0);
        const bound = demands
          .filter((item) => item.isActive)
          .reduce(
            (sum, item) =>
              sum +
              Math.max(
                item.parts.reduce((partSum, p) => partSum + p.quantity, 0),
                ...item.slips.map((slip) => slip.items.reduce((itemSum, p) => itemSum + p.quantity, 0)),
              ),
            0,
          );
        expect(total).toBeLessThanOrEqual(bound);
        expect(total).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
