import { and, asc, eq } from 'drizzle-orm';
import {
  outsourceJobStatus,
  toIso,
  type OutsourceJobType,
  type PartnerJob,
  type PartnerMessage,
} from '@lab/domain';
import type { PartnerActor } from '../../auth/actor';
import type { Queryable } from '../../db/client';
import { messages } from '../../db/schema/index';
import { listOrderForms } from '../collections/list-actions';
import { listReceivedFiles, listSentFiles } from './partner-files';
import { findPartnerJobRow, type PartnerJobRow } from './partner-job-row';

// GET /api/v2/partner/{outsource_key}/: the job as its partner sees it. Every field is named here; the
// messages are read with the job, type and visibility in the query itself, so a staff-only note on the
// case or another job's thread is never read at all.

/** That job's OUTSOURCE_MESSAGEs (PARTNERS-visible), oldest first. */
export const listPartnerMessages = async (
  q: Queryable,
  outsourceUid: string,
  uid?: string,
): Promise<PartnerMessage[]> => {
  const rows = await q
    .select({
      uid: messages.uid,
      created_at: messages.created_at,
      author_reference: messages.author_reference,
      note: messages.note,
      direction: messages.direction,
    })
    .from(messages)
    .where(
      and(
        eq(messages.outsource_uid, outsourceUid),
        eq(messages.message_type, 'OUTSOURCE_MESSAGE'),
        eq(messages.visibility, 'PARTNERS'),
        uid === undefined ? undefined : eq(messages.uid, uid),
      ),
    )
    .orderBy(asc(messages.created_at), asc(messages.uid));
  return rows.map((row) => ({
    ...row,
    created_at: toIso(row.created_at),
    direction: row.direction as PartnerMessage['direction'],
  }));
};

/**
 * The case's own order forms and the order's whole-collection form (the iOS app sends one per order),
 * presented as staff and the portal see them (the ordering platform's own keys left out).
 */
const listJobOrderForms = async (q: Queryable, row: PartnerJobRow) =>
  (await listOrderForms(q, row.collection_uid)).filter(
    (form) => form.case_uid === null || form.case_uid === row.case_uid,
  );

export const jobStatusOf = (row: PartnerJobRow) =>
  outsourceJobStatus({
    start: toIso(row.start),
    end: toIso(row.end),
    marked_as_completed: toIso(row.marked_as_completed),
    overdue_reminder: toIso(row.overdue_reminder),
    partner_status: row.partner_status,
  });

export const loadPartnerJob = async (q: Queryable, partner: PartnerActor): Promise<PartnerJob> => {
  const row = await findPartnerJobRow(q, partner);
  // The key resolver reaches started jobs only.
  if (!row.start) throw new Error('a partner reached a job that has not started');
  return {
    collection_id: row.collection_id,
    case_mkey: row.case_mkey,
    patient_reference: row.patient_reference,
    job_type: row.case_job_type,
    outsource_job_type: row.job_type as OutsourceJobType | null,
    partner_name: row.partner_name,
    start: toIso(row.start),
    expected_return: toIso(row.expected_return),
    note: row.note,
    status: jobStatusOf(row),
    ended: row.end !== null,
    marked_as_completed: toIso(row.marked_as_completed),
    returning_branch: row.returning_branch,
    sent_files: await listSentFiles(q, row),
    received_files: await listReceivedFiles(q, row),
    messages: await listPartnerMessages(q, row.uid),
    order_forms: await listJobOrderForms(q, row),
  };
};
