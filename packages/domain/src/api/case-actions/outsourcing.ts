import { z } from 'zod';
import {
  outsourceJobTypes,
  outsourcePositions,
  outsourceScanners,
  partnerDesignTypeCodes,
} from '../../rules/outsourcing';
import { isoDateTime } from '../common';
import { action, idOf, storedText } from './action-kit';

// Outsourcing's members of POST /api/v2/case/{case_id}/ (case-workspace §7, validation §5 'Outsource
// (new and preemptive)' and 'Integrated partner form'). Every one answers the case.

export const outsourceMessages = {
  mustBeSelected: 'Must be selected',
  mustBeProvided: 'Must be provided',
  mustBeSupplied: 'Must be supplied',
  cannotBeInPast: 'Cannot be in the past',
  blank: 'Cannot be blank',
  invalidEmail: 'Invalid e-mail address',
  mustBeNumber: 'Must be a number',
  unknownPartner: 'Unknown partner',
  unknownBranch: 'Unknown branch',
  unknownOutsource: 'Unknown outsource job',
  unknownFile: 'Unknown file',
  // The tab asks first ('Are you sure?' style), then sends move_to_design: true.
  notInDesign:
    'This case is not in design. Starting an outsource job moves it to Design Outsourced. Are you sure?',
  alreadyStarted: 'The outsource job has already started',
  caseNotActive: 'The case is dispatched or cancelled',
  noDesignOutsourcedStatus: 'No Design Outsourced status is configured',
  alreadyEnded: 'The outsource job has already ended',
  notIntegratedPartner: 'The partner is not an integrated partner',
  integratedPartnerManually: 'An integrated partner takes its jobs through the integrated form',
  redoNotAllowed: 'A redo can be requested only once the job is completed and no redo is pending',
  noOpenJob: 'The case has no open outsource job',
  noFilesToUpload: 'There are no files to upload',
  endConfirm: 'Are you sure?',
} as const;

const outsourceId = idOf(outsourceMessages.unknownOutsource);

/**
 * The New Outsource Job form (start_outsource, and plan_outsource for a preemptive job). Returning branch
 * is required for physical work; additional recipients are e-mail addresses the partner mails also go to.
 */
export const outsourceJobFields = {
  partner_id: idOf(outsourceMessages.unknownPartner).nullable().optional(),
  due_time: isoDateTime.nullable().optional(),
  additional_recipients: z.array(z.email(outsourceMessages.invalidEmail).max(320)).max(20).optional(),
  job_type: z.enum(outsourceJobTypes, outsourceMessages.mustBeSelected).nullable().optional(),
  returning_branch_id: idOf(outsourceMessages.unknownBranch).nullable().optional(),
  note: storedText(10_000).nullable().optional(),
};
const outsourceJobObject = z.object(outsourceJobFields);
export type OutsourceJobInput = z.infer<typeof outsourceJobObject>;

/** The form's required fields, with the spec's texts ('Cannot be in the past' is checked against the clock). */
export const checkOutsourceJob = (job: OutsourceJobInput, ctx: z.RefinementCtx): void => {
  const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (job.partner_id == null) missing('partner_id', outsourceMessages.mustBeSelected);
  if (!job.due_time) missing('due_time', outsourceMessages.mustBeSelected);
  if (!job.job_type) missing('job_type', outsourceMessages.mustBeSelected);
  if (job.job_type === 'physical' && job.returning_branch_id == null) {
    missing('returning_branch_id', outsourceMessages.mustBeSelected);
  }
  if (!job.note?.trim()) missing('note', outsourceMessages.mustBeProvided);
};

/** The form as the web validates it. */
export const outsourceJobSchema = outsourceJobObject.superRefine(checkOutsourceJob);

/** The integrated partner's request body (EVIDENT): DesignType is a list of our design type codes. */
export const integratedPayloadSchema = z
  .object({
    DesignType: z
      .array(z.literal(partnerDesignTypeCodes, outsourceMessages.mustBeSelected))
      .max(13)
      .optional(),
    ScannerType: z.enum(outsourceScanners, outsourceMessages.mustBeSelected).nullable().optional(),
    Instruction: storedText(10_000).nullable().optional(),
    Units: z.number(outsourceMessages.mustBeNumber).int().min(0).max(99).nullable().optional(),
    Position: z.enum(outsourcePositions, outsourceMessages.mustBeSelected).nullable().optional(),
    Rush: z.boolean().optional(),
    RefId: storedText(200).nullable().optional(),
  })
  .superRefine((payload, ctx) => {
    const missing = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [path] });
    if (!payload.DesignType?.length) missing('DesignType', outsourceMessages.mustBeSelected);
    if (!payload.ScannerType) missing('ScannerType', outsourceMessages.mustBeSelected);
    if (!payload.Position) missing('Position', outsourceMessages.mustBeSelected);
    if (!payload.Instruction?.trim()) missing('Instruction', outsourceMessages.mustBeSupplied);
  });
export type IntegratedPayload = z.infer<typeof integratedPayloadSchema>;

export const integratedRedoPayloadSchema = z.object({
  Notes: storedText(10_000).refine((notes) => notes.trim() !== '', outsourceMessages.blank),
});

const blankCheckedText = (max: number) =>
  storedText(max).refine((text) => text.trim() !== '', outsourceMessages.blank);

export const outsourcingCaseActions = [
  // Starts a new job, or the preemptive one named by outsource_id. move_to_design confirms moving a case
  // that is not in design to Design Outsourced (else 409 with outsourceMessages.notInDesign).
  action('start_outsource', {
    ...outsourceJobFields,
    outsource_id: outsourceId.optional(),
    move_to_design: z.boolean().optional(),
  }).superRefine(checkOutsourceJob),
  // A preemptive job: planned with the same form, started later (an addition to the spec's calls).
  action('plan_outsource', outsourceJobFields).superRefine(checkOutsourceJob),
  action('end_outsource', { outsource_id: outsourceId }),
  action('send_outsource_message', { outsource_id: outsourceId, message: blankCheckedText(10_000) }),
  action('start_integrated_outsource', {
    partner_id: idOf(outsourceMessages.unknownPartner).nullable().optional(),
    partner_name: z.string().max(200).optional(),
    note: storedText(10_000).nullable().optional(),
    file_id: idOf(outsourceMessages.unknownFile).nullable().optional(),
    payload: integratedPayloadSchema,
    // Starts the preemptive job planned with this (integrated) partner instead of a new one.
    outsource_id: outsourceId.optional(),
    move_to_design: z.boolean().optional(),
  }),
  action('redo_integrated_outsource', {
    outsource_id: outsourceId,
    note: storedText(10_000).nullable().optional(),
    payload: integratedRedoPayloadSchema,
  }),
  // Queue copying the case's order files to the open job's partner / the partner's results to internal files.
  action('auto_outsource_upload', {}),
  action('auto_internal_upload', {}),
] as const;
