import type { CaseActionHandlers } from './action-types';
import type { CoreCaseActionName } from './case-action-plugins';
import { cloneImplants } from './clone-implants';
import { editCase } from './edit-case';
import { editComponent } from './edit-component';
import { editGroupNumber } from './edit-group-number';
import { endImmediacy } from './end-immediacy';
import { markAsDone } from './mark-as-done';
import { requestPickingSlip } from './picking-slip';
import { markReceived } from './received';
import { redoCase } from './redo-case';
import { startImmediacy } from './start-immediacy';
import { toggleWarranty } from './toggle-warranty';
import { updateTimes } from './update-times';

// The cases module's own slice of POST /api/v2/case/{case_id}/ (the case's fields, status and times); the
// other modules plug theirs into the runner at start (case-action-plugins.ts).

export const caseActionHandlers = {
  received: markReceived,
  toggle_warranty: toggleWarranty,
  picking_slip: requestPickingSlip,
  edit_group_number: editGroupNumber,
  edit_component: editComponent,
  clone_implants: cloneImplants,
  edit_case: editCase,
  start_immediacy: startImmediacy,
  end_immediacy: endImmediacy,
  update_times: updateTimes,
  mark_as_done: markAsDone,
  redo_case: redoCase,
} satisfies CaseActionHandlers<CoreCaseActionName>;
