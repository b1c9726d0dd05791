import { findComposerError, type ComposerDraft } from '@lab/domain';
import { effectiveCaseUid, type MessageDraft } from './message-fields';

// The composer's validation list (case-workspace §5 'Message composer'): every rule the draft breaks,
// in the order `findComposerError` checks them, keyed by the field it belongs to.

export type ComposerError = { field: string; message: string };

const fieldsOf = (draft: MessageDraft, fixedCaseUid: string | null): ComposerDraft => ({
  type: draft.type,
  note: draft.note,
  case_uid: effectiveCaseUid(draft, fixedCaseUid),
  approval_uid: draft.approvalUid,
  outsource_uid: draft.outsourceUid,
});

/**
 * Asks the domain rule again with each broken field filled in, so the list holds every message while
 * the rule stays the only place that knows them. An unknown type stops the list: nothing else applies.
 */
export const listComposerErrors = (draft: MessageDraft, fixedCaseUid: string | null): ComposerError[] => {
  const errors: ComposerError[] = [];
  let fields = fieldsOf(draft, fixedCaseUid);
  for (let error = findComposerError(fields); error !== null; error = findComposerError(fields)) {
    errors.push(error);
    if (error.field === 'message_type' || errors.length > 8) break;
    fields = { ...fields, [error.field]: 'filled' };
  }
  return errors;
};
