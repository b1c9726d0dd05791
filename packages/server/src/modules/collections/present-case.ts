import {
  toIso,
  type CaseFile,
  type CollectionCase,
  type ComponentLine,
  type Department,
  type Dentate,
  type Dispatch,
  type FileCategory,
  type MachineProject,
  type PickingSlip,
} from '@lab/domain';
import type { CaseRow } from './case-queries';
import type { CaseChildren } from './load-collection-children';

// Turns the rows of one case and its children (already grouped by case uid) into the wire case.

export const groupBy = <T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
};

/** Numeric columns come back as strings (exact decimals); the wire carries numbers. */
const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));

type Children = CaseChildren;
type ImplantRow = Children['implants'][number];
type FileRow = Children['files'][number];
type SlipRow = Children['pickingSlipRows'][number];
type ProjectRow = Children['machineProjects'][number];

const presentImplant = (row: ImplantRow): CollectionCase['implants'][number] => ({
  id: row.id,
  tooth: row.tooth,
  platform_id: row.platform_id,
  platform: row.platform,
  screw: row.screw,
  tibase: row.tibase,
  biaxial: row.biaxial,
  engaging: row.engaging,
  using_defaults: { screw: row.using_default_screw, tibase: row.using_default_tibase },
  // Same rule as the implant calls: a pontic has no platform that could be unavailable.
  platform_valid: row.platform_id === null || (row.platform_offered && row.platform_enabled === true),
  to_tibase: row.to_tibase ?? false,
});

const presentFile = (row: FileRow): CaseFile => ({
  id: row.id,
  filename: row.filename,
  added: toIso(row.added),
  file_category: row.file_category as FileCategory,
  partner: row.partner,
  blurred: row.blurred,
});

const presentPickingSlip = (rows: SlipRow[], userNames: Map<number, string>): PickingSlip | null => {
  const first = rows[0];
  if (!first) return null;
  const { slip } = first;
  return {
    id: slip.id,
    requested_at: toIso(slip.requested_at),
    requested_by: slip.requested_by_id === null ? null : (userNames.get(slip.requested_by_id) ?? null),
    picked_at: toIso(slip.picked_at),
    picked_by: slip.picked_by_id === null ? null : (userNames.get(slip.picked_by_id) ?? null),
    pick_items: rows.flatMap((r) => (r.item ? [r.item] : [])),
    lot_numbers: (slip.lot_numbers ?? null) as PickingSlip['lot_numbers'],
  };
};

const presentMachineProject = (row: ProjectRow, userNames: Map<number, string>): MachineProject => ({
  id: row.id,
  name: row.name,
  machine: row.machine,
  branch: row.branch,
  start_time: toIso(row.start_time),
  end_time: toIso(row.end_time),
  created_by: row.created_by_id === null ? null : (userNames.get(row.created_by_id) ?? null),
  status: row.status as MachineProject['status'],
});

/** The children of every case, grouped by case uid once, so each case is a handful of map lookups. */
export const indexCaseChildren = (
  children: Children,
  userNames: Map<number, string>,
  dispatches: Map<string, Dispatch[]>,
) => {
  const lines = groupBy(children.componentLines, (r) => `${r.case_uid}:${r.kind}`);
  const slips = groupBy(children.pickingSlipRows, (r) => r.slip.id);
  return {
    userNames,
    lines: (caseUid: string, kind: string): ComponentLine[] =>
      (lines.get(`${caseUid}:${kind}`) ?? []).map(({ case_uid: _, kind: __, ...line }) => line),
    clientGaugeKits: groupBy(children.clientGaugeKits, (r) => r.case_uid),
    relatedCases: groupBy(children.relatedCases, (r) => r.case_uid),
    pickingSlips: groupBy(
      [...slips.values()].flatMap((rows) => {
        const slip = presentPickingSlip(rows, userNames);
        return slip && rows[0] ? [{ case_uid: rows[0].slip.case_uid, slip }] : [];
      }),
      (r) => r.case_uid,
    ),
    machineProjects: new Map(
      children.machineProjects.map((r) => [r.id, presentMachineProject(r, userNames)]),
    ),
    outsources: children.outsources,
    files: groupBy(children.files, (r) => `${r.case_uid ?? ''}:${r.file_category}`),
    returnFiles: groupBy(children.returnFiles, (r) => r.case_uid),
    approvalEmailTimes: groupBy(children.approvalEmailTimes, (r) => r.case_uid),
    implants: groupBy(children.implants, (r) => r.case_uid),
    checklistItems: groupBy(children.checklistItems, (r) => r.case_uid),
    openAlerts: new Set(children.openAlerts.map((r) => r.case_uid)),
    dispatches,
  };
};
export type CaseChildrenIndex = ReturnType<typeof indexCaseChildren>;

export type CaseContext = {
  collectionId: number;
  /** Case uids by group number: the cases that ship together. */
  groups: Map<number, string[]>;
  index: CaseChildrenIndex;
};

export const presentCase = (row: CaseRow, context: CaseContext): CollectionCase => {
  const c = row.case;
  const { index } = context;
  const nameOf = (id: number | null) => (id === null ? null : (index.userNames.get(id) ?? null));
  const filesOf = (category: string) => (index.files.get(`${c.uid}:${category}`) ?? []).map(presentFile);
  // The 'none matches' scan gauge is a null kit with a typed name; the wire calls it id 0.
  const scanGaugeKitId = c.scan_gauge_kit_id ?? (c.scan_gauge_name ? 0 : null);
  const kit = row.scan_gauge_kit;
  return {
    uid: c.uid,
    case_id: c.case_id,
    case_mkey: c.case_mkey,
    job_type: row.job_type,
    job_type_id: c.job_type_id,
    product_class: row.product_class,
    collection_reference: context.collectionId,
    redo: c.redo_type as CollectionCase['redo'],
    redo_of_case_uid: c.redo_of_case_uid,
    redo_reason: c.redo_reason as CollectionCase['redo_reason'],
    redo_charge: c.redo_charge as CollectionCase['redo_charge'],
    redo_discount_amount: toNumber(c.redo_discount_amount),
    redo_new_screws_required: c.redo_new_screws_required,
    virtual_product: c.virtual_product,
    active: c.active ?? !(c.dispatched || c.cancelled),
    requires_return_file: c.requires_return_file,
    date_received: toIso(c.date_received),
    internal_due: toIso(c.internal_due),
    immediacy_due: toIso(c.immediacy_due),
    added: toIso(c.added),
    group_number: c.group_number,
    grouped_case_uids:
      c.group_number === null
        ? []
        : (context.groups.get(c.group_number) ?? []).filter((uid) => uid !== c.uid),
    status: row.status,
    status_id: c.status_id,
    department: c.department as Department | null,
    ordered: c.ordered,
    in_design: c.in_design,
    in_production: c.in_production,
    in_lab: c.in_lab,
    in_finishing: row.in_finishing,
    dispatched: c.dispatched,
    dispatch_ready: row.dispatch_ready,
    cancelled: c.cancelled,
    delegated_to: nameOf(c.delegated_to_id),
    delegated_to_id: c.delegated_to_id,
    tracking_number: c.tracking_number,
    warranty_void: c.warranty_void,
    material_type: row.material_type,
    material_type_id: c.material_type_id,
    material: row.material,
    material_id: c.material_id,
    material_batch_number: c.material_batch_number,
    material_thickness: toNumber(c.material_thickness),
    dentate: c.dentate as Dentate | null,
    attachments: index.lines(c.uid, 'attachment'),
    analogs: index.lines(c.uid, 'analog'),
    generic_components: index.lines(c.uid, 'generic'),
    scan_gauge_kit_id: scanGaugeKitId,
    scan_gauge_kit_display: kit
      ? kit.kit_box_display
        ? `${kit.name} (${kit.kit_box_display})`
        : kit.name
      : c.scan_gauge_name,
    scan_gauge_name: c.scan_gauge_name,
    client_gauge_kits: (index.clientGaugeKits.get(c.uid) ?? []).map((k) => ({
      gauge_kit_id: k.gauge_kit_id,
      kit_box_display: k.kit_box_display,
    })),
    related_cases: (index.relatedCases.get(c.uid) ?? []).map(({ case_uid: _, ...related }) => related),
    picking_slips: (index.pickingSlips.get(c.uid) ?? []).map((r) => r.slip),
    machine_project:
      c.machine_project_id === null ? null : (index.machineProjects.get(c.machine_project_id) ?? null),
    outsources: index.outsources.get(c.uid) ?? [],
    metrology_user_id: c.metrology_user_id,
    design_user_id: c.design_user_id,
    machine_user_id: c.machine_user_id,
    order_files: filesOf('order_file'),
    internal_files: filesOf('internal_file'),
    approval_files: filesOf('approval_file'),
    outsource_sent_files: filesOf('outsource_sent_file'),
    outsource_received_files: filesOf('outsource_received_file'),
    return_files: (index.returnFiles.get(c.uid) ?? []).map((f) => ({
      oft_file_name: f.oft_file_name,
      oft_file_uid: f.oft_file_uid,
      created_at: toIso(f.created_at),
    })),
    date_promised: toIso(c.date_promised),
    customer_due: toIso(c.customer_due),
    metrology_due: toIso(c.metrology_due),
    date_metrology_complete: toIso(c.date_metrology_complete),
    design_due: toIso(c.design_due),
    date_design_complete: toIso(c.date_design_complete),
    date_approval_complete: toIso(c.date_approval_complete),
    machining_due: toIso(c.machining_due),
    date_machining_complete: toIso(c.date_machining_complete),
    dispatch_due: toIso(c.dispatch_due),
    date_dispatched: toIso(c.date_dispatched),
    dispatches: index.dispatches.get(c.uid) ?? [],
    check_in_user: nameOf(c.check_in_user_id),
    metrology_user: nameOf(c.metrology_user_id),
    design_user: nameOf(c.design_user_id),
    machine_user: nameOf(c.machine_user_id),
    approval_email_times: (index.approvalEmailTimes.get(c.uid) ?? []).map((r) => toIso(r.created_at)),
    customer_delay_seconds: c.customer_delay_seconds,
    implants: (index.implants.get(c.uid) ?? []).map(presentImplant),
    checklist_items: (index.checklistItems.get(c.uid) ?? []).map((i) => ({
      id: i.id,
      department: i.department,
    })),
    folder_path: c.folder_path,
    automation_results: c.automation_results as CollectionCase['automation_results'],
    has_unresolved_alert: index.openAlerts.has(c.uid),
  };
};
