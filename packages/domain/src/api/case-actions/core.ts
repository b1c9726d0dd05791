import { z } from 'zod';
import { dentates, redoCharges, redoReasonCodes, redoTypes } from '../../enums';
import { isoDateTime, maxDatabaseInteger } from '../common';
import { promisedDateField, startTimeField } from '../schedule-requests';
import { action, caseActionMessages, id, idOf, maxCaseCount, storedText } from './action-kit';

// The case's own actions (case-workspace §7 'Case actions') and the finishing status selector
// (POST /api/v2/finishing/{case_id}/).

/** One attachment / analog / generic component line as the overview edits it (spec §5 'Case edit'). */
export const componentLineInputSchema = z
  .object({
    // null = a new line whose component is not chosen yet: the form holds it, the save refuses it.
    component_id: idOf(caseActionMessages.unknownComponent).nullable(),
    quantity: z
      .number({ error: caseActionMessages.quantityRequired })
      .int(caseActionMessages.quantityRequired)
      .min(1, caseActionMessages.quantityRequired)
      .max(maxCaseCount, caseActionMessages.tooLarge),
  })
  .superRefine((line, ctx) => {
    if (line.component_id === null) {
      ctx.addIssue({
        code: 'custom',
        message: caseActionMessages.attachmentTypeRequired,
        path: ['component_id'],
      });
    }
  });
export type ComponentLineInput = z.infer<typeof componentLineInputSchema>;

/**
 * The editable case fields the overview and the Progress dialog send with edit_case. The web sends the
 * whole case object; fields not named here are ignored (zod strips them). Missing = unchanged.
 */
export const caseEditSchema = z.object({
  job_type_id: idOf(caseActionMessages.unknownJobType).nullable().optional(),
  dentate: z.enum(dentates).nullable().optional(),
  status_id: idOf(caseActionMessages.unknownStatus).optional(),
  material_type_id: idOf(caseActionMessages.unknownMaterialType).nullable().optional(),
  material_id: idOf(caseActionMessages.unknownMaterial).nullable().optional(),
  material_batch_number: storedText(100).nullable().optional(),
  material_thickness: z.number().nonnegative().max(100).nullable().optional(),
  // 0 = 'none matches': then scan_gauge_name is the Scan Gauge ID the client gave.
  scan_gauge_kit_id: z
    .number()
    .int()
    .nonnegative()
    .max(maxDatabaseInteger, caseActionMessages.unknownKit)
    .nullable()
    .optional(),
  scan_gauge_name: storedText(100).nullable().optional(),
  client_gauge_kits: z.array(z.object({ gauge_kit_id: idOf(caseActionMessages.unknownKit) })).optional(),
  delegated_to_id: idOf(caseActionMessages.delegateNotInDepartment).nullable().optional(),
  fulfillment_branch_id: id.nullable().optional(),
});
export type CaseEdit = z.infer<typeof caseEditSchema>;

/** The component lines card: attachments, analogs and generic components. */
export const componentEditSchema = z.object({
  attachments: z.array(componentLineInputSchema).optional(),
  analogs: z.array(componentLineInputSchema).optional(),
  generic_components: z.array(componentLineInputSchema).optional(),
});
export type ComponentEdit = z.infer<typeof componentEditSchema>;

export const redoRequestSchema = z
  .object({
    redo: z.enum(redoTypes, { error: caseActionMessages.mustBeSelected }),
    redo_reason: z.enum(redoReasonCodes, { error: caseActionMessages.mustBeSelected }),
    redo_charge: z.enum(redoCharges, { error: caseActionMessages.mustBeSelected }),
    // Percent off when redo_charge is discount (1–100); ignored for the other charges.
    redo_discount_amount: z.number().min(0).max(100).nullable().optional(),
    redo_new_screws_required: z.boolean().optional(),
  })
  .superRefine((redo, ctx) => {
    if (redo.redo_charge === 'discount' && !redo.redo_discount_amount) {
      ctx.addIssue({ code: 'custom', message: caseActionMessages.blank, path: ['redo_discount_amount'] });
    }
  });
export type RedoRequest = z.infer<typeof redoRequestSchema>;

export const coreCaseActions = [
  action('received', { send_email: z.boolean().optional() }),
  action('toggle_warranty', {}),
  action('picking_slip', {}),
  // null clears the group.
  action('edit_group_number', {
    group_number: z.number().int().positive().max(maxCaseCount, caseActionMessages.tooLarge).nullable(),
  }),
  action('edit_component', { case: componentEditSchema }),
  // The case whose implants replace this case's implants.
  action('clone_implants', { target_case_id: idOf(caseActionMessages.cloneOtherCollection) }),
  action('edit_case', { case: caseEditSchema, forceUpdateStatus: z.boolean().optional() }),
  action('start_immediacy', { immediacy_due: isoDateTime }),
  action('end_immediacy', {}),
  // Local Australia/Melbourne date and time 'YYYY-MM-DDTHH:mm' (or an ISO instant); the promise as a
  // date (close of business at the branch). A blank promise keeps the case's current one.
  action('update_times', { new_start_time: startTimeField, new_promise_date: promisedDateField }),
  action('mark_as_done', {}),
  // Creates a new case in the collection that redoes this one (answers the new case).
  action('redo_case', { redo: redoRequestSchema }),
] as const;

export const finishingActionSchema = z.object({
  action: z.literal('change_status', { error: caseActionMessages.invalidAction }),
  status_id: idOf(caseActionMessages.unknownStatus),
  // With a dispatch-ready status: also move the other active cases of the same group.
  grouped: z.boolean().optional(),
});
export type FinishingAction = z.infer<typeof finishingActionSchema>;
