import { departments, type Department } from '../enums';

// Who may change what: one table, read by the server (every write route names its permission and is
// refused with 403 and the permission's reason) and by the web (what a person may not do is disabled with
// that same reason, or not offered). Admins may do everything. Restricted employees never reach the
// restricted systems (Accounts, Gauge MRP, Management) and otherwise do what their department does.
// Why each row is what it is: docs/decisions/2026-11-29-permission-table.md.

/** What a person may be refused: the staff write routes and case actions each name one. */
export const permissions = [
  'work_on_cases',
  'edit_collection_details',
  'edit_case_details',
  'edit_implants',
  'change_status',
  'record_production',
  'tick_checklist_items',
  'program_machines',
  'print',
  'dispatch',
  'invoice',
  'stock',
  'administer',
] as const;
export type Permission = (typeof permissions)[number];

/** The employee a permission is asked of: what /api/me/ answers and the server's actor both carry. */
export type PermissionHolder = {
  department: Department;
  admin: boolean;
  restricted: boolean;
  all_departments?: boolean;
};

type Grant = {
  /** Departments that may; admins always may. */
  departments: readonly Department[];
  /** Part of a restricted system (Accounts, Gauge MRP, Management): never a restricted employee. */
  restrictedSystem: boolean;
  /** The refusal, said to the person refused (and shown beside what is disabled). */
  reason: string;
};

export const permissionTable: Record<Permission, Grant> = {
  // Notes, messages, files, approvals, outsourcing: the work every department does on a case.
  work_on_cases: { departments, restrictedSystem: false, reason: 'Only staff may do this' },
  // Patient reference, PO and group numbers, clients, VIP, bin location: the front office's order data.
  edit_collection_details: {
    departments: ['ADMIN', 'SALES', 'SUPPORT'],
    restrictedSystem: false,
    reason: 'Only Admin, Sales or Support staff may change the order’s details',
  },
  // Job type, dentate, shade, due dates, delegation, components: what design also corrects.
  edit_case_details: {
    departments: ['ADMIN', 'SALES', 'SUPPORT', 'DESIGN'],
    restrictedSystem: false,
    reason: 'Only Admin, Sales, Support or Design staff may change the case’s details',
  },
  edit_implants: {
    departments: ['ADMIN', 'SUPPORT', 'DESIGN'],
    restrictedSystem: false,
    reason: 'Only Admin, Support or Design staff may change implants',
  },
  change_status: {
    departments: ['ADMIN', 'SUPPORT', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE'],
    restrictedSystem: false,
    reason: 'Only production, Admin or Support staff may change a case’s status',
  },
  // Materials, their batch numbers and who works the case next: what the benches record as they go.
  record_production: {
    departments: ['ADMIN', 'SUPPORT', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE'],
    restrictedSystem: false,
    reason: 'Only production, Admin or Support staff may record materials or delegate a case',
  },
  // Each department its own mandatory items (checklistItemRefusal); this row is who ticks at all.
  tick_checklist_items: {
    departments: ['ADMIN', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE'],
    restrictedSystem: false,
    reason: 'Only the department an item belongs to may tick it',
  },
  program_machines: {
    departments: ['MACHINING'],
    restrictedSystem: false,
    reason: 'Only Machining staff may program, move or advance machine projects',
  },
  print: {
    departments: ['ADMIN', 'SUPPORT', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE'],
    restrictedSystem: false,
    reason: 'Only production, Admin or Support staff may print',
  },
  dispatch: {
    departments: ['WAREHOUSE', 'ADMIN'],
    restrictedSystem: false,
    reason: 'Only Warehouse or Admin staff may dispatch',
  },
  invoice: {
    departments: ['ADMIN', 'SALES'],
    restrictedSystem: true,
    reason: 'Only Admin or Sales staff may change invoices',
  },
  stock: {
    departments: ['WAREHOUSE'],
    restrictedSystem: true,
    reason: 'Only Warehouse staff may change stock',
  },
  // Users, reference data, printers, checklist templates, keys: administrators alone.
  administer: { departments: [], restrictedSystem: false, reason: 'Only an administrator may do this' },
};

/** The systems a restricted employee never reaches, reads included. */
export const restrictedSystems = ['Accounts', 'Gauge MRP', 'Management'] as const;
export type RestrictedSystem = (typeof restrictedSystems)[number];

/** Why `holder` may not see `system`'s data, or null. */
export const restrictedSystemRefusal = (holder: PermissionHolder, system: RestrictedSystem): string | null =>
  holder.restricted && !holder.admin ? `${system} is not available to your account` : null;

/** True when `holder` may do what `permission` covers. */
export const mayDo = (holder: PermissionHolder, permission: Permission): boolean => {
  if (holder.admin) return true;
  const grant = permissionTable[permission];
  if (grant.restrictedSystem && holder.restricted) return false;
  return grant.departments.includes(holder.department);
};

/** Why `holder` may not do it, or null when they may. */
export const permissionRefusal = (holder: PermissionHolder, permission: Permission): string | null =>
  mayDo(holder, permission) ? null : permissionTable[permission].reason;

/**
 * Why `holder` may not tick (or untick) an item of `itemDepartment`, or null: each department its own
 * items; admins and those working across departments any.
 */
export const checklistItemRefusal = (
  holder: PermissionHolder,
  itemDepartment: Department | null,
): string | null => {
  if (holder.admin || holder.all_departments) return null;
  const refusal = permissionRefusal(holder, 'tick_checklist_items');
  if (refusal) return refusal;
  if (itemDepartment === null || itemDepartment === holder.department) return null;
  return `Only ${departmentName(itemDepartment)} staff may tick this item`;
};

const departmentName = (department: Department): string =>
  department.charAt(0) + department.slice(1).toLowerCase();
