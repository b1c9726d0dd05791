import { describe, expect, it } from 'vitest';
import { aCase, anApproval } from '../../testing/records';
import {
  approvalChoiceLabel,
  caseChoiceLabel,
  filterTimeline,
  hasActiveFilter,
  noFilters,
  type MessageFilters,
} from './message-filters';
import { aCommunication, aMessage } from './testing/message-fixtures';
import { buildTimeline } from './timeline';

const crown = aCase({ case_mkey: '120034-01', job_type: 'Crown' });
const bar = aCase({ case_mkey: '120034-02', job_type: 'Milled Bar' });
const approval = anApproval({ case_uid: crown.uid, approval_type: 'DESIGN_APPROVAL' });

const messages = {
  crownNote: aMessage({ case_uid: crown.uid, note: 'Margin looks short', author_reference: 'dana' }),
  crownDesign: aMessage({
    case_uid: crown.uid,
    message_type: 'DESIGN_MESSAGE',
    note: 'Please check the margin',
    recipient_reference: 'morgan',
  }),
  barNote: aMessage({ case_uid: bar.uid, note: 'Bar screws ordered', author_reference: 'sam' }),
  approvalMessage: aMessage({
    case_uid: crown.uid,
    approval_uid: approval.uid,
    message_type: 'APPROVAL_MESSAGE',
    note: 'Your design is ready',
    // Written with the approval request, in the same transaction.
    created_at: approval.created_at,
  }),
  clientNote: aMessage({ case_uid: null, message_type: 'CLIENT_NOTE', note: 'Prefers margin photos' }),
};
const approvalEmail = aCommunication({ case_uid: crown.uid, approval_uid: approval.uid });

const entries = buildTimeline({
  messages: Object.values(messages),
  approvals: [approval],
  communications: [approvalEmail],
});
const keysOf = (filters: Partial<MessageFilters>) =>
  filterTimeline(entries, { ...noFilters, ...filters }).map((entry) => entry.key);
const messageKey = (message: { uid: string }) => `message-${message.uid}`;

describe('message filters', () => {
  it('keep everything when none is set', () => {
    expect(hasActiveFilter(noFilters)).toBe(false);
    expect(hasActiveFilter({ ...noFilters, text: '  ' })).toBe(false);
    expect(keysOf({})).toHaveLength(entries.length);
  });

  it('search the author, the recipient and the note, case-insensitively', () => {
    expect(keysOf({ text: 'MARGIN' })).toEqual(
      [messages.crownNote, messages.crownDesign, messages.clientNote].map(messageKey),
    );
    expect(keysOf({ text: 'morgan' })).toEqual([messageKey(messages.crownDesign)]);
    expect(keysOf({ text: 'sam' })).toEqual([messageKey(messages.barNote)]);
  });

  it('filter by case (job type), type and approval, and combine them by intersection', () => {
    const crownOnly = keysOf({ caseUid: crown.uid });
    expect(crownOnly).toContain(`approval-${approval.uid}`);
    expect(crownOnly).toContain(`communication-${approvalEmail.uid}`);
    expect(crownOnly).not.toContain(messageKey(messages.barNote));
    expect(crownOnly).not.toContain(messageKey(messages.clientNote));

    // A message type keeps messages only.
    expect(keysOf({ messageType: 'CASE_NOTE' })).toEqual(
      [messages.crownNote, messages.barNote].map(messageKey),
    );

    expect(keysOf({ approvalUid: approval.uid })).toEqual([
      `approval-${approval.uid}`,
      messageKey(messages.approvalMessage),
      `communication-${approvalEmail.uid}`,
    ]);

    // Intersection: each added filter only narrows.
    expect(keysOf({ caseUid: crown.uid, messageType: 'CASE_NOTE' })).toEqual([
      messageKey(messages.crownNote),
    ]);
    expect(keysOf({ caseUid: crown.uid, text: 'margin', messageType: 'DESIGN_MESSAGE' })).toEqual([
      messageKey(messages.crownDesign),
    ]);
    expect(keysOf({ caseUid: bar.uid, approvalUid: approval.uid })).toEqual([]);
    expect(keysOf({ approvalUid: approval.uid, messageType: 'APPROVAL_MESSAGE', text: 'ready' })).toEqual([
      messageKey(messages.approvalMessage),
    ]);
  });

  it('label the job type and approval choices', () => {
    expect(caseChoiceLabel(crown)).toBe('120034-01 Crown');
    const names = new Map([['DESIGN_APPROVAL', 'Design Approval']]);
    expect(approvalChoiceLabel(approval, [crown, bar], names)).toBe('Design Approval – 120034-01 Crown');
    expect(approvalChoiceLabel({ ...approval, approval_type: 'OTHER' }, [], names)).toBe('OTHER');
  });
});
