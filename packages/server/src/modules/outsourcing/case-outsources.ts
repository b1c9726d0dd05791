import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  outsourceJobStatus,
  toIso,
  type Outsource,
  type OutsourceMessage,
  type PartnerAdapterType,
} from '@lab/domain';
import type { Queryable } from '../../db/client';
import type { PartRows } from '../../db/combined-read';
import { isAnyOf, type CaseUids } from '../../db/any-of';
import {
  branches,
  cases,
  integrated_outsource_requests,
  messages,
  outsources,
  partners,
  users,
} from '../../db/schema/index';

// The outsource jobs of some cases as the collection answer lists them (the Outsourcing tab's cards):
// three selects whatever the number of cases or jobs, read in one statement (or in the collection's).

const creators = alias(users, 'outsource_creators');

const jobRowsQuery = (q: Queryable, caseUids: CaseUids) =>
  q
    .select({
      job: outsources,
      case_id: cases.case_id,
      partner: partners.name,
      adapter_type: partners.adapter_type,
      returning_branch: branches.name,
      created_by: creators.username,
    })
    .from(outsources)
    .innerJoin(cases, eq(cases.uid, outsources.case_uid))
    .innerJoin(partners, eq(partners.id, outsources.partner_id))
    .leftJoin(branches, eq(branches.id, outsources.returning_branch_id))
    .leftJoin(creators, eq(creators.id, outsources.created_by_id))
    .where(isAnyOf(outsources.case_uid, caseUids))
    .orderBy(asc(outsources.created_at), asc(outsources.id));

/** The ids (or uids) of the cases' jobs, as a subquery. */
const jobsOf = (column: typeof outsources.id | typeof outsources.uid, caseUids: CaseUids) =>
  sql`SELECT ${column} FROM ${outsources} WHERE ${isAnyOf(outsources.case_uid, caseUids)}`;

const requestRowsQuery = (q: Queryable, caseUids: CaseUids) =>
  q
    .select()
    .from(integrated_outsource_requests)
    .where(isAnyOf(integrated_outsource_requests.outsource_id, jobsOf(outsources.id, caseUids)))
    .orderBy(asc(integrated_outsource_requests.id));

const messageRowsQuery = (q: Queryable, caseUids: CaseUids) =>
  q
    .select({
      uid: messages.uid,
      outsource_uid: messages.outsource_uid,
      created_at: messages.created_at,
      author_reference: messages.author_reference,
      note: messages.note,
      direction: messages.direction,
    })
    .from(messages)
    .where(
      and(
        isAnyOf(messages.outsource_uid, jobsOf(outsources.uid, caseUids)),
        eq(messages.message_type, 'OUTSOURCE_MESSAGE'),
      ),
    )
    .orderBy(asc(messages.created_at), asc(messages.uid));

/** The reads of the cases' jobs, their partner requests and messages: parts of a combined read. */
export const caseOutsourceParts = (caseUids: CaseUids) => ({
  outsourceJobs: (q: Queryable) => jobRowsQuery(q, caseUids),
  outsourceRequests: (q: Queryable) => requestRowsQuery(q, caseUids),
  outsourceMessages: (q: Queryable) => messageRowsQuery(q, caseUids),
});
export type CaseOutsourceRows = PartRows<ReturnType<typeof caseOutsourceParts>>;

type RequestRow = CaseOutsourceRows['outsourceRequests'][number];

const presentRequest = (r: RequestRow): Outsource['integrated_outsource_requests'][number] => ({
  id: r.id,
  adapter_type: r.adapter_type as PartnerAdapterType,
  sent_at: toIso(r.sent_at),
  error: r.error,
  error_detail: r.error_detail,
  retry_count: r.retry_count,
  partner_reference: r.partner_reference,
  redo_requested_at: toIso(r.redo_requested_at),
  redo_sent_at: toIso(r.redo_sent_at),
  completed_at: toIso(r.completed_at),
  modified_at: toIso(r.modified_at),
  response: { status: r.response_status },
  payload: (r.payload ?? {}) as Record<string, unknown>,
});

/** caseUid → its jobs, oldest first, from the rows of `caseOutsourceParts`. */
export const presentCaseOutsources = ({
  outsourceJobs: jobs,
  outsourceRequests: requests,
  outsourceMessages: notes,
}: CaseOutsourceRows): Map<string, Outsource[]> => {
  const byCase = new Map<string, Outsource[]>();
  for (const row of jobs) {
    const { job } = row;
    const presented: Outsource = {
      id: job.id,
      uid: job.uid,
      case_id: row.case_id,
      partner: row.partner,
      partner_id: job.partner_id,
      adapter_type: row.adapter_type as PartnerAdapterType | null,
      start: toIso(job.start),
      end: toIso(job.end),
      expected_return: toIso(job.expected_return),
      marked_as_completed: toIso(job.marked_as_completed),
      due_soon_reminder: toIso(job.due_soon_reminder),
      overdue_reminder: toIso(job.overdue_reminder),
      partner_status: job.partner_status,
      upload_not_required: job.upload_not_required,
      tracking_number: job.tracking_number,
      outsource_key: job.outsource_key,
      job_type: job.job_type as Outsource['job_type'],
      returning_branch_id: job.returning_branch_id,
      returning_branch: row.returning_branch,
      note: job.note,
      additional_recipients: (job.additional_recipients ?? []) as string[],
      created_at: toIso(job.created_at),
      created_by: row.created_by,
      status: 'Not Started',
      integrated_outsource_requests: requests.filter((r) => r.outsource_id === job.id).map(presentRequest),
      messages: notes
        .filter((m) => m.outsource_uid === job.uid)
        .map((m) => ({
          uid: m.uid,
          outsource_uid: job.uid,
          created_at: toIso(m.created_at),
          author_reference: m.author_reference,
          note: m.note,
          direction: m.direction as OutsourceMessage['direction'],
        })),
    };
    presented.status = outsourceJobStatus(presented);
    const list = byCase.get(job.case_uid) ?? [];
    list.push(presented);
    byCase.set(job.case_uid, list);
  }
  return byCase;
};
