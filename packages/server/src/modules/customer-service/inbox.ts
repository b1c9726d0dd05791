import {
  lateByHours,
  replySlaOf,
  toIso,
  waitingBusinessSeconds,
  type CustomerServiceInbox,
} from '@lab/domain';
import { findChosenBranch } from '../../db/chosen-branch';
import type { Queryable } from '../../db/client';
import { defaultBranchCalendar, loadBranchCalendar } from '../schedule/load-branch-calendar';
import {
  clientMessageRows,
  dueMovedRows,
  informationRequestRows,
  openApprovalRows,
  type PlaceRow,
} from './inbox-rows';

// GET /api/v2/customer_service/: a branch's inbox. Waiting is counted in the branch's business hours,
// as the schedule counts the lab's time, so a question sent on Friday evening is not three days old on
// Monday morning.

const excerptLength = 240;

const excerpt = (note: string): string =>
  note.length > excerptLength ? `${note.slice(0, excerptLength - 1).trimEnd()}…` : note;

const placeOf = (row: PlaceRow) => ({
  key: row.key,
  collection_uid: row.collection_uid,
  collection_id: row.collection_id,
  case_uid: row.case_uid,
  case_mkey: row.case_mkey,
  client_name: row.client_name,
  patient_reference: row.patient_reference,
  assignee:
    row.assignee_id === null
      ? null
      : { id: row.assignee_id, name: row.assignee_name ?? String(row.assignee_id) },
});

const iso = (ms: number | null): string | null => (ms === null ? null : toIso(new Date(ms)));

/** The branch asked for, else the employee's own, else the first; null when the one asked for is unknown. */
export const loadCustomerServiceInbox = async (
  q: Queryable,
  options: { askedBranchId: number | undefined; ownBranchId: number | null; now?: Date },
): Promise<CustomerServiceInbox | null> => {
  const branch = await findChosenBranch(q, options.askedBranchId, options.ownBranchId);
  if (!branch) return null;
  const now = options.now ?? new Date();
  const calendar = (await loadBranchCalendar(q, branch.id))?.calendar ?? defaultBranchCalendar;
  const waited = (sinceMs: number) => waitingBusinessSeconds(calendar, new Date(sinceMs), now);
  const [messages, approvals, dueMoved, requests] = [
    await clientMessageRows(q, branch.id),
    await openApprovalRows(q, branch.id),
    await dueMovedRows(q, branch.id),
    await informationRequestRows(q, branch.id),
  ];
  return {
    branch,
    client_messages: messages.map((row) => {
      const seconds = waited(row.received_ms);
      return {
        ...placeOf(row),
        message_uid: row.message_uid,
        kind: row.approval_uid === null ? ('message' as const) : ('approval_answer' as const),
        excerpt: excerpt(row.note),
        attachments: row.attachments,
        received_at: toIso(new Date(row.received_ms)),
        waiting_business_seconds: seconds,
        sla: replySlaOf(seconds),
      };
    }),
    approvals: approvals.map((row) => ({
      ...placeOf(row),
      approval_uid: row.approval_uid,
      approval_type: row.approval_type,
      requested_at: toIso(new Date(row.requested_ms)),
      due_at: toIso(new Date(row.due_ms)),
      is_overdue: row.due_ms < now.getTime(),
      sends_reminders: row.send_reminders,
      reminders_sent: row.reminders_sent,
      next_reminder_due: row.send_reminders ? iso(row.next_reminder_ms) : null,
      waiting_business_seconds: waited(row.requested_ms),
    })),
    due_moved: dueMoved.map((row) => ({
      ...placeOf(row),
      job_type: row.job_type,
      status: row.status,
      customer_due: iso(row.customer_due_ms),
      internal_due: iso(row.internal_due_ms),
      late_by_hours: lateByHours(row.buffer_seconds),
    })),
    information_requests: requests.map((row) => {
      const seconds = waited(row.requested_ms);
      return {
        ...placeOf(row),
        message_uid: row.message_uid,
        excerpt: excerpt(row.note),
        requested_at: toIso(new Date(row.requested_ms)),
        requested_by: row.requested_by,
        waiting_business_seconds: seconds,
        sla: replySlaOf(seconds),
      };
    }),
  };
};
