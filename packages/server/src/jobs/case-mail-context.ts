import { eq, inArray } from 'drizzle-orm';
import { defaultBusinessTimeZone } from '@lab/domain';
import type { Queryable } from '../db/client';
import { branches, cases, clients, collections, job_types } from '../db/schema/index';
import type { CommunicationSubject } from '../mail/communications';
import type { Mailer } from '../mail/mailer';
import { portalUrlOf, type CaseMailContext } from '../mail/templates/case-emails';

// What every e-mail about a case needs: who gets it (the shipping client's e-mail address — clients.email;
// the invoice address is for accounts and is never used here), what the case is, the portal link and the
// fulfillment branch's time zone for the times it quotes.

export type CaseMail = {
  context: CaseMailContext;
  subject: Omit<CommunicationSubject, 'communication_type'>;
};

/** The mail context of each case, by case uid, in one statement (a case that is gone is left out). */
export const loadCaseMails = async (
  q: Queryable,
  mailer: Mailer,
  caseUids: readonly string[],
): Promise<Map<string, CaseMail>> => {
  if (caseUids.length === 0) return new Map();
  const rows = await q
    .select({
      case_uid: cases.uid,
      case_mkey: cases.case_mkey,
      job_type: job_types.name,
      collection_uid: collections.uid,
      collection_id: collections.collection_id,
      patient_reference: collections.patient_reference,
      portal_key: collections.portal_key,
      client_uid: clients.uid,
      client_name: clients.name,
      email: clients.email,
      time_zone: branches.time_zone,
    })
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .leftJoin(branches, eq(branches.id, collections.fulfillment_branch_id))
    .where(inArray(cases.uid, [...new Set(caseUids)]));
  return new Map(
    rows.map((row) => [
      row.case_uid,
      {
        context: {
          clientName: row.client_name,
          collectionId: row.collection_id,
          patientReference: row.patient_reference,
          caseKey: row.case_mkey,
          jobType: row.job_type,
          portalUrl: portalUrlOf(mailer.publicUrl, row.portal_key),
          timeZone: row.time_zone ?? defaultBusinessTimeZone,
        },
        subject: {
          email: row.email,
          client_uid: row.client_uid,
          case_collection_uid: row.collection_uid,
          case_uid: row.case_uid,
        },
      },
    ]),
  );
};

export const loadCaseMail = async (q: Queryable, mailer: Mailer, caseUid: string): Promise<CaseMail | null> =>
  (await loadCaseMails(q, mailer, [caseUid])).get(caseUid) ?? null;
