import type { Permission } from '../rules/permissions';
import type { CaseActionName, FinishingAction } from './case-actions/index';
import type { CollectionActionName } from './collection-actions';

// The permission each action of the two action routes needs (rules/permissions.ts). Typed by the unions,
// so an action added without a permission fails the build.

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
  edit_case_items: 'edit_case_details',
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
};

/** POST /api/v2/finishing/{case_id}/: a status chosen at the finishing bench. */
export const finishingActionPermission: Permission = 'change_status';
export type { FinishingAction };

export const collectionActionPermissions: Record<CollectionActionName, Permission> = {
  order_form_list: 'work_on_cases',
  attachment_list: 'work_on_cases',
  analog_list: 'work_on_cases',
  generic_component_list: 'work_on_cases',
  audit_list: 'work_on_cases',
  toggle_vip: 'edit_collection_details',
  toggle_location: 'edit_collection_details',
  regenerate_portal_key: 'administer',
};
