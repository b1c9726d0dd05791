import { AppError, type CaseActionName } from '@lab/domain';
import type { CaseActionHandler, CaseActionHandlers } from '../cases/kernel';

// The outsourcing module's slice of POST /api/v2/case/{case_id}/ (case-workspace §7, domain-decisions
// 'Outsourcing').

const notYet =
  <Name extends CaseActionName>(): CaseActionHandler<Name> =>
  () =>
    Promise.reject(new AppError('conflict', { message: 'Not available yet' }));

export const outsourcingCaseActionHandlers = {
  start_outsource: notYet<'start_outsource'>(),
  plan_outsource: notYet<'plan_outsource'>(),
  end_outsource: notYet<'end_outsource'>(),
  send_outsource_message: notYet<'send_outsource_message'>(),
  start_integrated_outsource: notYet<'start_integrated_outsource'>(),
  redo_integrated_outsource: notYet<'redo_integrated_outsource'>(),
  auto_outsource_upload: notYet<'auto_outsource_upload'>(),
  auto_internal_upload: notYet<'auto_internal_upload'>(),
} satisfies CaseActionHandlers<
  | 'start_outsource'
  | 'plan_outsource'
  | 'end_outsource'
  | 'send_outsource_message'
  | 'start_integrated_outsource'
  | 'redo_integrated_outsource'
  | 'auto_outsource_upload'
  | 'auto_internal_upload'
>;
