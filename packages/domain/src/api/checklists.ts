import { z } from 'zod';
import { nullableIsoDateTime } from './common';

// QC checklists (collection-views §3 'Checklist', §4 'Checklist item', §5 'Checklist').

export const checklistMessages = {
  uncheckConfirm: 'Are you sure you wish to uncheck?',
  doneAndNotRequired: 'An item cannot be both done and not required',
  itemNotFound: 'Checklist item not found',
  // Beyond the spec: a case leaves for dispatch only with its mandatory QC steps ticked.
  openMandatoryItems: (names: readonly string[]) =>
    `Complete the mandatory checklist items first: ${names.join(', ')}`,
} as const;

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

/** GET api/v2/checklists/{caseUid}/ */
export const caseChecklistSchema = z.object({
  checklist: z.array(checklistItemSchema),
  case_mkey: z.string(),
  job_type: z.string(),
});
export type CaseChecklist = z.infer<typeof caseChecklistSchema>;
