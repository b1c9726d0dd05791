// The cases module's kernel: what other modules may use to act on a case (lint refuses any other import
// of modules/cases from outside it but its routes). Load and lock the case, plan a status change, save the
// changes with the case audit row, the types every module's case-action handlers are written against, the
// plug-ins the app hands the case-action runner, and the case events modules react to.

export {
  answerCase,
  type ActionInput,
  type ActionResult,
  type CaseActionBody,
  type CaseActionHandler,
  type CaseActionHandlers,
} from './action-types';
export type { CaseActionPlugins } from './case-action-plugins';
export {
  createCaseEvents,
  type CaseDispatched,
  type CaseEvent,
  type CaseEventHandler,
  type CaseEvents,
  type CaseStatusChanged,
} from './case-events';
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
