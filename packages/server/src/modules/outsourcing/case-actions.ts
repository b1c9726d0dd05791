import type { CaseActionHandlers } from '../cases/kernel';
import { autoInternalUpload, autoOutsourceUpload } from './auto-upload';
import { endOutsource } from './end-outsource';
import { redoIntegratedOutsource } from './integrated/redo-integrated-outsource';
import { startIntegratedOutsource } from './integrated/start-integrated-outsource';
import { planOutsource } from './plan-outsource';
import { sendOutsourceMessage } from './send-outsource-message';
import { startOutsource } from './start-outsource';

// The outsourcing module's slice of POST /api/v2/case/{case_id}/ (case-workspace §7, domain-decisions
// 'Outsourcing').

export const outsourcingCaseActionHandlers = {
  start_outsource: startOutsource,
  plan_outsource: planOutsource,
  end_outsource: endOutsource,
  send_outsource_message: sendOutsourceMessage,
  start_integrated_outsource: startIntegratedOutsource,
  redo_integrated_outsource: redoIntegratedOutsource,
  auto_outsource_upload: autoOutsourceUpload,
  auto_internal_upload: autoInternalUpload,
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
