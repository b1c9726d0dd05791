import { z } from 'zod';
import { commonMessages, isStorableText, maxDatabaseInteger, nullableIsoDateTime } from './common';

// QC checklists (collection-views §3 'Checklist', §4 'Checklist item', §5 'Checklist', §7 'Checklists'),
// and the admin's templates they are copied from (an addition of the issue: the spec names no call).

export const checklistMessages = {
  uncheckConfirm: 'Are you sure you wish to uncheck?',
  doneAndNotRequired: 'An item cannot be both done and not required',
  itemNotFound: 'Checklist item not found',
  caseNotFound: 'Case not found',
  templateNotFound: 'Checklist template not found',
  blank: 'Cannot be blank',
  mustBeSelected: 'Must be selected',
  unknownJobType: 'Unknown job type',
  tooLong: 'Must be at most 200 characters',
  adminOnly: 'Only an admin can change checklist templates',
  noItems: 'No checklist items',
  noItemsInDepartment: 'No checklist items for this department',
  // The Ready for Dispatch confirmation lists them: the server refuses the move until they are ticked.
  openMandatoryHeading: 'These mandatory checklist items are still open:',
  // Beyond the spec: a case leaves for dispatch only with its mandatory QC steps ticked.
  openMandatoryItems: (names: readonly string[]) =>
    `Complete the mandatory checklist items first: ${names.join(', ')}`,
} as const;

/** The departments a checklist step belongs to (the department filter's values but ALL). */
export const checklistDepartments = ['ADMIN', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE'] as const;
export type ChecklistDepartment = (typeof checklistDepartments)[number];

export const checklistItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  department: z.string(),
  checked_at: nullableIsoDateTime,
  checked_by_name: z.string().nullable(),
  done: z.boolean(),
  not_required: z.boolean(),
  mandatory: z.boolean(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** Open: neither Done nor Not Required (§4 'Checklist item'). */
export const isChecklistItemOpen = (item: Pick<ChecklistItem, 'done' | 'not_required'>): boolean =>
  !item.done && !item.not_required;

/** GET api/v2/checklists/{caseUid}/; POST and DELETE answer the same, after the change. */
export const caseChecklistSchema = z.object({
  checklist: z.array(checklistItemSchema),
  case_mkey: z.string(),
  job_type: z.string(),
});
export type CaseChecklist = z.infer<typeof caseChecklistSchema>;

// The path's case uid is checked by the handler: one that cannot exist is 'Case not found' (404), like
// one that does not. An item id that cannot exist is 'Checklist item not found'.
export const checklistParams = z.object({ caseUid: z.string().max(100) });
export const checklistItemParams = checklistParams.extend({ itemId: z.string().max(20) });

const itemId = z
  .number({ error: checklistMessages.itemNotFound })
  .int(checklistMessages.itemNotFound)
  .positive(checklistMessages.itemNotFound)
  .max(maxDatabaseInteger, checklistMessages.itemNotFound);

/**
 * POST api/v2/checklists/{caseUid}/: ticks the item Done or Not Required, never both (400); both false
 * clears it, as DELETE does.
 */
export const checklistItemUpdateSchema = z
  .object({
    item_id: itemId,
    done: z.boolean().default(false),
    not_required: z.boolean().default(false),
  })
  .refine((body) => !(body.done && body.not_required), {
    message: checklistMessages.doneAndNotRequired,
    path: ['not_required'],
  });
export type ChecklistItemUpdate = z.infer<typeof checklistItemUpdateSchema>;

// Templates: GET /api/v2/checklist_templates/ (staff), POST (admin), PATCH and DELETE
// /api/v2/checklist_templates/{id}/ (admin). DELETE deactivates: cases keep the items copied from it.

export const checklistTemplateSchema = z.object({
  id: z.number().int(),
  /** null: a step of every job type. */
  job_type_id: z.number().int().nullable(),
  job_type: z.string().nullable(),
  name: z.string(),
  department: z.enum(checklistDepartments),
  mandatory: z.boolean(),
  sort: z.number().int(),
  is_active: z.boolean(),
});
export type ChecklistTemplate = z.infer<typeof checklistTemplateSchema>;
export const checklistTemplateListSchema = z.array(checklistTemplateSchema);

export const checklistTemplateParams = z.object({ id: z.string().max(20) });

const templateName = z
  .string({ error: checklistMessages.blank })
  .trim()
  .min(1, checklistMessages.blank)
  .max(200, checklistMessages.tooLong)
  .refine(isStorableText, commonMessages.unstorableText);

const templateDepartment = z.enum(checklistDepartments, { error: checklistMessages.mustBeSelected });

const templateJobTypeId = z
  .number({ error: checklistMessages.unknownJobType })
  .int(checklistMessages.unknownJobType)
  .positive(checklistMessages.unknownJobType)
  .max(maxDatabaseInteger, checklistMessages.unknownJobType)
  .nullable();

const templateSort = z.number().int().min(0).max(32_767);

/** The admin dialog's form: a new step for one job type (or, with job_type_id null, for every one). */
export const newChecklistTemplateSchema = z.object({
  job_type_id: templateJobTypeId,
  name: templateName,
  department: templateDepartment,
  mandatory: z.boolean().default(false),
  sort: templateSort.optional(),
});
export type NewChecklistTemplate = z.input<typeof newChecklistTemplateSchema>;

/** An edit names only what changes; is_active: true brings a deactivated step back. */
export const checklistTemplatePatchSchema = z.object({
  job_type_id: templateJobTypeId.optional(),
  name: templateName.optional(),
  department: templateDepartment.optional(),
  mandatory: z.boolean().optional(),
  sort: templateSort.optional(),
  is_active: z.boolean().optional(),
});
export type ChecklistTemplatePatch = z.input<typeof checklistTemplatePatchSchema>;
