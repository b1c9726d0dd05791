import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Queryable } from '../../db/client';
import { isInformationRequest } from '../schedule/client-holds';

// The Customer Service inbox's four lists, read from the rows the workspace writes (messages, approvals,
// cases, the audit of Check-in's requests); the desk's own marks (assignee, done) are joined by key.
// Times come as epoch milliseconds, the same through PostgreSQL and PGlite. At most `listLimit` each,
// oldest first: a desk works its queue from the longest wait.

const listLimit = 200;

/** Where an item is, and who looks after it: the columns every list shares. */
export type PlaceRow = {
  key: string;
  collection_uid: string;
  collection_id: number;
  case_uid: string | null;
  case_mkey: string | null;
  client_name: string;
  patient_reference: string;
  assignee_id: number | null;
  assignee_name: string | null;
};

const atBranch = (branchId: number): SQL =>
  sql`(col.fulfillment_branch_id = ${branchId} OR col.fulfillment_branch_id IS NULL)`;

const placeColumns = sql`col.uid AS collection_uid, col.collection_id, c.uid AS case_uid, c.case_mkey,
  cl.name AS client_name, col.patient_reference,
  csi.assignee_id, nullif(btrim(u.first_name || ' ' || u.last_name), '') AS assignee_name_full,
  u.username AS assignee_username`;

const placeJoins = (key: SQL) => sql`JOIN clients cl ON cl.id = col.shipping_client_id
  LEFT JOIN customer_service_items csi ON csi.item_key = ${key}
  LEFT JOIN users u ON u.id = csi.assignee_id`;

type RawPlace = Omit<PlaceRow, 'assignee_name'> & {
  assignee_name_full: string | null;
  assignee_username: string | null;
};

const place = <Row extends RawPlace>(row: Row): Row & PlaceRow => ({
  ...row,
  assignee_name: row.assignee_name_full ?? row.assignee_username,
});

const epochMs = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;

export type ClientMessageRow = PlaceRow & {
  message_uid: string;
  approval_uid: string | null;
  note: string;
  attachments: number;
  received_ms: number;
};

/**
 * How far back a message without a reply still waits: older ones are the lab's history (answered by
 * phone, or a thank-you), not a queue (docs/decisions/2026-11-30-customer-service-inbox.md).
 */
const waitingWindowDays = 30;

/** Inbound client messages (and approval answers) with no staff reply to the client after them. */
export const clientMessageRows = async (q: Queryable, branchId: number): Promise<ClientMessageRow[]> => {
  const rows = await selectRows<RawPlace & Omit<ClientMessageRow, keyof PlaceRow>>(
    q,
    sql`SELECT 'message:' || m.uid AS key, m.uid AS message_uid, m.approval_uid, m.note,
        (SELECT count(*)::int FROM message_attachments a WHERE a.message_uid = m.uid) AS attachments,
        ${epochMs(sql`m.created_at`)} AS received_ms, ${placeColumns}
      FROM messages m
      JOIN collections col ON col.uid = m.case_collection_uid
      LEFT JOIN cases c ON c.uid = m.case_uid
      ${placeJoins(sql`'message:' || m.uid`)}
      WHERE m.direction = 'INBOUND' AND m.visibility = 'CLIENTS' AND ${atBranch(branchId)}
        AND m.created_at > now() - make_interval(days => ${waitingWindowDays}::int)
        AND csi.done_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM messages r
          WHERE r.case_collection_uid = m.case_collection_uid AND r.direction = 'OUTBOUND'
            AND r.visibility = 'CLIENTS' AND r.created_at > m.created_at)
      ORDER BY m.created_at, m.uid
      LIMIT ${listLimit}`,
  );
  return rows.map(place);
};

export type ApprovalRow = PlaceRow & {
  approval_uid: string;
  approval_type: string;
  requested_ms: number;
  due_ms: number;
  send_reminders: boolean;
  reminders_sent: number;
  next_reminder_ms: number | null;
};

/** Approvals the client has not answered (not approved, cancelled or answered with changes). */
export const openApprovalRows = async (q: Queryable, branchId: number): Promise<ApprovalRow[]> => {
  const rows = await selectRows<RawPlace & Omit<ApprovalRow, keyof PlaceRow>>(
    q,
    sql`SELECT 'approval:' || ap.uid AS key, ap.uid AS approval_uid, at.name AS approval_type,
        ${epochMs(sql`ap.created_at`)} AS requested_ms, ${epochMs(sql`ap.approval_due_at`)} AS due_ms,
        ap.send_reminders, ap.reminders_sent,
        CASE WHEN ap.next_reminder_due IS NULL THEN NULL ELSE ${epochMs(sql`ap.next_reminder_due`)} END AS next_reminder_ms,
        ${placeColumns}
      FROM approvals ap
      JOIN cases c ON c.uid = ap.case_uid
      JOIN collections col ON col.uid = c.collection_uid
      JOIN approval_types at ON at.code = ap.approval_type
      ${placeJoins(sql`'approval:' || ap.uid`)}
      WHERE ap.approved_at IS NULL AND ap.cancelled_at IS NULL AND ap.changes_requested_at IS NULL
        AND NOT c.cancelled AND ${atBranch(branchId)} AND csi.done_at IS NULL
      ORDER BY ap.approval_due_at, ap.uid
      LIMIT ${listLimit}`,
  );
  return rows.map(place);
};

export type DueMovedRow = PlaceRow & {
  job_type: string;
  status: string;
  customer_due_ms: number | null;
  internal_due_ms: number | null;
  buffer_seconds: number;
};

/**
 * Active cases the lab will finish after the customer's due (negative buffer: the schedule's rule for
 * "they will need to be contacted"), unless the client was told of this finish or a later one.
 */
export const dueMovedRows = async (q: Queryable, branchId: number): Promise<DueMovedRow[]> => {
  const rows = await selectRows<RawPlace & Omit<DueMovedRow, keyof PlaceRow>>(
    q,
    sql`SELECT 'due:' || c.uid AS key, jt.name AS job_type, s.name AS status,
        CASE WHEN c.customer_due IS NULL THEN NULL ELSE ${epochMs(sql`c.customer_due`)} END AS customer_due_ms,
        CASE WHEN c.internal_due IS NULL THEN NULL ELSE ${epochMs(sql`c.internal_due`)} END AS internal_due_ms,
        c.buffer_time_seconds AS buffer_seconds, ${placeColumns}
      FROM cases c
      JOIN collections col ON col.uid = c.collection_uid
      JOIN job_types jt ON jt.id = c.job_type_id
      JOIN statuses s ON s.id = c.status_id
      ${placeJoins(sql`'due:' || c.uid`)}
      WHERE c.buffer_time_seconds < 0 AND NOT c.dispatched AND NOT c.cancelled AND ${atBranch(branchId)}
        AND (csi.told_internal_due IS NULL OR c.internal_due > csi.told_internal_due)
      ORDER BY c.buffer_time_seconds, c.case_mkey
      LIMIT ${listLimit}`,
  );
  return rows.map(place);
};

export type InformationRequestRow = PlaceRow & {
  message_uid: string;
  note: string;
  requested_ms: number;
  requested_by: string;
};

/** Check-in's requests for missing information with no message from the client after them. */
export const informationRequestRows = async (
  q: Queryable,
  branchId: number,
): Promise<InformationRequestRow[]> => {
  const rows = await selectRows<RawPlace & Omit<InformationRequestRow, keyof PlaceRow>>(
    q,
    sql`SELECT 'request:' || m.uid AS key, m.uid AS message_uid, m.note, m.author_reference AS requested_by,
        ${epochMs(sql`m.created_at`)} AS requested_ms, ${placeColumns}
      FROM messages m
      JOIN collections col ON col.uid = m.case_collection_uid
      LEFT JOIN cases c ON c.uid = m.case_uid
      ${placeJoins(sql`'request:' || m.uid`)}
      WHERE ${isInformationRequest} AND ${atBranch(branchId)} AND csi.done_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM messages r
          WHERE r.case_collection_uid = m.case_collection_uid AND r.direction = 'INBOUND'
            AND r.created_at > m.created_at)
      ORDER BY m.created_at, m.uid
      LIMIT ${listLimit}`,
  );
  return rows.map(place);
};
