// Gauge MRP's stock figures (issue 31), one rule for the page, the shortages and the implant card: what
// each open case holds back from a branch's stock, and what is left to promise.

/** A quantity of one stocked part (its catalogue component id). */
export type PartQuantity = { componentId: number; quantity: number };

/** A case as stock sees it: open or not, what it needs now, and its picking slips. */
export type CaseStockDemand = {
  /** Neither dispatched nor cancelled. */
  isActive: boolean;
  /** Its component lines and its live implants' screws and ti-bases, as a picking slip would take them. */
  parts: readonly PartQuantity[];
  /** Its picking slips, oldest first: what each asked for and whether the warehouse picked it. */
  slips: readonly { isPicked: boolean; items: readonly PartQuantity[] }[];
};

const addTo = (totals: Map<number, number>, parts: readonly PartQuantity[]) => {
  for (const part of parts) totals.set(part.componentId, (totals.get(part.componentId) ?? 0) + part.quantity);
};

/**
 * What a case reserves:
 * - nothing once it is dispatched or cancelled (a cancelled case releases its parts);
 * - its newest unpicked slip's items while one waits, since the warehouse picks what the slip says;
 * - nothing once a slip was picked and none waits (the parts left stock when picked);
 * - else what it needs now.
 */
export const reservedByCase = (demand: CaseStockDemand): Map<number, number> => {
  const reserved = new Map<number, number>();
  if (!demand.isActive) return reserved;
  const waiting = demand.slips.findLast((slip) => !slip.isPicked);
  if (waiting) addTo(reserved, waiting.items);
  else if (demand.slips.length === 0) addTo(reserved, demand.parts);
  return reserved;
};

/** What all these cases reserve, by part. */
export const reservedByCases = (demands: readonly CaseStockDemand[]): Map<number, number> => {
  const reserved = new Map<number, number>();
  for (const demand of demands) {
    for (const [componentId, quantity] of reservedByCase(demand)) {
      reserved.set(componentId, (reserved.get(componentId) ?? 0) + quantity);
    }
  }
  return reserved;
};

/** Stock a new case can count on: on hand less what open cases reserve (may be below 0). */
export const availableStock = (onHand: number, reserved: number): number => onHand - reserved;

/** At or under its reorder point (none set: never). */
export const isAtReorderPoint = (available: number, reorderPoint: number | null): boolean =>
  reorderPoint !== null && available <= reorderPoint;

/** A change to a part's stock: a delivery (+), a pick or write-off (−), an opening balance or a count. */
export type StockMovement = { kind: StockMovementKind; quantity: number };
export const stockMovementKinds = ['opening', 'receive', 'pick', 'write_off', 'adjust'] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];

/** The ledger's balance: the sum of its movements (the stock row must always equal it). */
export const ledgerBalance = (movements: readonly StockMovement[]): number =>
  movements.reduce((balance, movement) => balance + movement.quantity, 0);

/** What a write-off or pick of `quantity` leaves on hand, and whether that is below zero (asks first). */
export const leftAfterTaking = (onHand: number, quantity: number) => {
  const left = onHand - quantity;
  return { left, isBelowZero: left < 0 };
};
