import {
  toIso,
  type Collection,
  type CollectionCase,
  type CollectionApproval,
  type LocationAuditEntry,
  type OrderingPlatform,
  type PricingKitEntry,
} from '@lab/domain';
import type { CaseChildren, CollectionChildren, CollectionSources } from './load-collection-children';
import { groupBy, indexCaseChildren, presentCase } from './present-case';
import { dispatchesByCase, presentDefaultShippingAddress, presentDispatches } from './present-dispatch';

// Assembles the answer of GET /api/v2/collection/{uid}/ from the rows the loader read.

const kitDentates = ['UPPER', 'LOWER'] as const;

const presentPricingKit = (row: CollectionChildren['pricingKits'][number]): PricingKitEntry => {
  const dentate = row.dentate as PricingKitEntry['kit_dentate_name'];
  return {
    kit_collection_id: row.kit_collection_id,
    kit_dentate_id: kitDentates.indexOf(dentate) + 1,
    kit_dentate_name: dentate,
    kit_id: row.kit_id,
    kit_code: row.kit_code,
    kit_name: row.kit_name,
    kit_implant_qty: row.kit_implant_qty,
  };
};

export const presentLocationAudit = (
  row: CollectionChildren['locationAudit'][number],
): LocationAuditEntry => ({ ...row, moved_at: toIso(row.moved_at) });

export const presentApprovals = (
  rows: CollectionChildren['approvalRows'],
  userNames: Map<number, string>,
): CollectionApproval[] =>
  [...groupBy(rows, (r) => r.approval.uid).values()].flatMap((group) => {
    const first = group[0];
    if (!first) return [];
    const a = first.approval;
    return [
      {
        uid: a.uid,
        case_uid: a.case_uid,
        approval_type: a.approval_type,
        created_at: toIso(a.created_at),
        created_by: a.created_by_id === null ? null : (userNames.get(a.created_by_id) ?? null),
        approval_due_at: toIso(a.approval_due_at),
        approved_at: toIso(a.approved_at),
        approved_by: a.approved_by,
        cancelled_at: toIso(a.cancelled_at),
        cancelled_by: a.cancelled_by,
        changes_requested_at: toIso(a.changes_requested_at),
        changes: a.changes,
        send_reminders: a.send_reminders,
        reminder_interval_seconds: a.reminder_interval_seconds,
        next_reminder_due: toIso(a.next_reminder_due),
        approval_files: group.flatMap((r) => (r.file ? [{ ...r.file, added: toIso(r.file.added) }] : [])),
      },
    ];
  });

/** What presenting a case needs beyond its row: its collection's groups, dispatches and children. */
const caseContext = (sources: CollectionSources<CaseChildren>) => {
  const { collection: row, caseRows, children, userNames } = sources;
  const groups = new Map<number, string[]>();
  for (const { case: c } of caseRows) {
    if (c.group_number !== null) groups.set(c.group_number, [...(groups.get(c.group_number) ?? []), c.uid]);
  }
  const dispatches = presentDispatches(children.dispatchRows, userNames);
  const index = indexCaseChildren(children, userNames, dispatchesByCase(dispatches));
  return { collectionId: row.collection.collection_id, groups, index, dispatches };
};

/** One case exactly as presentCollection lists it, from its own children (a case action's answer). */
export const presentCollectionCase = (
  sources: CollectionSources<CaseChildren>,
  caseRow: CollectionSources['caseRows'][number],
): CollectionCase => presentCase(caseRow, caseContext(sources));

export const presentCollection = (sources: CollectionSources): Collection => {
  const { collection: row, caseRows, children, userNames } = sources;
  const col = row.collection;
  const context = caseContext(sources);
  const { dispatches } = context;
  const cases = caseRows.map((r) => presentCase(r, context));
  const { account_number: clientAccountNumber, ...shippingClient } = row.shipping_client;
  return {
    uid: col.uid,
    collection_id: col.collection_id,
    patient_reference: col.patient_reference,
    vip: col.vip,
    active: cases.some((c) => c.active),
    added: toIso(col.added),
    shipping_client: shippingClient,
    billing_client: row.billing_client,
    ordering_platform: col.ordering_platform as OrderingPlatform,
    fulfillment_branch: row.fulfillment_branch,
    fulfillment_branch_id: col.fulfillment_branch_id,
    order_stage: row.order_stage,
    portal_key: col.portal_key,
    new_folder_structure: col.new_folder_structure,
    location_required: col.location_required,
    bin_location: col.bin_location,
    bin_location_branch: row.bin_location_branch,
    location_audit: children.locationAudit.map(presentLocationAudit),
    pricing_kits: children.pricingKits.map(presentPricingKit),
    referrals: children.referrals.map((r) => ({
      ...r,
      created_at: toIso(r.created_at),
      accepted_at: toIso(r.accepted_at),
      canceled_at: toIso(r.canceled_at),
    })),
    client_name: shippingClient.name,
    client_account_number: clientAccountNumber,
    folder_path: col.folder_path,
    approvals: presentApprovals(children.approvalRows, userNames),
    dispatches,
    shipping_address: presentDefaultShippingAddress(row),
    cases,
  };
};
