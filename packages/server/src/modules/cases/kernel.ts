// The cases module's kernel: what other modules may use to act on a case (lint refuses any other import
// of modules/cases from outside it). Load and lock the case, plan a status change, save the changes with
// the case audit row, and the types every module's case-action handlers are written against.

export {
  answerCase,
  type ActionInput,
  type ActionResult,
  type CaseActionBody,
  type CaseActionHandler,
  type CaseActionHandlers,
} from './action-types';
export {
  caseNotFound,
  findStatus,
  findStatusOfParent,
  loadActionCase,
  type ActionCase,
  type CaseRecord,
  type StatusRecord,
} from './load-action-case';
export { planStatusChange, type StatusChangePlan } from './plan-status-change';
export {
  recordChange,
  saveCaseChanges,
  writeCaseAuditRow,
  type CaseChanges,
  type CaseUpdate,
} from './save-case-changes';
