import { z } from 'zod';
import { dentates, redoCharges, redoReasonCodes, redoTypes } from '../enums';
import { commonMessages, hasNoNulCharacter, isoDateTime, maxDatabaseInteger } from './common';
import { scheduleSchema } from '../rules/schedule/schedule-schema';
import { collectionCaseSchema } from './collection-case';
import { caseFileTypes, caseUploadTypes, fileIdField, fileLinkAnswerSchema } from './files';
import { promisedDateField, startTimeField } from './schedule-requests';

// POST /api/v2/case/{case_id}/ with {action} (case-workspace §7 'Case actions') and
// POST /api/v2/finishing/{case_id}/ (finishing status). The body is a discriminated union on `action`;
// each member has its own handler on the server. Outsourcing and file actions join this union in their
// own issues. Every action answers the case as GET /api/v2/collection/{uid}/ lists it (so the web can
// put it straight into its cache), except update_times, which answers the recomputed schedule.

export const caseActionMessages = {
  blank: 'Cannot be blank',
  mustBeSelected: 'Must be selected',
  quantityRequired: 'Quantity is required',
  attachmentTypeRequired: 'Attachment type must be selected',
  invalidAction: 'Invalid action',
  caseNotFound: 'Case not found',
  alreadyReceived: 'The case has already been received',
  notActiveVirtual: 'Only an active virtual component can be marked as done',
  notInFinishing: 'The case is not in the lab',
  notFinishingStatus: 'The status is not a finishing status',
  immediacyInPast: 'Cannot be in the past',
  delegationNotAllowed: 'Cases can only be delegated in design, production or lab',
  // The Progress dialog asks the user to confirm, then sends forceUpdateStatus: true.
  machineProjectActive: 'This case will be removed from production. Are you sure?',
  cloneSameCase: 'Choose another component to clone from',
  cloneOtherCollection: 'The component is not in this collection',
  unknownJobType: 'Unknown job type',
  unknownStatus: 'Unknown status',
  unknownMaterialType: 'Unknown material type',
  unknownMaterial: 'Unknown material',
  // A body naming both a type and a material of another type (the form clears the material first).
  materialTypeMismatch: 'The material is not of the chosen material type',
  unknownKit: 'Unknown kit',
  unknownComponent: 'Unknown component',
  componentDisabled: 'This component is no longer available',
  delegateNotInDepartment: "Choose an employee of the case's department",
  noDispatchedStatus: 'No Dispatched status is configured',
  // Group numbers and line quantities are small counts; the cap keeps a typo from being stored.
  tooLarge: 'Must be at most 999',
  invalidFileType: 'Invalid file type',
  returnFileNotUploaded: 'The return file has not been uploaded',
} as const;

/** The largest group number and component line quantity (caseActionMessages.tooLarge). */
export const maxCaseCount = 999;

const action = <Name extends string, Shape extends z.ZodRawShape>(name: Name, shape: Shape) =>
  z.object({ action: z.literal(name), ...shape });

const id = z.number().int().positive().max(maxDatabaseInteger);
/** A reference by id; one too large to exist is answered like an unknown one. */
const idOf = (unknown: string) => z.number().int().positive().max(maxDatabaseInteger, unknown);
/** A free text stored as is (PostgreSQL text cannot hold NUL). */
const storedText = (max: number) =>
  z.string().max(max).refine(hasNoNulCharacter, commonMessages.invalidCharacters);

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

export const caseActionSchema = z.discriminatedUnion(
  'action',
  [
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
    // Files (case-workspace §7). upload_files and blur_file arrive as multipart: the files are parts of
    // the request, never fields of the body.
    action('upload_files', { type: z.enum(caseUploadTypes, caseActionMessages.invalidFileType) }),
    action('blur_file', {
      type: z.enum(caseFileTypes, caseActionMessages.invalidFileType),
      file_id: fileIdField,
    }),
    action('delete_file', {
      type: z.enum(caseFileTypes, caseActionMessages.invalidFileType),
      file_id: fileIdField,
    }),
    action('file_link', {
      type: z.enum(caseFileTypes, caseActionMessages.invalidFileType),
      file_id: fileIdField,
    }),
    action('restore_file', {
      type: z.enum(caseFileTypes, caseActionMessages.invalidFileType),
      file_id: fileIdField,
    }),
    // The file service uid and name of a return file uploaded through /files.
    action('upload_return_file', {
      oft_file_name: z.string().trim().min(1, caseActionMessages.blank).max(4096),
      oft_file_uid: z.uuid(caseActionMessages.returnFileNotUploaded),
    }),
  ],
  { error: caseActionMessages.invalidAction },
);
export type CaseAction = z.infer<typeof caseActionSchema>;
export type CaseActionName = CaseAction['action'];

export const finishingActionSchema = z.object({
  action: z.literal('change_status', { error: caseActionMessages.invalidAction }),
  status_id: idOf(caseActionMessages.unknownStatus),
  // With a dispatch-ready status: also move the other active cases of the same group.
  grouped: z.boolean().optional(),
});
export type FinishingAction = z.infer<typeof finishingActionSchema>;

export const caseActionAnswerSchema = collectionCaseSchema;
/** update_times answers the recomputed schedule instead of the case. */
export const updateTimesAnswerSchema = scheduleSchema;
/** What the route may answer: the case, or the schedule of update_times. */
export const caseActionResponseSchema = z.union([collectionCaseSchema, scheduleSchema, fileLinkAnswerSchema]);

/** Answer of POST /api/v2/finishing/{case_id}/: the case the status was chosen on. */
export const finishingActionAnswerSchema = collectionCaseSchema;
