import { describe, expect, it } from 'vitest';
import {
  messageTypeCodes,
  postMessageFieldsSchema,
  type MessageTypeCode,
  type PostMessageFields,
} from '@lab/domain';
import {
  buildMessageFields,
  toMessageFormData,
  type MessageContext,
  type MessageDraft,
} from './message-fields';

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const collectionUid = uid(1);
const chosenCase = uid(2);
const approvalUid = uid(3);
const approvalCase = uid(4);
const outsourceUid = uid(5);
const clientUid = uid(6);
const notesTabCase = uid(7);

const context: MessageContext = {
  collectionUid,
  fixedCaseUid: null,
  shippingClient: { uid: clientUid, name: 'Bayside Dental' },
  authorReference: 'dana',
  approvals: [{ uid: approvalUid, case_uid: approvalCase }],
  outsources: [{ uid: outsourceUid, partner: 'Evident Lab' }],
  attachments: ['a1/scan.stl', 'a2/photo.jpg'],
};

// Every selector filled in, so each type shows what it leaves out.
const draftOf = (type: string): MessageDraft => ({
  type,
  note: '  Margin is short  ',
  caseUid: chosenCase,
  recipient: 'morgan',
  approvalUid,
  outsourceUid,
});

const common = {
  author_reference: 'dana',
  note: 'Margin is short',
  oft_attachments: ['a1/scan.stl', 'a2/photo.jpg'],
};
const staffNote = {
  ...common,
  case_collection_uid: collectionUid,
  case_uid: chosenCase,
  direction: 'STATIC',
};
const toDepartment = {
  ...common,
  case_collection_uid: collectionUid,
  case_uid: chosenCase,
  recipient_reference: 'morgan',
  direction: 'OUTBOUND',
  resolvable: 'false',
};
const toClient = {
  ...common,
  case_collection_uid: collectionUid,
  recipient_reference: 'Bayside Dental',
  direction: 'OUTBOUND',
  resolvable: 'false',
};

// The Notes & Messages view (no fixed case): case-workspace §7 and §9, type by type.
const expected: Record<MessageTypeCode, Omit<PostMessageFields, 'message_type'>> = {
  ALERTING_MESSAGE: { ...staffNote, resolvable: 'true' },
  CASE_NOTE: { ...staffNote, resolvable: 'false' },
  DESIGN_MESSAGE: toDepartment,
  DISPATCH_NOTE: { ...staffNote, resolvable: 'false' },
  LAB_MESSAGE: toDepartment,
  PAYMENT_NOTE: { ...staffNote, resolvable: 'false' },
  PRODUCTION_MESSAGE: toDepartment,
  SPECIAL_REQUEST: { ...staffNote, resolvable: 'false' },
  OUTSOURCE_MESSAGE: {
    ...common,
    case_collection_uid: collectionUid,
    case_uid: chosenCase,
    outsource_uid: outsourceUid,
    recipient_reference: 'Evident Lab',
    direction: 'OUTBOUND',
    resolvable: 'false',
  },
  // No case of their own (and the view shows no case selector for them).
  CLIENT_MESSAGE: toClient,
  CUSTOMER_SCAN_ADVICE: toClient,
  // The client's record: the client, no collection, no case.
  CLIENT_NOTE: { ...common, client_uid: clientUid, direction: 'STATIC', resolvable: 'false' },
  SALES_MESSAGE: { ...common, case_collection_uid: collectionUid, direction: 'STATIC', resolvable: 'false' },
  CUSTOMER_SERVICE_NOTE: {
    ...common,
    case_collection_uid: collectionUid,
    direction: 'STATIC',
    resolvable: 'true',
  },
  // The case comes from the approval.
  APPROVAL_MESSAGE: {
    ...toClient,
    case_uid: approvalCase,
    approval_uid: approvalUid,
  },
};

describe('buildMessageFields', () => {
  it.each(messageTypeCodes)('sends exactly the fields of %s', (type) => {
    const fields = buildMessageFields(draftOf(type), context);
    expect(fields).toEqual({ message_type: type, ...expected[type] });
    // What the web sends is what the server's schema accepts.
    expect(postMessageFieldsSchema.parse(fields)).toEqual(fields);
  });

  it('uses the Notes tab case for every type that carries one, whatever the selector held', () => {
    const tab = { ...context, fixedCaseUid: notesTabCase };
    expect(buildMessageFields(draftOf('CASE_NOTE'), tab).case_uid).toBe(notesTabCase);
    expect(buildMessageFields(draftOf('SALES_MESSAGE'), tab).case_uid).toBe(notesTabCase);
    expect(buildMessageFields(draftOf('CUSTOMER_SERVICE_NOTE'), tab).case_uid).toBe(notesTabCase);
    expect(buildMessageFields(draftOf('CLIENT_MESSAGE'), tab).case_uid).toBeUndefined();
    expect(buildMessageFields(draftOf('CLIENT_NOTE'), tab).case_uid).toBeUndefined();
    expect(buildMessageFields(draftOf('APPROVAL_MESSAGE'), tab).case_uid).toBe(approvalCase);
  });

  it('omits empty values: no recipient (all of the department), no files, no author', () => {
    const fields = buildMessageFields(
      { ...draftOf('DESIGN_MESSAGE'), recipient: null },
      { ...context, attachments: [], authorReference: '' },
    );
    expect(fields).toEqual({
      message_type: 'DESIGN_MESSAGE',
      case_collection_uid: collectionUid,
      case_uid: chosenCase,
      note: 'Margin is short',
      direction: 'OUTBOUND',
      resolvable: 'false',
    });
    expect(Object.values(fields)).not.toContain('');
  });

  it('sends a case note with no case chosen without a case_uid (the rules refuse it first)', () => {
    expect(buildMessageFields({ ...draftOf('CASE_NOTE'), caseUid: null }, context).case_uid).toBeUndefined();
  });
});

describe('toMessageFormData', () => {
  it('puts one part per field and repeats oft_attachments', () => {
    const form = toMessageFormData(buildMessageFields(draftOf('CASE_NOTE'), context));
    expect(form.getAll('oft_attachments')).toEqual(['a1/scan.stl', 'a2/photo.jpg']);
    expect(form.get('message_type')).toBe('CASE_NOTE');
    expect(form.get('resolvable')).toBe('false');
    expect(form.has('client_uid')).toBe(false);
    expect(form.has('recipient_reference')).toBe(false);
  });
});
