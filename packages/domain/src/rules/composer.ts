import type { Department, MessageTypeCode, MessageVisibility } from '../enums';

// The message composer's rules (case-workspace §5 'Message composer', §9). The web shows the selectors
// and fills the fields by them; the server checks the same rules and derives what the web must not set
// (author, resolvable, direction, visibility).

export const composerMessages = {
  noMessage: 'Please supply a message',
  noCase: 'Please select a case',
  noApproval: 'Please select an approval request',
  noOutsource: 'Please select an outsource job',
  invalidType: 'Invalid message type',
  clientNoteConfirm:
    "You're about to attach this message to a client's record - this will be visible on all cases. Are you sure?",
  htmlFailed: 'Failed to process the HTML file.',
  uploadFailed: 'Error uploading attachments',
  submitFailed: 'Error submitting message',
} as const;

/** Types that need a case ('Please select a case'). */
export const caseRequiredTypes: readonly MessageTypeCode[] = [
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

/** Types that need no extra selection. */
export const selectionFreeTypes: readonly MessageTypeCode[] = [
  'CLIENT_MESSAGE',
  'CUSTOMER_SCAN_ADVICE',
  'CLIENT_NOTE',
  'SALES_MESSAGE',
  'CUSTOMER_SERVICE_NOTE',
];

/** The types the composer knows; anything else is 'Invalid message type'. */
export const composerTypes: readonly MessageTypeCode[] = [
  ...caseRequiredTypes,
  ...selectionFreeTypes,
  'APPROVAL_MESSAGE',
];

export const isComposerType = (type: string): type is MessageTypeCode =>
  (composerTypes as readonly string[]).includes(type);

/** The case selector shows when no case is fixed and the type is not one of these. */
const noCaseSelectorTypes: readonly MessageTypeCode[] = [
  'CLIENT_NOTE',
  'CLIENT_MESSAGE',
  'CUSTOMER_SCAN_ADVICE',
  'SALES_MESSAGE',
  'CUSTOMER_SERVICE_NOTE',
  'APPROVAL_MESSAGE',
];

export const showsCaseSelector = (type: MessageTypeCode, hasFixedCase: boolean): boolean =>
  !hasFixedCase && !noCaseSelectorTypes.includes(type);

/** Design, production and lab messages go to one employee of that department, or (blank) to all of it. */
export const recipientDepartmentOf = (type: MessageTypeCode): Department | null => {
  if (type === 'DESIGN_MESSAGE') return 'DESIGN';
  if (type === 'PRODUCTION_MESSAGE') return 'MACHINING';
  if (type === 'LAB_MESSAGE') return 'POLISHING';
  return null;
};

export const showsRecipientSelector = (type: MessageTypeCode): boolean =>
  recipientDepartmentOf(type) !== null;
export const showsApprovalSelector = (type: MessageTypeCode): boolean => type === 'APPROVAL_MESSAGE';
export const showsOutsourceSelector = (type: MessageTypeCode): boolean => type === 'OUTSOURCE_MESSAGE';

type NamedEmployee = { username: string; name: string; department: Department };

/** Recipient choices: the type's department; otherwise every employee with a name, sorted by name. */
export const recipientChoices = <E extends NamedEmployee>(
  employees: readonly E[],
  type: MessageTypeCode,
): E[] => {
  const department = recipientDepartmentOf(type);
  const named = employees.filter((e) => e.name.trim() !== '');
  const chosen = department ? named.filter((e) => e.department === department) : named;
  return chosen.toSorted((a, b) => a.name.localeCompare(b.name));
};

/** Approval choices: only those neither approved nor cancelled. */
export const openApprovals = <A extends { approved_at: string | null; cancelled_at: string | null }>(
  approvals: readonly A[],
): A[] => approvals.filter((a) => a.approved_at === null && a.cancelled_at === null);

/** Outsource choices: only those without an end. */
export const openOutsources = <O extends { end: string | null }>(outsources: readonly O[]): O[] =>
  outsources.filter((o) => o.end === null);

/** Resolvable is true only for ALERTING_MESSAGE and CUSTOMER_SERVICE_NOTE. */
export const isResolvableType = (type: MessageTypeCode): boolean =>
  type === 'ALERTING_MESSAGE' || type === 'CUSTOMER_SERVICE_NOTE';

const outboundTypes: readonly MessageTypeCode[] = [
  'DESIGN_MESSAGE',
  'PRODUCTION_MESSAGE',
  'LAB_MESSAGE',
  'CLIENT_MESSAGE',
  'CUSTOMER_SCAN_ADVICE',
  'APPROVAL_MESSAGE',
  'OUTSOURCE_MESSAGE',
];

/** Direction of a staff message: OUTBOUND for the types that go somewhere, else STATIC. */
export const directionOf = (type: MessageTypeCode): 'OUTBOUND' | 'STATIC' =>
  outboundTypes.includes(type) ? 'OUTBOUND' : 'STATIC';

/** Who may see a message of this type (domain-decisions 'Messages'). */
export const visibilityOf = (type: MessageTypeCode): MessageVisibility => {
  if (type === 'CLIENT_MESSAGE' || type === 'CUSTOMER_SCAN_ADVICE' || type === 'APPROVAL_MESSAGE')
    return 'CLIENTS';
  if (type === 'OUTSOURCE_MESSAGE') return 'PARTNERS';
  if (type === 'SALES_MESSAGE') return 'SALES';
  return 'STAFF';
};

/** Client-type and approval messages go to the shipping client; outsource messages to the partner. */
export const isClientRecipientType = (type: MessageTypeCode): boolean =>
  type === 'CLIENT_MESSAGE' || type === 'CUSTOMER_SCAN_ADVICE' || type === 'APPROVAL_MESSAGE';

/** case_collection_uid is omitted for CLIENT_NOTE (the note belongs to the client record). */
export const omitsCollection = (type: MessageTypeCode): boolean => type === 'CLIENT_NOTE';

/** case_uid is omitted for client note, client message and scan advice unless it comes from the approval. */
export const omitsCase = (type: MessageTypeCode): boolean =>
  type === 'CLIENT_NOTE' || type === 'CLIENT_MESSAGE' || type === 'CUSTOMER_SCAN_ADVICE';

export type ComposerDraft = {
  type: string;
  note: string;
  case_uid?: string | null | undefined;
  approval_uid?: string | null | undefined;
  outsource_uid?: string | null | undefined;
};

/** The first rule the draft breaks, as {field, message}, or null (the order the composer checks them). */
export const findComposerError = (draft: ComposerDraft): { field: string; message: string } | null => {
  if (!isComposerType(draft.type)) return { field: 'message_type', message: composerMessages.invalidType };
  if (draft.note.trim() === '') return { field: 'note', message: composerMessages.noMessage };
  if (caseRequiredTypes.includes(draft.type) && !draft.case_uid) {
    return { field: 'case_uid', message: composerMessages.noCase };
  }
  if (draft.type === 'APPROVAL_MESSAGE' && !draft.approval_uid) {
    return { field: 'approval_uid', message: composerMessages.noApproval };
  }
  if (draft.type === 'OUTSOURCE_MESSAGE' && !draft.outsource_uid) {
    return { field: 'outsource_uid', message: composerMessages.noOutsource };
  }
  return null;
};
