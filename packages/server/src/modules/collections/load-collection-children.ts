import { sql } from 'drizzle-orm';
import { collectionCaseUids, type CaseUids } from '../../db/any-of';
import type { Queryable } from '../../db/client';
import type { PartRows } from '../../db/combined-read';
import { clients, collections } from '../../db/schema/index';
import { caseOutsourceParts, presentCaseOutsources } from '../outsourcing/case-outsources';
import {
  approvalEmailTimesQuery,
  caseFilesQuery,
  caseRowsQuery,
  casesWithOpenAlertsQuery,
  checklistItemsQuery,
  clientGaugeKitsQuery,
  componentLinesQuery,
  implantsQuery,
  machineProjectsQuery,
  pickingSlipRowsQuery,
  relatedCasesQuery,
  returnFilesQuery,
  type CaseRow,
} from './case-queries';
import {
  approvalRowsQuery,
  collectionRowQuery,
  dispatchRowsQuery,
  locationAuditQuery,
  pricingKitsQuery,
  referralsQuery,
} from './collection-queries';

// The selects of a collection's answer, as parts of ONE statement (db/combined-read.ts): the collection
// (placeholder `uid`), its cases, and each child table once for the cases named by `caseUids`.

// The market an implant's platform is offered in: the collection's fulfillment branch and its shipping
// client's country, read by the same statement.
const collectionMarket = {
  branch: sql`(SELECT ${collections.fulfillment_branch_id} FROM ${collections} WHERE ${collections.uid} = ${sql.placeholder('uid')})`,
  country: sql`(SELECT ${clients.country} FROM ${collections} JOIN ${clients} ON ${clients.id} = ${collections.shipping_client_id} WHERE ${collections.uid} = ${sql.placeholder('uid')})`,
};

/** What a case card shows beyond its own row, for the cases named by `caseUids`. */
const caseChildParts = (caseUids: CaseUids) => ({
  collection: (q: Queryable) => collectionRowQuery(q),
  caseRows: (q: Queryable) => caseRowsQuery(q),
  dispatchRows: (q: Queryable) => dispatchRowsQuery(q),
  approvalRows: (q: Queryable) => approvalRowsQuery(q, caseUids),
  clientGaugeKits: (q: Queryable) => clientGaugeKitsQuery(q, caseUids),
  componentLines: (q: Queryable) => componentLinesQuery(q, caseUids),
  relatedCases: (q: Queryable) => relatedCasesQuery(q, caseUids),
  pickingSlipRows: (q: Queryable) => pickingSlipRowsQuery(q, caseUids),
  machineProjects: (q: Queryable) => machineProjectsQuery(q, caseUids),
  files: (q: Queryable) => caseFilesQuery(q, caseUids),
  returnFiles: (q: Queryable) => returnFilesQuery(q, caseUids),
  approvalEmailTimes: (q: Queryable) => approvalEmailTimesQuery(q, caseUids),
  implants: (q: Queryable) => implantsQuery(q, caseUids, collectionMarket),
  checklistItems: (q: Queryable) => checklistItemsQuery(q, caseUids),
  openAlerts: (q: Queryable) => casesWithOpenAlertsQuery(q, caseUids),
  ...caseOutsourceParts(caseUids),
});

/** One case's answer (a case action's): its collection, the collection's cases, its own children. */
export const collectionCaseParts = caseChildParts(sql.placeholder('uids'));

/** The whole collection's answer: every case's children, and the collection's own lists. */
export const collectionParts = {
  ...caseChildParts(collectionCaseUids),
  locationAudit: (q: Queryable) => locationAuditQuery(q),
  pricingKits: (q: Queryable) => pricingKitsQuery(q),
  referrals: (q: Queryable) => referralsQuery(q),
};

type CaseChildRows = PartRows<typeof collectionCaseParts>;
export type CollectionRow = CaseChildRows['collection'][number];

/** The children as the presenters take them, from the rows of either set of parts. */
export const caseChildrenOf = (rows: CaseChildRows) => ({
  dispatchRows: rows.dispatchRows,
  approvalRows: rows.approvalRows,
  clientGaugeKits: rows.clientGaugeKits,
  componentLines: rows.componentLines,
  relatedCases: rows.relatedCases,
  pickingSlipRows: rows.pickingSlipRows,
  machineProjects: rows.machineProjects,
  outsources: presentCaseOutsources(rows),
  files: rows.files,
  returnFiles: rows.returnFiles,
  approvalEmailTimes: rows.approvalEmailTimes,
  implants: rows.implants,
  checklistItems: rows.checklistItems,
  openAlerts: rows.openAlerts,
});
export type CaseChildren = ReturnType<typeof caseChildrenOf>;

export const collectionChildrenOf = (rows: PartRows<typeof collectionParts>) => ({
  locationAudit: rows.locationAudit,
  pricingKits: rows.pricingKits,
  referrals: rows.referrals,
  ...caseChildrenOf(rows),
});
export type CollectionChildren = ReturnType<typeof collectionChildrenOf>;

/** The employees the answer names by id (delegates, stage users, slip pickers, approval authors, …). */
export const mentionedUserIds = (caseRows: CaseRow[], children: CaseChildren): number[] =>
  [
    ...caseRows.flatMap((r) => [
      r.case.delegated_to_id,
      r.case.check_in_user_id,
      r.case.metrology_user_id,
      r.case.design_user_id,
      r.case.machine_user_id,
    ]),
    ...children.pickingSlipRows.flatMap((r) => [r.slip.requested_by_id, r.slip.picked_by_id]),
    ...children.approvalRows.map((r) => r.approval.created_by_id),
    ...children.dispatchRows.map((r) => r.dispatched_by_id),
    ...children.machineProjects.map((r) => r.created_by_id),
  ].filter((id): id is number => id !== null);

export type CollectionSources<Children extends CaseChildren = CollectionChildren> = {
  collection: CollectionRow;
  caseRows: CaseRow[];
  children: Children;
  userNames: Map<number, string>;
};
