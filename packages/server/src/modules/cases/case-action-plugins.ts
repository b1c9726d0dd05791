import type { CaseAction, CaseActionName } from '@lab/domain';
import type { UploadedPart } from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import type { KeptFile } from '../files/store-file';
import type { CaseActionHandlers } from './action-types';

// The case-action runner's registration point: the other modules plug their slices of
// POST /api/v2/case/{case_id}/ into it at start (app.ts), so the cases module imports none of them. With
// the cases module's own slice the handlers cover every action of the union, or the app does not compile.

/** The cases module's own actions (case-actions.ts). */
export type CoreCaseActionName =
  | 'received'
  | 'toggle_warranty'
  | 'picking_slip'
  | 'edit_group_number'
  | 'edit_component'
  | 'clone_implants'
  | 'edit_case'
  | 'start_immediacy'
  | 'end_immediacy'
  | 'update_times'
  | 'mark_as_done'
  | 'redo_case';

/** The actions other modules handle (files, outsourcing, invoicing). */
export type PluggedCaseActionName = Exclude<CaseActionName, CoreCaseActionName>;

export type CaseActionPlugins = {
  handlers: CaseActionHandlers<PluggedCaseActionName>;
  /** Checks and stores a multipart action's files before its transaction (the files module's checks). */
  keepParts: (storage: FileStorage, body: CaseAction, parts: readonly UploadedPart[]) => Promise<KeptFile[]>;
  /** Removes those files again when the transaction fails: nothing committed points at them. */
  forgetKept: (storage: FileStorage, kept: readonly KeptFile[]) => Promise<void>;
};
