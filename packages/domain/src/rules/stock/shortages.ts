import { reservedByCase, type CaseStockDemand } from './stock-figures';

// Shortages (issue 31): a branch's stock given to its open cases in the order they are due — the most
// urgent first, those without a due time last — so the cases that will be short are the ones the lab
// would reach last. Gauge MRP lists those due within its window; the implant card marks its case.

/** An open case's demand with its due time (ms since the epoch; null: none set). */
export type DatedCaseDemand = CaseStockDemand & { caseUid: string; dueMs: number | null };

/** What one case reserves that stock cannot cover, by part (absent: covered). */
export type CaseShortage = { caseUid: string; dueMs: number | null; short: Map<number, number> };

const byDue = (a: DatedCaseDemand, b: DatedCaseDemand) =>
  (a.dueMs ?? Number.POSITIVE_INFINITY) - (b.dueMs ?? Number.POSITIVE_INFINITY) ||
  a.caseUid.localeCompare(b.caseUid);

/**
 * Gives each part's stock on hand to the cases in due order and answers every case left short, with how
 * many of which part. Stock below zero covers nothing.
 */
export const shortCases = (
  onHand: ReadonlyMap<number, number>,
  demands: readonly DatedCaseDemand[],
): CaseShortage[] => {
  const left = new Map([...onHand].map(([componentId, quantity]) => [componentId, Math.max(quantity, 0)]));
  const shortages: CaseShortage[] = [];
  for (const demand of demands.toSorted(byDue)) {
    const short = new Map<number, number>();
    for (const [componentId, needed] of reservedByCase(demand)) {
      const available = left.get(componentId) ?? 0;
      const given = Math.min(available, needed);
      left.set(componentId, available - given);
      if (needed > given) short.set(componentId, needed - given);
    }
    if (short.size > 0) shortages.push({ caseUid: demand.caseUid, dueMs: demand.dueMs, short });
  }
  return shortages;
};
