import type { Queryable } from '../../db/client';
import { findCaseOutsources } from '../outsourcing/case-outsources';
import {
  findApprovalEmailTimes,
  findCaseFiles,
  findCasesWithOpenAlerts,
  findChecklistItems,
  findClientGaugeKits,
  findComponentLines,
  findImplants,
  findMachineProjects,
  findPickingSlipRows,
  findRelatedCases,
  findReturnFiles,
  type CaseRow,
} from './case-queries';
import {
  findApprovalRows,
  findDispatchRows,
  findLocationAudit,
  findPricingKits,
  findReferrals,
  type CollectionRow,
} from './collection-queries';

/**
 * What the cases of `caseRows` show, one statement per child table for all of them (a case action's
 * answer passes only its own case). They run one after another because `db` may be a transaction,
 * whose single connection takes one query at a time.
 */
export const loadCaseChildren = async (db: Queryable, collection: CollectionRow, caseRows: CaseRow[]) => {
  const uid = collection.collection.uid;
  const caseUids = caseRows.map((r) => r.case.uid);
  const projectIds = caseRows.flatMap((r) =>
    r.case.machine_project_id === null ? [] : [r.case.machine_project_id],
  );
  const market = {
    branchId: collection.collection.fulfillment_branch_id,
    country: collection.shipping_client.country,
  };
  const approvalRows = await findApprovalRows(db, caseUids);
  return {
    dispatchRows: await findDispatchRows(db, uid),
    approvalRows,
    clientGaugeKits: await findClientGaugeKits(db, caseUids),
    componentLines: await findComponentLines(db, caseUids),
    relatedCases: await findRelatedCases(db, caseUids),
    pickingSlipRows: await findPickingSlipRows(db, caseUids),
    // Most cases are on no machine project: no statement then.
    machineProjects: projectIds.length === 0 ? [] : await findMachineProjects(db, projectIds),
    outsources: await findCaseOutsources(db, caseUids),
    files: await findCaseFiles(db, caseUids),
    returnFiles: await findReturnFiles(db, caseUids),
    // The e-mails of approval requests: none without an approval.
    approvalEmailTimes: approvalRows.length === 0 ? [] : await findApprovalEmailTimes(db, caseUids),
    implants: await findImplants(db, caseUids, market),
    checklistItems: await findChecklistItems(db, caseUids),
    openAlerts: await findCasesWithOpenAlerts(db, caseUids),
  };
};
export type CaseChildren = Awaited<ReturnType<typeof loadCaseChildren>>;

/** Every child table of the collection and of its cases. */
export const loadCollectionChildren = async (
  db: Queryable,
  collection: CollectionRow,
  caseRows: CaseRow[],
) => {
  const uid = collection.collection.uid;
  return {
    locationAudit: await findLocationAudit(db, uid),
    pricingKits: await findPricingKits(db, uid),
    referrals: await findReferrals(db, uid),
    ...(await loadCaseChildren(db, collection, caseRows)),
  };
};
export type CollectionChildren = Awaited<ReturnType<typeof loadCollectionChildren>>;

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
