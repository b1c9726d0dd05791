import { z } from 'zod';
import { departments, messageVisibilities, partnerAdapterTypes, statusParents } from '../enums';
import { maxDatabaseInteger } from './common';

// Answers of the reference-data GETs (case-workspace §7): plain JSON arrays of these rows.

export const statusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_name: z.enum(statusParents),
  description: z.string(),
  in_finishing: z.boolean(),
  in_production: z.boolean(),
  in_design: z.boolean(),
  dispatch_ready: z.boolean(),
  // The name the client's portal shows for this status, as an admin set it; null: the status's own name.
  client_name: z.string().nullable(),
});
export type Status = z.infer<typeof statusSchema>;

export const statusClientNameMaxLength = 80;

export const statusMessages = {
  statusNotFound: 'Status not found',
  clientNameTooLong: `Must be at most ${statusClientNameMaxLength} characters`,
  invalidClientName: 'Must be a name or null',
} as const;

export const statusParams = z.object({
  status_id: z.coerce.number().int().positive().max(maxDatabaseInteger),
});

/**
 * PUT /api/v2/case/statuses/{status_id}/client_name/ (administrators): the name clients see for the
 * status. Blank, null or the status's own name all mean "the status itself" (stored as null).
 */
export const statusClientNameBodySchema = z.object({
  client_name: z
    .string({ error: statusMessages.invalidClientName })
    .trim()
    .max(statusClientNameMaxLength, { error: statusMessages.clientNameTooLong })
    .nullable(),
});
export type StatusClientNameBody = z.infer<typeof statusClientNameBodySchema>;

export const employeeSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  username: z.string(),
  department: z.enum(departments),
  all_departments: z.boolean(),
  main_branches: z.array(z.number().int()),
});
export type Employee = z.infer<typeof employeeSchema>;

export const branchSchema = z.object({ id: z.number().int(), name: z.string() });
export type Branch = z.infer<typeof branchSchema>;

export const materialTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type MaterialType = z.infer<typeof materialTypeSchema>;

export const materialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  material_type_id: z.number().int(),
  material_type: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

export const jobTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  virtual_product: z.boolean(),
  requires_return_file: z.boolean(),
  product_class: z.string(),
});
export type JobType = z.infer<typeof jobTypeSchema>;

export const kitSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  kit_box_display: z.string(),
  implant_qty: z.number().int(),
});
export type Kit = z.infer<typeof kitSchema>;

export const partnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  adapter_type: z.enum(partnerAdapterTypes).nullable(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const messageTypeSchema = z.object({
  code: z.string(),
  name: z.string(),
  visibility: z.enum(messageVisibilities),
});
export type MessageType = z.infer<typeof messageTypeSchema>;

export const approvalTypeSchema = z.object({ code: z.string(), name: z.string() });
export type ApprovalType = z.infer<typeof approvalTypeSchema>;

export const orderStageSchema = z.object({ id: z.number().int(), name: z.string() });
export type OrderStage = z.infer<typeof orderStageSchema>;

const catalogueRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const implantPlatformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  to_tibase: z.boolean(),
  default_components: z.object({
    straight_screw: catalogueRef,
    biaxial_screw: catalogueRef,
    tibase: catalogueRef,
  }),
});
export type ImplantPlatform = z.infer<typeof implantPlatformSchema>;

export const catalogueItemSchema = z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() });
export type Screw = z.infer<typeof catalogueItemSchema>;
export type TiBase = z.infer<typeof catalogueItemSchema>;

/** Path of the implant catalogue calls: a fulfillment branch id and the client's country. */
export const catalogueParams = z.object({
  branch: z.coerce.number({ message: 'Invalid branch' }).int().positive({ message: 'Invalid branch' }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { message: 'Invalid country' })
    .transform((c) => c.toUpperCase()),
});

/** Load-failure texts of the reference lists, shown in the app bar's error list (spec §8). */
export const referenceLoadErrors = {
  statuses: 'Statuses failed to load',
  employees: 'Employees failed to load',
  materials: 'Materials failed to load',
  material_types: 'Material Types failed to load',
  job_types: 'Job types failed to load',
  kit_list: 'Kits failed to load',
  partners: 'Partners failed to load',
  message_types: 'Message Types failed to load',
  approval_types: 'Approval Types failed to load',
  order_stages: 'Order stages failed to load',
} as const;
