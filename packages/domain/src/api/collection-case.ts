import { z } from 'zod';
import {
  departments,
  dentates,
  fileCategories,
  machineProjectStatuses,
  redoCharges,
  redoReasonCodes,
  redoTypes,
} from '../enums';
import { isoDateTime, nullableIsoDateTime } from './common';
import { dispatchSchema } from './dispatches';
import { implantSchema } from './implants';
import { outsourceSchema, type Outsource } from './outsourcing';

// One case (component) as GET /api/v2/collection/{uid}/ answers it: the Case of case-workspace §3 plus
// the component-card fields of collection-views §3. Names are the spec's; ids of people and catalogue
// rows travel next to their display names so the edit forms can preselect them.

/** An attachment, analog or generic component requested on the case. */
export const componentLineSchema = z.object({
  code: z.string(),
  component_id: z.number().int(),
  quantity: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_disabled: z.boolean(),
});
export type ComponentLine = z.infer<typeof componentLineSchema>;

/** A file of one of the case's Files cards; partner is set for outsource files. */
export const caseFileSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  added: isoDateTime,
  file_category: z.enum(fileCategories),
  partner: z.string().nullable(),
  // An edited (blurred) copy standing in for its original, which admin or DESIGN may restore.
  blurred: z.boolean(),
});
export type CaseFile = z.infer<typeof caseFileSchema>;

// oft_file_uid: the file service uid, so the return file can be downloaded (an addition to the spec's fields).
export const returnFileSchema = z.object({
  oft_file_name: z.string(),
  oft_file_uid: z.uuid().nullable(),
  created_at: isoDateTime,
});

export const clientGaugeKitSchema = z.object({ gauge_kit_id: z.number().int(), kit_box_display: z.string() });

export const relatedCaseSchema = z.object({
  uid: z.uuid(),
  case_mkey: z.string(),
  job_type: z.string(),
  status: z.string(),
});
export type RelatedCase = z.infer<typeof relatedCaseSchema>;

export const pickItemSchema = z.object({
  code: z.string(),
  quantity: z.number().int(),
  type: z.string(),
  description: z.string(),
});

/** Lot numbers as recorded by the warehouse: a plain list, or lists per group (e.g. Screws, Analogs). */
export const lotNumbersSchema = z.union([z.array(z.string()), z.record(z.string(), z.array(z.string()))]);

export const pickingSlipSchema = z.object({
  id: z.number().int(),
  requested_at: isoDateTime,
  requested_by: z.string().nullable(),
  picked_at: nullableIsoDateTime,
  picked_by: z.string().nullable(),
  pick_items: z.array(pickItemSchema),
  lot_numbers: lotNumbersSchema.nullable(),
});
export type PickingSlip = z.infer<typeof pickingSlipSchema>;

export const machineProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  machine: z.string().nullable(),
  branch: z.string(),
  start_time: nullableIsoDateTime,
  end_time: nullableIsoDateTime,
  created_by: z.string().nullable(),
  status: z.enum(machineProjectStatuses),
});
export type MachineProject = z.infer<typeof machineProjectSchema>;

/** The outsource jobs of a case (the Outsourcing tab's cards). */
export const outsourceSummarySchema = outsourceSchema;
export type OutsourceSummary = Outsource;

export const checklistItemRefSchema = z.object({ id: z.number().int(), department: z.string() });

/** A design automation run, e.g. {type: 'nexus_connect', payload: {nc_session_id}} (component export). */
export const automationResultSchema = z.object({
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
});

const nullableName = z.string().nullable();
const nullableId = z.number().int().nullable();

export const collectionCaseSchema = z.object({
  uid: z.uuid(),
  // Legacy numeric id of /api/v2/case/{case_id}/.
  case_id: z.number().int(),
  case_mkey: z.string(),
  job_type: z.string(),
  job_type_id: z.number().int(),
  product_class: z.string(),
  // The collection's collection_id.
  collection_reference: z.number().int(),
  redo: z.enum(redoTypes).nullable(),
  // The case this one redoes.
  redo_of_case_uid: z.uuid().nullable(),
  redo_reason: z.enum(redoReasonCodes).nullable(),
  redo_charge: z.enum(redoCharges).nullable(),
  // Percent off when redo_charge is discount.
  redo_discount_amount: z.number().nullable(),
  redo_new_screws_required: z.boolean(),
  virtual_product: z.boolean(),
  active: z.boolean(),
  requires_return_file: z.boolean(),
  date_received: nullableIsoDateTime,
  internal_due: nullableIsoDateTime,
  immediacy_due: nullableIsoDateTime,
  added: isoDateTime,
  group_number: nullableId,
  // The other cases of the collection with the same group_number (they ship together).
  grouped_case_uids: z.array(z.uuid()),
  status: z.string(),
  status_id: z.number().int(),
  // Who owns the case now; null once dispatched or cancelled.
  department: z.enum(departments).nullable(),
  ordered: z.boolean(),
  in_design: z.boolean(),
  in_production: z.boolean(),
  in_lab: z.boolean(),
  // From the status: the finishing selector offers itself on these.
  in_finishing: z.boolean(),
  dispatched: z.boolean(),
  // From the status: the New Dispatch dialog offers these cases.
  dispatch_ready: z.boolean(),
  cancelled: z.boolean(),
  delegated_to: nullableName,
  delegated_to_id: nullableId,
  tracking_number: z.string().nullable(),
  warranty_void: z.boolean(),
  material_type: nullableName,
  material_type_id: nullableId,
  material: nullableName,
  material_id: nullableId,
  material_batch_number: z.string().nullable(),
  material_thickness: z.number().nullable(),
  dentate: z.enum(dentates).nullable(),
  attachments: z.array(componentLineSchema),
  analogs: z.array(componentLineSchema),
  generic_components: z.array(componentLineSchema),
  // 0 = 'none matches': scan_gauge_name holds the gauge the client named.
  scan_gauge_kit_id: nullableId,
  scan_gauge_kit_display: z.string().nullable(),
  scan_gauge_name: z.string().nullable(),
  client_gauge_kits: z.array(clientGaugeKitSchema),
  related_cases: z.array(relatedCaseSchema),
  picking_slips: z.array(pickingSlipSchema),
  machine_project: machineProjectSchema.nullable(),
  outsources: z.array(outsourceSummarySchema),
  metrology_user_id: nullableId,
  design_user_id: nullableId,
  machine_user_id: nullableId,
  order_files: z.array(caseFileSchema),
  internal_files: z.array(caseFileSchema),
  approval_files: z.array(caseFileSchema),
  outsource_sent_files: z.array(caseFileSchema),
  outsource_received_files: z.array(caseFileSchema),
  return_files: z.array(returnFileSchema),
  date_promised: nullableIsoDateTime,
  // The customer due time the schedule works to: date_promised, else start + standard turnaround.
  customer_due: nullableIsoDateTime,
  metrology_due: nullableIsoDateTime,
  date_metrology_complete: nullableIsoDateTime,
  design_due: nullableIsoDateTime,
  date_design_complete: nullableIsoDateTime,
  date_approval_complete: nullableIsoDateTime,
  machining_due: nullableIsoDateTime,
  date_machining_complete: nullableIsoDateTime,
  dispatch_due: nullableIsoDateTime,
  date_dispatched: nullableIsoDateTime,
  // The dispatches that carried the case, newest first (the collection's entries for it).
  dispatches: z.array(dispatchSchema),
  check_in_user: nullableName,
  metrology_user: nullableName,
  design_user: nullableName,
  machine_user: nullableName,
  // When approval request and reminder e-mails went out, oldest first (timeline entries).
  approval_email_times: z.array(isoDateTime),
  // The business time the case waited on the client (its ended holds), added to the customer's due.
  customer_delay_seconds: z.number().int().optional(),
  implants: z.array(implantSchema),
  checklist_items: z.array(checklistItemRefSchema),
  folder_path: z.string().nullable(),
  automation_results: z.array(automationResultSchema),
  // An unresolved ALERTING_MESSAGE exists for the case.
  has_unresolved_alert: z.boolean(),
});
export type CollectionCase = z.infer<typeof collectionCaseSchema>;
