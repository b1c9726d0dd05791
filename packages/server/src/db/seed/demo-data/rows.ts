import { caseFolderPath } from '@lab/domain';
import type { Tx } from '../../client';
import {
  approval_files,
  approvals,
  audit_events,
  branches,
  case_audit,
  case_client_gauge_kits,
  case_component_lines,
  case_return_files,
  cases,
  checklist_items,
  collection_pricing_kits,
  collections,
  communications,
  delegation_audit,
  dispatch_cases,
  dispatches,
  files,
  implant_audit,
  implants,
  integrated_outsource_requests,
  invoice_cases,
  invoice_lines,
  invoices,
  item_options,
  location_audit,
  message_attachments,
  message_portal_reads,
  message_read_receipts,
  messages,
  notifications,
  order_forms,
  outsources,
  pick_items,
  picking_slips,
  referrals,
  related_cases,
} from '../../schema/index';
import { insertAll, insertReturning } from '../batch';

// Generated rows wait here, table by table, until written in one pass. Rows point at each other by uuid
// where the table has one (made in memory); children of tables keyed by a generated identity point at
// their parent's index in its array, and the writer swaps in the id the insert returned.

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export type CaseRow = Omit<Insert<typeof cases>, 'case_mkey'> & {
  uid: string;
  collection_uid: string;
  ordinal: number;
};

export type SeedRows = {
  collections: (Insert<typeof collections> & { uid: string })[];
  cases: CaseRow[];
  files: (Insert<typeof files> & { uid: string })[];
  implants: Insert<typeof implants>[];
  implantAudit: (Omit<Insert<typeof implant_audit>, 'implant_id'> & { implantIndex: number })[];
  componentLines: Insert<typeof case_component_lines>[];
  clientGaugeKits: Insert<typeof case_client_gauge_kits>[];
  pickingSlips: Insert<typeof picking_slips>[];
  pickItems: (Omit<Insert<typeof pick_items>, 'picking_slip_id'> & { slipIndex: number })[];
  relatedCases: Insert<typeof related_cases>[];
  orderForms: Insert<typeof order_forms>[];
  approvals: (Insert<typeof approvals> & { uid: string })[];
  approvalFiles: (Omit<Insert<typeof approval_files>, 'file_id'> & { file_uid: string })[];
  outsources: (Insert<typeof outsources> & { uid: string })[];
  outsourceRequests: (Omit<Insert<typeof integrated_outsource_requests>, 'outsource_id' | 'file_id'> & {
    outsource_uid: string;
    file_uid: string | null;
  })[];
  messages: (Insert<typeof messages> & { uid: string })[];
  messageAttachments: (Omit<Insert<typeof message_attachments>, 'file_id'> & { file_uid: string })[];
  readReceipts: Insert<typeof message_read_receipts>[];
  portalReads: Insert<typeof message_portal_reads>[];
  notifications: Insert<typeof notifications>[];
  communications: Insert<typeof communications>[];
  caseAudit: Insert<typeof case_audit>[];
  delegationAudit: Insert<typeof delegation_audit>[];
  locationAudit: Insert<typeof location_audit>[];
  checklistItems: Insert<typeof checklist_items>[];
  returnFiles: Insert<typeof case_return_files>[];
  invoices: Insert<typeof invoices>[];
  invoiceLines: (Omit<Insert<typeof invoice_lines>, 'invoice_id'> & { invoiceIndex: number })[];
  invoiceCases: (Omit<Insert<typeof invoice_cases>, 'invoice_id'> & { invoiceIndex: number })[];
  itemOptions: Insert<typeof item_options>[];
  dispatches: (Insert<typeof dispatches> & { uid: string })[];
  dispatchCases: (Omit<Insert<typeof dispatch_cases>, 'dispatch_id'> & { dispatch_uid: string })[];
  pricingKits: Insert<typeof collection_pricing_kits>[];
  referrals: Insert<typeof referrals>[];
  auditEvents: Insert<typeof audit_events>[];
};

export const emptyRows = (): SeedRows => ({
  collections: [],
  cases: [],
  files: [],
  implants: [],
  implantAudit: [],
  componentLines: [],
  clientGaugeKits: [],
  pickingSlips: [],
  pickItems: [],
  relatedCases: [],
  orderForms: [],
  approvals: [],
  approvalFiles: [],
  outsources: [],
  outsourceRequests: [],
  messages: [],
  messageAttachments: [],
  readReceipts: [],
  portalReads: [],
  notifications: [],
  communications: [],
  caseAudit: [],
  delegationAudit: [],
  locationAudit: [],
  checklistItems: [],
  returnFiles: [],
  invoices: [],
  invoiceLines: [],
  invoiceCases: [],
  itemOptions: [],
  dispatches: [],
  dispatchCases: [],
  pricingKits: [],
  referrals: [],
  auditEvents: [],
});

const idOf = <K>(ids: Map<K, number>, key: K, what: string): number => {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`seed: no ${what} for ${String(key)}`);
  return id;
};

const idsByIndex = (rows: { id: number }[], what: string) => (index: number) => {
  const row = rows[index];
  if (!row) throw new Error(`seed: no ${what} at ${index}`);
  return row.id;
};

/** Writes everything in dependency order; case_mkey is built from the collection_id the insert returned. */
export const writeRows = async (tx: Tx, rows: SeedRows): Promise<void> => {
  const insertedCollections = await insertReturning(tx, collections, rows.collections);
  const collectionIds = new Map(insertedCollections.map((c) => [c.uid, c.collection_id]));
  const collectionsByUid = new Map(insertedCollections.map((c) => [c.uid, c]));
  const branchCodes = new Map(
    (await tx.select({ id: branches.id, code: branches.code }).from(branches)).map((b) => [b.id, b.code]),
  );
  const withKey = (c: CaseRow) => {
    const collectionId = idOf(collectionIds, c.collection_uid, 'collection');
    const case_mkey = `${collectionId}-${String(c.ordinal).padStart(2, '0')}`;
    // The case folder on the branch's file share is made when the case is received; a cancelled case's
    // folder is archived. Without a branch there is no share to hold it.
    const collection = collectionsByUid.get(c.collection_uid);
    const branchCode = branchCodes.get(collection?.fulfillment_branch_id ?? -1);
    const hasFolder = !c.cancelled && !(c.ordered && c.date_received === null) && branchCode !== undefined;
    const folder_path =
      hasFolder && collection
        ? caseFolderPath({
            branchCode,
            isNewFolderStructure: collection.new_folder_structure,
            collectionId,
            caseMkey: case_mkey,
          })
        : null;
    return { ...c, case_mkey, folder_path };
  };
  // Redo cases point at their original: the originals go in first.
  await insertAll(tx, cases, rows.cases.filter((c) => !c.redo_of_case_uid).map(withKey));
  await insertAll(tx, cases, rows.cases.filter((c) => c.redo_of_case_uid).map(withKey));

  const insertedFiles = await insertReturning(tx, files, rows.files);
  const fileIds = new Map(insertedFiles.map((f) => [f.uid, f.id]));
  const insertedImplants = await insertReturning(tx, implants, rows.implants);
  const implantId = idsByIndex(insertedImplants, 'implant');
  await insertAll(
    tx,
    implant_audit,
    rows.implantAudit.map(({ implantIndex, ...a }) => ({ ...a, implant_id: implantId(implantIndex) })),
  );
  await insertAll(tx, case_component_lines, rows.componentLines);
  await insertAll(tx, case_client_gauge_kits, rows.clientGaugeKits);
  const slips = await insertReturning(tx, picking_slips, rows.pickingSlips);
  const slipId = idsByIndex(slips, 'picking slip');
  await insertAll(
    tx,
    pick_items,
    rows.pickItems.map(({ slipIndex, ...p }) => ({ ...p, picking_slip_id: slipId(slipIndex) })),
  );
  await insertAll(tx, related_cases, rows.relatedCases);
  await insertAll(tx, order_forms, rows.orderForms);

  await insertAll(tx, approvals, rows.approvals);
  await insertAll(
    tx,
    approval_files,
    rows.approvalFiles.map(({ file_uid, ...a }) => ({ ...a, file_id: idOf(fileIds, file_uid, 'file') })),
  );
  const insertedOutsources = await insertReturning(tx, outsources, rows.outsources);
  const outsourceIds = new Map(insertedOutsources.map((o) => [o.uid, o.id]));
  await insertAll(
    tx,
    integrated_outsource_requests,
    rows.outsourceRequests.map(({ outsource_uid, file_uid, ...r }) => ({
      ...r,
      outsource_id: idOf(outsourceIds, outsource_uid, 'outsource'),
      file_id: file_uid ? idOf(fileIds, file_uid, 'file') : null,
    })),
  );

  await insertAll(tx, messages, rows.messages);
  await insertAll(
    tx,
    message_attachments,
    rows.messageAttachments.map(({ file_uid, ...a }) => ({ ...a, file_id: idOf(fileIds, file_uid, 'file') })),
  );
  await insertAll(tx, message_read_receipts, rows.readReceipts);
  await insertAll(tx, message_portal_reads, rows.portalReads);
  await insertAll(tx, notifications, rows.notifications);
  await insertAll(tx, communications, rows.communications);

  await insertAll(tx, case_audit, rows.caseAudit);
  await insertAll(tx, delegation_audit, rows.delegationAudit);
  await insertAll(tx, location_audit, rows.locationAudit);
  await insertAll(tx, checklist_items, rows.checklistItems);
  await insertAll(tx, case_return_files, rows.returnFiles);

  const insertedInvoices = await insertReturning(tx, invoices, rows.invoices);
  const invoiceId = idsByIndex(insertedInvoices, 'invoice');
  await insertAll(
    tx,
    invoice_cases,
    rows.invoiceCases.map(({ invoiceIndex, ...c }) => ({ ...c, invoice_id: invoiceId(invoiceIndex) })),
  );
  await insertAll(
    tx,
    invoice_lines,
    rows.invoiceLines.map(({ invoiceIndex, ...l }) => ({ ...l, invoice_id: invoiceId(invoiceIndex) })),
  );
  await insertAll(tx, item_options, rows.itemOptions);
  const insertedDispatches = await insertReturning(tx, dispatches, rows.dispatches);
  const dispatchIds = new Map(insertedDispatches.map((d) => [d.uid, d.id]));
  await insertAll(
    tx,
    dispatch_cases,
    rows.dispatchCases.map(({ dispatch_uid, ...d }) => ({
      ...d,
      dispatch_id: idOf(dispatchIds, dispatch_uid, 'dispatch'),
    })),
  );
  await insertAll(tx, collection_pricing_kits, rows.pricingKits);
  await insertAll(tx, referrals, rows.referrals);
  await insertAll(tx, audit_events, rows.auditEvents);
};

/** Row counts per table, for the seed report. */
export const countRows = (rows: SeedRows): Record<string, number> =>
  Object.fromEntries(Object.entries(rows).map(([table, list]: [string, unknown[]]) => [table, list.length]));
