import { z } from 'zod';
import { scheduleSchema } from '../../rules/schedule/schedule-schema';
import { collectionCaseSchema } from '../collection-case';
import { fileLinkAnswerSchema } from '../files';
import { caseActionMessages } from './action-kit';
import { coreCaseActions } from './core';
import { fileCaseActions } from './files';
import { invoicingCaseActions } from './invoicing';
import { outsourcingCaseActions } from './outsourcing';

// POST /api/v2/case/{case_id}/ with {action} (case-workspace §7 'Case actions'): one discriminated union
// on `action`, joined from each module's own list of members. Every action answers the case as
// GET /api/v2/collection/{uid}/ lists it (so the web can put it straight into its cache), except
// update_times (the recomputed schedule) and file_link (a one-time link).

export * from './action-kit';
export * from './core';
export * from './files';
export * from './invoicing';
export * from './outsourcing';

export const caseActionSchema = z.discriminatedUnion(
  'action',
  [...coreCaseActions, ...fileCaseActions, ...outsourcingCaseActions, ...invoicingCaseActions],
  { error: caseActionMessages.invalidAction },
);
export type CaseAction = z.infer<typeof caseActionSchema>;
export type CaseActionName = CaseAction['action'];

export const caseActionAnswerSchema = collectionCaseSchema;
/** update_times answers the recomputed schedule instead of the case. */
export const updateTimesAnswerSchema = scheduleSchema;
/** What the route may answer: the case, the schedule of update_times, or file_link's address. */
export const caseActionResponseSchema = z.union([collectionCaseSchema, scheduleSchema, fileLinkAnswerSchema]);

/** Answer of POST /api/v2/finishing/{case_id}/: the case the status was chosen on. */
export const finishingActionAnswerSchema = collectionCaseSchema;
