import { describe, expect, it } from 'vitest';
import { composerMessages } from '@lab/domain';
import { listComposerErrors } from './composer-validation';
import type { MessageDraft } from './message-fields';

const draft = (patch: Partial<MessageDraft>): MessageDraft => ({
  type: 'CASE_NOTE',
  note: '',
  caseUid: null,
  recipient: null,
  approvalUid: null,
  outsourceUid: null,
  ...patch,
});

describe('listComposerErrors', () => {
  it('lists every rule the draft breaks, in the rule order', () => {
    expect(listComposerErrors(draft({ type: 'OUTSOURCE_MESSAGE', note: '   ' }), null)).toEqual([
      { field: 'note', message: composerMessages.noMessage },
      { field: 'case_uid', message: composerMessages.noCase },
      { field: 'outsource_uid', message: composerMessages.noOutsource },
    ]);
    expect(listComposerErrors(draft({ type: 'APPROVAL_MESSAGE', note: 'Hi' }), null)).toEqual([
      { field: 'approval_uid', message: composerMessages.noApproval },
    ]);
  });

  it('stops at an unknown type', () => {
    expect(listComposerErrors(draft({ type: '' }), null)).toEqual([
      { field: 'message_type', message: composerMessages.invalidType },
    ]);
  });

  it('counts the Notes tab case as chosen, and a hidden selector as empty', () => {
    expect(listComposerErrors(draft({ note: 'Hi' }), 'case-1')).toEqual([]);
    expect(listComposerErrors(draft({ type: 'SALES_MESSAGE', note: 'Hi' }), null)).toEqual([]);
    expect(listComposerErrors(draft({ note: 'Hi', caseUid: 'case-2' }), null)).toEqual([]);
  });
});
