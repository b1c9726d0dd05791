import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { departments, messageTypeCodes, type Department, type MessageTypeCode } from '../enums';
import {
  caseRequiredTypes,
  composerMessages,
  composerTypes,
  directionOf,
  findComposerError,
  isClientRecipientType,
  isComposerType,
  isResolvableType,
  omitsCase,
  omitsCollection,
  openApprovals,
  openOutsources,
  recipientChoices,
  recipientDepartmentOf,
  selectionFreeTypes,
  showsApprovalSelector,
  showsCaseSelector,
  showsOutsourceSelector,
  showsRecipientSelector,
  visibilityOf,
  type ComposerDraft,
} from './composer';

// Every expectation below is taken from the spec, not from the code: case-workspace §5 'Message
// composer' and §9, and domain-decisions 'Messages, notifications, approvals' for visibility.

/** The types for which `rule` holds, so each test can state its whole list at once. */
const typesWhere = (rule: (type: MessageTypeCode) => boolean) => messageTypeCodes.filter(rule);

// §5: "Case required ('Please select a case') for ALERTING_MESSAGE, CASE_NOTE, DESIGN_MESSAGE,
// DISPATCH_NOTE, LAB_MESSAGE, PAYMENT_NOTE, PRODUCTION_MESSAGE, SPECIAL_REQUEST, OUTSOURCE_MESSAGE."
const specCaseRequired: MessageTypeCode[] = [
  'ALERTING_MESSAGE',
  'CASE_NOTE',
  'DESIGN_MESSAGE',
  'DISPATCH_NOTE',
  'LAB_MESSAGE',
  'PAYMENT_NOTE',
  'PRODUCTION_MESSAGE',
  'SPECIAL_REQUEST',
  'OUTSOURCE_MESSAGE',
];

// §5: "CLIENT_MESSAGE, CUSTOMER_SCAN_ADVICE, CLIENT_NOTE, SALES_MESSAGE and CUSTOMER_SERVICE_NOTE need no
// extra selection."
const specSelectionFree: MessageTypeCode[] = [
  'CLIENT_MESSAGE',
  'CUSTOMER_SCAN_ADVICE',
  'CLIENT_NOTE',
  'SALES_MESSAGE',
  'CUSTOMER_SERVICE_NOTE',
];

describe('which types need a case', () => {
  it('requires a case for exactly the nine types §5 lists', () => {
    expect(new Set(caseRequiredTypes)).toEqual(new Set(specCaseRequired));
  });

  it('asks nothing more of the five selection-free types', () => {
    expect(new Set(selectionFreeTypes)).toEqual(new Set(specSelectionFree));
  });

  it('knows every message type of the spec once: those plus APPROVAL_MESSAGE', () => {
    expect(composerTypes).toHaveLength(messageTypeCodes.length);
    expect(new Set(composerTypes)).toEqual(new Set(messageTypeCodes));
  });
});

describe('showsCaseSelector', () => {
  // §5: "The case selector shows when no case is fixed and the type is not client note, client message,
  // scan advice, sales message, customer service note or approval message."
  it('never shows when the case is fixed', () => {
    expect(typesWhere((type) => showsCaseSelector(type, true))).toEqual([]);
  });

  it('shows without a fixed case for every type but the six §5 names', () => {
    expect(typesWhere((type) => !showsCaseSelector(type, false))).toEqual([
      'CLIENT_MESSAGE',
      'CUSTOMER_SCAN_ADVICE',
      'CLIENT_NOTE',
      'SALES_MESSAGE',
      'CUSTOMER_SERVICE_NOTE',
      'APPROVAL_MESSAGE',
    ]);
  });
});

describe('recipients', () => {
  const employee = (username: string, name: string, department: Department) => ({
    username,
    name,
    department,
  });
  const employees = [
    employee('zoe', 'Zoe Zhang', 'DESIGN'),
    employee('dan', 'Dan Diaz', 'DESIGN'),
    employee('mia', 'Mia Moore', 'MACHINING'),
    employee('pat', 'Pat Park', 'POLISHING'),
    employee('ada', 'Ada Adams', 'ADMIN'),
    employee('sam', 'Sam Scott', 'SALES'),
    employee('blank', '   ', 'ADMIN'),
    employee('empty', '', 'SUPPORT'),
  ];
  const usernames = (chosen: readonly { username: string }[]) => chosen.map((e) => e.username);

  // §5: "A recipient selector shows for design, production and lab messages (blank means all)".
  it('shows the recipient selector only for design, production and lab messages', () => {
    expect(typesWhere(showsRecipientSelector)).toEqual([
      'DESIGN_MESSAGE',
      'LAB_MESSAGE',
      'PRODUCTION_MESSAGE',
    ]);
  });

  // §5: "design lists DESIGN employees, production lists MACHINING, lab lists POLISHING".
  it('takes the recipient department from the type', () => {
    expect(recipientDepartmentOf('DESIGN_MESSAGE')).toBe('DESIGN');
    expect(recipientDepartmentOf('PRODUCTION_MESSAGE')).toBe('MACHINING');
    expect(recipientDepartmentOf('LAB_MESSAGE')).toBe('POLISHING');
    expect(typesWhere((type) => recipientDepartmentOf(type) !== null)).toEqual(
      typesWhere(showsRecipientSelector),
    );
  });

  it("lists only the department's employees for design, production and lab messages", () => {
    expect(usernames(recipientChoices(employees, 'DESIGN_MESSAGE')).sort()).toEqual(['dan', 'zoe']);
    expect(usernames(recipientChoices(employees, 'PRODUCTION_MESSAGE'))).toEqual(['mia']);
    expect(usernames(recipientChoices(employees, 'LAB_MESSAGE'))).toEqual(['pat']);
  });

  // §5: "otherwise all employees with a non-blank name sorted by name."
  it('otherwise lists every employee with a non-blank name, sorted by name', () => {
    expect(usernames(recipientChoices(employees, 'CASE_NOTE'))).toEqual([
      'ada',
      'dan',
      'mia',
      'pat',
      'sam',
      'zoe',
    ]);
  });

  it('otherwise keeps every named employee, drops the blank ones and sorts them, for any staff list', () => {
    const anyEmployee = fc.record({
      username: fc.string(),
      name: fc.oneof(fc.string(), fc.constantFrom('', ' ', '\t')),
      department: fc.constantFrom(...departments),
    });
    fc.assert(
      fc.property(fc.array(anyEmployee, { maxLength: 30 }), (staff) => {
        const chosen = recipientChoices(staff, 'ALERTING_MESSAGE');
        expect(chosen).toHaveLength(staff.filter((e) => e.name.trim() !== '').length);
        expect(chosen.every((e) => e.name.trim() !== '')).toBe(true);
        chosen.slice(1).forEach((e, i) => {
          expect(chosen[i]?.name.localeCompare(e.name)).toBeLessThanOrEqual(0);
        });
      }),
    );
  });
});

describe('approval selector', () => {
  // §5: "APPROVAL_MESSAGE requires an approval" — the only type with an approval selector.
  it('shows only for APPROVAL_MESSAGE', () => {
    expect(typesWhere(showsApprovalSelector)).toEqual(['APPROVAL_MESSAGE']);
  });

  // §5: "Approval choices: only not approved and not cancelled."
  it('offers only approvals neither approved nor cancelled', () => {
    const at = '2025-06-02T00:00:00.000Z';
    const approvals = [
      { uid: 'pending', approved_at: null, cancelled_at: null },
      { uid: 'approved', approved_at: at, cancelled_at: null },
      { uid: 'cancelled', approved_at: null, cancelled_at: at },
      { uid: 'both', approved_at: at, cancelled_at: at },
    ];
    expect(openApprovals(approvals).map((a) => a.uid)).toEqual(['pending']);
  });

  // §5 names only approved and cancelled; Changes Requested (domain-decisions) is not one of them.
  it('still offers an approval whose changes were requested', () => {
    const approvals = [
      { uid: 'changes', approved_at: null, cancelled_at: null, changes_requested_at: '2025-06-02T00:00:00Z' },
    ];
    expect(openApprovals(approvals).map((a) => a.uid)).toEqual(['changes']);
  });
});

describe('outsource selector', () => {
  // §5: "an outsource selector for outsource messages".
  it('shows only for OUTSOURCE_MESSAGE', () => {
    expect(typesWhere(showsOutsourceSelector)).toEqual(['OUTSOURCE_MESSAGE']);
  });

  // §5: "Outsource choices: only those without an end."
  it('offers only outsource jobs without an end', () => {
    const outsources = [
      { uid: 'running', end: null },
      { uid: 'ended', end: '2025-06-02T00:00:00.000Z' },
      { uid: 'planned', end: null },
    ];
    expect(openOutsources(outsources).map((o) => o.uid)).toEqual(['running', 'planned']);
  });
});

describe('what the server derives', () => {
  // §9: "Resolvable is true only for ALERTING_MESSAGE and CUSTOMER_SERVICE_NOTE."
  it('makes only alerting messages and customer service notes resolvable', () => {
    expect(typesWhere(isResolvableType)).toEqual(['ALERTING_MESSAGE', 'CUSTOMER_SERVICE_NOTE']);
  });

  // §9: "Direction is OUTBOUND for design, production, lab, client, scan advice, approval and outsource
  // messages, otherwise STATIC".
  it('sends design, production, lab, client, scan advice, approval and outsource messages OUTBOUND', () => {
    expect(typesWhere((type) => directionOf(type) === 'OUTBOUND')).toEqual([
      'DESIGN_MESSAGE',
      'LAB_MESSAGE',
      'PRODUCTION_MESSAGE',
      'OUTSOURCE_MESSAGE',
      'CLIENT_MESSAGE',
      'CUSTOMER_SCAN_ADVICE',
      'APPROVAL_MESSAGE',
    ]);
    expect(typesWhere((type) => directionOf(type) === 'STATIC')).toEqual([
      'ALERTING_MESSAGE',
      'CASE_NOTE',
      'DISPATCH_NOTE',
      'PAYMENT_NOTE',
      'SPECIAL_REQUEST',
      'CLIENT_NOTE',
      'SALES_MESSAGE',
      'CUSTOMER_SERVICE_NOTE',
    ]);
  });

  // domain-decisions: "CLIENTS for CLIENT_MESSAGE, CUSTOMER_SCAN_ADVICE, APPROVAL_MESSAGE ...; PARTNERS for
  // OUTSOURCE_MESSAGE; SALES for SALES_MESSAGE; STAFF for the rest."
  it('shows each type to the audience domain-decisions gives it', () => {
    expect(typesWhere((type) => visibilityOf(type) === 'CLIENTS')).toEqual([
      'CLIENT_MESSAGE',
      'CUSTOMER_SCAN_ADVICE',
      'APPROVAL_MESSAGE',
    ]);
    expect(typesWhere((type) => visibilityOf(type) === 'PARTNERS')).toEqual(['OUTSOURCE_MESSAGE']);
    expect(typesWhere((type) => visibilityOf(type) === 'SALES')).toEqual(['SALES_MESSAGE']);
    expect(typesWhere((type) => visibilityOf(type) === 'STAFF')).toEqual([
      'ALERTING_MESSAGE',
      'CASE_NOTE',
      'DESIGN_MESSAGE',
      'DISPATCH_NOTE',
      'LAB_MESSAGE',
      'PAYMENT_NOTE',
      'PRODUCTION_MESSAGE',
      'SPECIAL_REQUEST',
      'CLIENT_NOTE',
      'CUSTOMER_SERVICE_NOTE',
    ]);
  });

  // §9: "Recipient for client-type and approval messages is the shipping client's name; for outsource it
  // is the partner name." Client-type: the two client-facing types §9 lists beside approval for direction.
  it('addresses client messages, scan advice and approval messages to the shipping client', () => {
    expect(typesWhere(isClientRecipientType)).toEqual([
      'CLIENT_MESSAGE',
      'CUSTOMER_SCAN_ADVICE',
      'APPROVAL_MESSAGE',
    ]);
  });

  // §9: "case_collection_uid is omitted for CLIENT_NOTE; case_uid is omitted for client note, client
  // message and scan advice unless taken from the selected approval."
  it('omits the collection only for client notes', () => {
    expect(typesWhere(omitsCollection)).toEqual(['CLIENT_NOTE']);
  });

  it('omits the case for client notes, client messages and scan advice', () => {
    expect(typesWhere(omitsCase)).toEqual(['CLIENT_MESSAGE', 'CUSTOMER_SCAN_ADVICE', 'CLIENT_NOTE']);
  });
});

describe('isComposerType', () => {
  it('accepts every message type of the spec', () => {
    expect(messageTypeCodes.every(isComposerType)).toBe(true);
  });

  it('refuses anything else, including a near miss in case or spacing', () => {
    for (const type of ['', 'NOTE', 'case_note', ' CASE_NOTE', 'CASE_NOTE ', 'INBOUND_MESSAGE']) {
      expect(isComposerType(type)).toBe(false);
    }
  });
});

describe('findComposerError', () => {
  const complete = {
    note: 'Please check the margin on 21.',
    case_uid: 'case-1',
    approval_uid: 'approval-1',
    outsource_uid: 'outsource-1',
  };
  const draft = (type: string, changes: Partial<ComposerDraft> = {}): ComposerDraft => ({
    type,
    ...complete,
    ...changes,
  });

  it('accepts a complete draft of every type', () => {
    expect(typesWhere((type) => findComposerError(draft(type)) !== null)).toEqual([]);
  });

  // §5: "Text must be non-empty after trimming ('Please supply a message')."
  it.each(['', ' ', '\n\t  \r\n'])('asks for a message when the note is %j', (note) => {
    for (const type of messageTypeCodes) {
      expect(findComposerError(draft(type, { note }))).toEqual({
        field: 'note',
        message: 'Please supply a message',
      });
    }
  });

  it.each([null, undefined, ''])(
    'asks for a case when case_uid is %j, for the nine case types only',
    (caseUid) => {
      const refused = typesWhere((type) => findComposerError(draft(type, { case_uid: caseUid })) !== null);
      expect(new Set(refused)).toEqual(new Set(specCaseRequired));
      for (const type of specCaseRequired) {
        expect(findComposerError(draft(type, { case_uid: caseUid }))).toEqual({
          field: 'case_uid',
          message: 'Please select a case',
        });
      }
    },
  );

  // §5: "APPROVAL_MESSAGE requires an approval ('Please select an approval request')" — and no case.
  it('asks an approval message, and only it, for an approval request', () => {
    const refused = typesWhere((type) => findComposerError(draft(type, { approval_uid: null })) !== null);
    expect(refused).toEqual(['APPROVAL_MESSAGE']);
    expect(findComposerError(draft('APPROVAL_MESSAGE', { approval_uid: '' }))).toEqual({
      field: 'approval_uid',
      message: 'Please select an approval request',
    });
    expect(findComposerError(draft('APPROVAL_MESSAGE', { case_uid: null }))).toBeNull();
  });

  // §5: "OUTSOURCE_MESSAGE also requires an outsource job ('Please select an outsource job')."
  it('asks an outsource message, and only it, for an outsource job', () => {
    const refused = typesWhere(
      (type) => findComposerError(draft(type, { outsource_uid: undefined })) !== null,
    );
    expect(refused).toEqual(['OUTSOURCE_MESSAGE']);
    expect(findComposerError(draft('OUTSOURCE_MESSAGE', { outsource_uid: '' }))).toEqual({
      field: 'outsource_uid',
      message: 'Please select an outsource job',
    });
  });

  it('asks an outsource message for its case as well as its job', () => {
    const caseless = draft('OUTSOURCE_MESSAGE', { case_uid: null });
    expect(findComposerError(caseless)?.message).toBe('Please select a case');
    expect(findComposerError({ ...caseless, case_uid: 'case-1', outsource_uid: null })?.message).toBe(
      'Please select an outsource job',
    );
  });

  // §5: "CLIENT_MESSAGE, CUSTOMER_SCAN_ADVICE, CLIENT_NOTE, SALES_MESSAGE and CUSTOMER_SERVICE_NOTE need no
  // extra selection."
  it('needs nothing but a message for the selection-free types', () => {
    for (const type of specSelectionFree) {
      expect(findComposerError({ type, note: 'Called the clinic.' })).toBeNull();
    }
  });

  // §5: "Any other type: 'Invalid message type'."
  it.each(['', 'NOTE', 'case_note', 'INBOUND_MESSAGE'])('refuses the type %j', (type) => {
    expect(findComposerError(draft(type))).toEqual({
      field: 'message_type',
      message: 'Invalid message type',
    });
  });

  it('answers with the spec wording', () => {
    expect(composerMessages).toMatchObject({
      noMessage: 'Please supply a message',
      noCase: 'Please select a case',
      noApproval: 'Please select an approval request',
      noOutsource: 'Please select an outsource job',
      invalidType: 'Invalid message type',
      clientNoteConfirm:
        "You're about to attach this message to a client's record - this will be visible on all cases. Are you sure?",
    });
  });
});
