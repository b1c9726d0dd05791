import { eq } from 'drizzle-orm';
import { businessSecondsBetween, type BusinessCalendar } from '@lab/domain';
import type { Tx } from '../../db/client';
import { approvals } from '../../db/schema/index';
import { defaultBranchCalendar, loadBranchCalendar } from '../schedule/load-branch-calendar';

// The case's customer delay (domain-decisions 'Schedule'): the business time it waited on the client,
// absorbed by the design stage. It is the business time covered by its answered or cancelled approvals,
// from each request to its first answer; overlapping requests count once. It is stored when an approval
// closes, so a request still open moves the schedule when it is answered, not while it waits.

type Span = { from: Date; to: Date };

export const businessSecondsCovered = (calendar: BusinessCalendar, spans: readonly Span[]): number => {
  const sorted = spans.filter((s) => s.to > s.from).toSorted((a, b) => a.from.getTime() - b.from.getTime());
  let total = 0;
  let current: Span | null = null;
  for (const span of sorted) {
    if (current && span.from <= current.to) {
      if (span.to > current.to) current = { from: current.from, to: span.to };
      continue;
    }
    if (current) total += businessSecondsBetween(calendar, current.from, current.to);
    current = span;
  }
  if (current) total += businessSecondsBetween(calendar, current.from, current.to);
  return Math.round(total);
};

/** The customer delay of the case from its approvals as they stand in this transaction. */
export const customerDelayOf = async (
  tx: Tx,
  target: { caseUid: string; branchId: number | null },
): Promise<number> => {
  const rows = await tx
    .select({
      created_at: approvals.created_at,
      approved_at: approvals.approved_at,
      cancelled_at: approvals.cancelled_at,
      changes_requested_at: approvals.changes_requested_at,
    })
    .from(approvals)
    .where(eq(approvals.case_uid, target.caseUid));
  const spans = rows.flatMap((r) => {
    const answers = [r.approved_at, r.cancelled_at, r.changes_requested_at].filter(
      (d): d is Date => d !== null,
    );
    if (answers.length === 0) return [];
    return [{ from: r.created_at, to: new Date(Math.min(...answers.map((d) => d.getTime()))) }];
  });
  const branch = target.branchId === null ? null : await loadBranchCalendar(tx, target.branchId);
  return businessSecondsCovered(branch?.calendar ?? defaultBranchCalendar, spans);
};
