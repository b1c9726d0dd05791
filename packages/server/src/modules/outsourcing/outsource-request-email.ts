import { eq, sql } from 'drizzle-orm';
import { defaultBusinessTimeZone, partnerPagePath } from '@lab/domain';
import type { Db } from '../../db/client';
import {
  branches,
  cases,
  collections,
  communications,
  job_types,
  outsources,
  partners,
} from '../../db/schema/index';
import { sendOnce } from '../../jobs/send-once';
import { communicationTypes } from '../../mail/communications';
import type { Mailer } from '../../mail/mailer';
import { outsourceRequestEmail } from '../../mail/templates/outsource-emails';

// Job 'outsource-request-email': the share link to the partner's address and each additional recipient,
// one communication row each (the communications log shows them), sent once each across retries.

export const sendOutsourceRequestEmail = async (
  db: Db,
  mailer: Mailer,
  outsourceUid: string,
): Promise<void> => {
  const [row] = await db
    .select({
      job: outsources,
      partner_name: partners.name,
      partner_email: partners.email,
      case_mkey: cases.case_mkey,
      job_type: job_types.name,
      collection_uid: collections.uid,
      collection_id: collections.collection_id,
      patient_reference: collections.patient_reference,
      time_zone: branches.time_zone,
    })
    .from(outsources)
    .innerJoin(partners, eq(partners.id, outsources.partner_id))
    .innerJoin(cases, eq(cases.uid, outsources.case_uid))
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .leftJoin(job_types, eq(job_types.id, cases.job_type_id))
    .leftJoin(branches, eq(branches.id, collections.fulfillment_branch_id))
    .where(eq(outsources.uid, outsourceUid))
    .limit(1);
  // A job ended before the mail went out, or started without a key, needs no mail.
  if (!row?.job.start || row.job.end || !row.job.outsource_key) return;
  const content = outsourceRequestEmail({
    partnerName: row.partner_name,
    collectionId: row.collection_id,
    caseKey: row.case_mkey,
    jobType: row.job_type ?? 'Case',
    patientReference: row.patient_reference,
    dueAt: row.job.expected_return,
    note: row.job.note ?? '',
    jobUrl: `${mailer.publicUrl}${partnerPagePath(row.job.outsource_key)}`,
    timeZone: row.time_zone ?? defaultBusinessTimeZone,
  });
  const recipients = [row.partner_email ?? '', ...(row.job.additional_recipients as string[])];
  let failure: unknown = null;
  for (const email of new Set(recipients)) {
    try {
      await sendOnce(db, mailer, {
        subject: {
          communication_type: communicationTypes.outsourceRequest,
          email,
          client_uid: null,
          case_collection_uid: row.collection_uid,
          case_uid: row.job.case_uid,
          outsource_uid: row.job.uid,
        },
        content,
        match: sql`${communications.outsource_uid} = ${row.job.uid} AND ${communications.recipient} = ${email.trim()}`,
      });
    } catch (error) {
      // The others still go; the job is retried for the one that failed (sent ones are not sent again).
      failure = error;
    }
  }
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
};
