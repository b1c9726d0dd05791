import { eq } from 'drizzle-orm';
import type { PartnerActor } from '../../auth/actor';
import type { Queryable } from '../../db/client';
import { branches, cases, collections, job_types, outsources, partners } from '../../db/schema/index';
import { partnerNotFound } from './partner-key-resolver';

// The key's job with the few facts of its case and collection the page shows or the writes need, read by
// the outsource uid the key resolved to. The columns are named one by one: the share key, prices and the
// client never leave this query.

const findRows = (q: Queryable, outsourceUid: string) =>
  q
    .select({
      uid: outsources.uid,
      partner_id: outsources.partner_id,
      partner_name: partners.name,
      start: outsources.start,
      end: outsources.end,
      expected_return: outsources.expected_return,
      marked_as_completed: outsources.marked_as_completed,
      overdue_reminder: outsources.overdue_reminder,
      partner_status: outsources.partner_status,
      job_type: outsources.job_type,
      note: outsources.note,
      returning_branch: branches.name,
      case_uid: cases.uid,
      case_id: cases.case_id,
      case_mkey: cases.case_mkey,
      case_job_type: job_types.name,
      collection_uid: collections.uid,
      collection_id: collections.collection_id,
      patient_reference: collections.patient_reference,
    })
    .from(outsources)
    .innerJoin(partners, eq(partners.id, outsources.partner_id))
    .innerJoin(cases, eq(cases.uid, outsources.case_uid))
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .leftJoin(branches, eq(branches.id, outsources.returning_branch_id))
    .where(eq(outsources.uid, outsourceUid))
    .limit(1);

export type PartnerJobRow = Awaited<ReturnType<typeof findRows>>[number];

/** The partner's job; 404 when it went away after the key was resolved (the case was deleted). */
export const findPartnerJobRow = async (q: Queryable, partner: PartnerActor): Promise<PartnerJobRow> => {
  const [row] = await findRows(q, partner.outsourceUid);
  if (!row) throw partnerNotFound();
  return row;
};
