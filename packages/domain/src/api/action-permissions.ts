import type { Permission } from '../rules/permissions';
import type { CaseActionName, CaseEdit } from './case-actions/index';
import type { CollectionActionName } from './collection-actions';
import { portalTexts } from './portal-texts';

// The permission each action of the two action routes needs (rules/permissions.ts). Typed by the unions,
// so an action added without a permission fails the build. edit_case needs what its fields need.

export const caseActionPermissions: Record<CaseActionName, Permission> = {
  // Reads and links: anyone working on cases.
  file_link: 'work_on_cases',
  picking_slip: 'work_on_cases',
  // Files: the work of every department (restoring a blurred image has its own rule besides).
  auto_internal_upload: 'work_on_cases',
  auto_outsource_upload: 'work_on_cases',
  upload_files: 'work_on_cases',
  upload_return_file: 'work_on_cases',
  delete_file: 'work_on_cases',
  restore_file: 'work_on_cases',
  blur_file: 'work_on_cases',
  // Outsourcing: whoever sends the work out.
  plan_outsource: 'work_on_cases',
  start_outsource: 'work_on_cases',
  end_outsource: 'work_on_cases',
  send_outsource_message: 'work_on_cases',
  start_integrated_outsource: 'work_on_cases',
  redo_integrated_outsource: 'work_on_cases',
  // The case's course through the lab.
  received: 'change_status',
  mark_as_done: 'change_status',
  // The case's own details.
  edit_case: 'edit_case_details',
  edit_case_items: 'invoice',
  edit_component: 'edit_case_details',
  edit_group_number: 'edit_case_details',
  update_times: 'edit_case_details',
  redo_case: 'edit_case_details',
  start_immediacy: 'edit_case_details',
  end_immediacy: 'edit_case_details',
  toggle_warranty: 'edit_case_details',
  clone_implants: 'edit_implants',
  // Billing (finalising and manual invoicing are for administrators besides).
  finalise_invoice: 'invoice',
  manually_invoiced: 'invoice',
  split_invoice: 'invoice',
  invoice_purchase_order: 'invoice',
  invoice_freight: 'invoice',
};

const editCaseFieldPermissions: Record<keyof CaseEdit, Permission> = {
  status_id: 'change_status',
  material_type_id: 'record_production',
  material_id: 'record_production',
  material_batch_number: 'record_production',
  material_thickness: 'record_production',
  delegated_to_id: 'record_production',
  job_type_id: 'edit_case_details',
  dentate: 'edit_case_details',
  scan_gauge_kit_id: 'edit_case_details',
  scan_gauge_name: 'edit_case_details',
  client_gauge_kits: 'edit_case_details',
  fulfillment_branch_id: 'edit_case_details',
};

const isCaseActionName = (name: unknown): name is CaseActionName =>
  typeof name === 'string' && Object.hasOwn(caseActionPermissions, name);

/**
 * Every permission a case action needs: edit_case those of the fields it sends, else the action's one.
 * Read from the body as sent (before its schema), so a refused person meets the refusal, not field
 * errors; a body naming no known action needs nothing here (its schema refuses it).
 */
export const caseActionPermissionsOf = (body: unknown): Permission[] => {
  const { action, case: edit } = (typeof body === 'object' && body !== null ? body : {}) as {
    action?: unknown;
    case?: unknown;
  };
  if (!isCaseActionName(action)) return [];
  if (action !== 'edit_case' || typeof edit !== 'object' || edit === null)
    return [caseActionPermissions[action]];
  const fields = Object.keys(edit).filter((k): k is keyof CaseEdit =>
    Object.hasOwn(editCaseFieldPermissions, k),
  );
  if (fields.length === 0) return ['edit_case_details'];
  return [...new Set(fields.map((field) => editCaseFieldPermissions[field]))];
};

/** What a collection action needs, read from the body as sent; none for an unknown action. */
export const collectionActionPermissionOf = (body: unknown): ActionPermission[] => {
  const { action } = (typeof body === 'object' && body !== null ? body : {}) as { action?: unknown };
  if (typeof action !== 'string' || !Object.hasOwn(collectionActionPermissions, action)) return [];
  return [collectionActionPermissions[action as CollectionActionName]];
};

/** A permission, or one whose refusal the spec words for this action. */
export type ActionPermission = Permission | { permission: Permission; refusal: string };

export const collectionActionPermissions: Record<CollectionActionName, ActionPermission> = {
  order_form_list: 'work_on_cases',
  attachment_list: 'work_on_cases',
  analog_list: 'work_on_cases',
  generic_component_list: 'work_on_cases',
  audit_list: 'work_on_cases',
  toggle_vip: 'edit_collection_details',
  toggle_location: 'edit_collection_details',
  regenerate_portal_key: { permission: 'administer', refusal: portalTexts.regenerateAdminOnly },
};
