import { and, eq, sql } from 'drizzle-orm';
import { businessSecondsBetween, type BusinessCalendar } from '@lab/domain';
import type { Actor } from '../../auth/actor';
import { selectRows, type Tx } from '../../db/client';
import { approvals, cases, collections } from '../../db/schema/index';
import { writeCaseAuditRow } from '../cases/kernel';
import { defaultBranchCalendar, loadBranchCalendar } from './load-branch-calendar';
import { recomputeCaseSchedules } from './recompute-case-schedule';

// The client-hold clock (domain-decisions 'Schedule', issue 30): a case waits on the client from an
// approval request, or a request for missing information, until the client answers. That business time
// is the case's customer delay: the design stage absorbs it and the customer's due moves by as much
// (computeSchedule), so it is not counted against the lab. Overlapping holds count once. A hold is
// counted when it ends, so the schedule moves once, by the real wait, not every minute it lasts.

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

/** Answered or cancelled approvals: from each request to its first answer. */
const approvalSpans = async (tx: Tx, caseUid: string): Promise<Span[]> => {
  const rows = await tx
    .select({
      created_at: approvals.created_at,
      approved_at: approvals.approved_at,
      cancelled_at: approvals.cancelled_at,
      changes_requested_at: approvals.changes_requested_at,
    })
    .from(approvals)
    .where(eq(approvals.case_uid, caseUid));
  return rows.flatMap((r) => {
    const answers = [r.approved_at, r.cancelled_at, r.changes_requested_at].filter(
      (d): d is Date => d !== null,
    );
    if (answers.length === 0) return [];
    return [{ from: r.created_at, to: new Date(Math.min(...answers.map((d) => d.getTime()))) }];
  });
};

/**
 * Check-in's request for missing information, as the messages table holds it (alias `m`): a CLIENT_MESSAGE
 * to the clinic whose audit row carries `information_request`. The inbox lists the open ones.
 */
export const isInformationRequest = sql`m.message_type = 'CLIENT_MESSAGE' AND m.direction = 'OUTBOUND'
  AND EXISTS (SELECT 1 FROM audit_events ae
    WHERE ae.entity_type = 'message' AND ae.entity_id = m.uid::text AND ae.action = 'created'
      AND ae.changed_values ? 'information_request')`;

/**
 * Check-in's answered requests for missing information about the case (a CLIENT_MESSAGE whose audit row
 * carries `information_request`): from the request to the client's next message on the collection.
 */
const informationRequestSpans = async (tx: Tx, caseUid: string): Promise<Span[]> => {
  const rows = await selectRows<{ from_ms: number; to_ms: number }>(
    tx,
    sql`SELECT (extract(epoch FROM m.created_at) * 1000)::float8 AS from_ms,
        (extract(epoch FROM answer.created_at) * 1000)::float8 AS to_ms
      FROM messages m
      JOIN LATERAL (
        SELECT r.created_at FROM messages r
        WHERE r.case_collection_uid = m.case_collection_uid AND r.direction = 'INBOUND'
          AND r.created_at > m.created_at
        ORDER BY r.created_at LIMIT 1) answer ON true
      WHERE m.case_uid = ${caseUid} AND ${isInformationRequest}`,
  );
  return rows.map((row) => ({ from: new Date(row.from_ms), to: new Date(row.to_ms) }));
};

/** The case's customer delay from its holds as they stand in this transaction. */
export const customerDelayOf = async (
  tx: Tx,
  target: { caseUid: string; branchId: number | null },
): Promise<number> => {
  const spans = [
    ...(await approvalSpans(tx, target.caseUid)),
    ...(await informationRequestSpans(tx, target.caseUid)),
  ];
  const branch = target.branchId === null ? null : await loadBranchCalendar(tx, target.branchId);
  return businessSecondsCovered(branch?.calendar ?? defaultBranchCalendar, spans);
};

/**
 * The client wrote on the collection: a request for missing information it answers ends its hold. Each
 * case of the collection whose delay changes stores it (with its case audit row) and its schedule.
 */
export const storeEndedInformationHolds = async (
  tx: Tx,
  options: { collectionUid: string; actor: Actor; now: Date },
): Promise<void> => {
  const held = await tx
    .selectDistinct({
      uid: cases.uid,
      customer_delay_seconds: cases.customer_delay_seconds,
      branch_id: collections.fulfillment_branch_id,
    })
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .where(
      and(
        eq(cases.collection_uid, options.collectionUid),
        // Only the cases Check-in asked about: a client's every message passes here.
        sql`EXISTS (SELECT 1 FROM messages m WHERE m.case_uid = ${cases.uid} AND ${isInformationRequest})`,
      ),
    );
  const changed: string[] = [];
  for (const row of held) {
    const delay = await customerDelayOf(tx, { caseUid: row.uid, branchId: row.branch_id });
    if (delay === row.customer_delay_seconds) continue;
    await tx.update(cases).set({ customer_delay_seconds: delay }).where(eq(cases.uid, row.uid));
    await writeCaseAuditRow(tx, {
      caseUid: row.uid,
      collectionUid: options.collectionUid,
      actor: options.actor,
      now: options.now,
      changes: { customer_delay_seconds: { old: row.customer_delay_seconds, new: delay } },
    });
    changed.push(row.uid);
  }
  if (changed.length > 0) await recomputeCaseSchedules(tx, changed);
};
