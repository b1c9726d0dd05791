import {
  directionOf,
  isClientRecipientType,
  isComposerType,
  isResolvableType,
  omitsCase,
  omitsCollection,
  showsApprovalSelector,
  showsCaseSelector,
  showsOutsourceSelector,
  showsRecipientSelector,
  type PostMessageFields,
} from '@lab/domain';

// The fields of POST /api/v2/messages/ for a composer draft (case-workspace §7 'Messages and approvals',
// §9): only what the type calls for, and never an empty value.

export type MessageDraft = {
  type: string;
  note: string;
  /** The case chosen in the case selector (ignored while the selector is hidden). */
  caseUid: string | null;
  /** A staff username (design, production and lab messages); null means the whole department. */
  recipient: string | null;
  approvalUid: string | null;
  outsourceUid: string | null;
};

export type MessageContext = {
  collectionUid: string;
  /** The Notes tab's case; null in the Notes & Messages view. */
  fixedCaseUid: string | null;
  shippingClient: { uid: string; name: string };
  /** The signed-in user's username. */
  authorReference: string;
  approvals: readonly { uid: string; case_uid: string }[];
  /** The outsource jobs the draft may name, with their partner. */
  outsources: readonly { uid: string; partner: string }[];
  /** Service file names answered by the file service. */
  attachments: readonly string[];
};

const nonBlank = (value: string | null | undefined): string | undefined =>
  value !== null && value !== undefined && value.trim() !== '' ? value : undefined;

const recipientOf = (draft: MessageDraft, context: MessageContext): string | undefined => {
  if (!isComposerType(draft.type)) return undefined;
  if (showsRecipientSelector(draft.type)) return nonBlank(draft.recipient);
  if (isClientRecipientType(draft.type)) return nonBlank(context.shippingClient.name);
  if (showsOutsourceSelector(draft.type)) {
    return nonBlank(context.outsources.find((job) => job.uid === draft.outsourceUid)?.partner);
  }
  return undefined;
};

/** The draft's case: the fixed one, else the selector's while the type shows the selector. */
export const effectiveCaseUid = (
  draft: Pick<MessageDraft, 'type' | 'caseUid'>,
  fixedCaseUid: string | null,
) => {
  if (fixedCaseUid !== null) return fixedCaseUid;
  return isComposerType(draft.type) && showsCaseSelector(draft.type, false) ? draft.caseUid : null;
};

const caseUidOf = (
  draft: MessageDraft,
  context: MessageContext,
  approvalCaseUid: string | undefined,
): string | undefined => {
  if (!isComposerType(draft.type)) return undefined;
  // An approval message belongs to the approval's case; client note, client message and scan advice
  // carry no case of their own.
  if (approvalCaseUid) return approvalCaseUid;
  return omitsCase(draft.type) ? undefined : nonBlank(effectiveCaseUid(draft, context.fixedCaseUid));
};

/** The non-empty fields to post for the draft; `findComposerError` has accepted it before. */
export const buildMessageFields = (draft: MessageDraft, context: MessageContext): PostMessageFields => {
  const type = draft.type;
  const isKnown = isComposerType(type);
  const approvalUid = isKnown && showsApprovalSelector(type) ? nonBlank(draft.approvalUid) : undefined;
  const approvalCaseUid = approvalUid
    ? context.approvals.find((approval) => approval.uid === approvalUid)?.case_uid
    : undefined;
  const fields: PostMessageFields = {
    client_uid: type === 'CLIENT_NOTE' ? context.shippingClient.uid : undefined,
    case_collection_uid: isKnown && omitsCollection(type) ? undefined : context.collectionUid,
    case_uid: caseUidOf(draft, context, approvalCaseUid),
    approval_uid: approvalUid,
    outsource_uid: isKnown && showsOutsourceSelector(type) ? nonBlank(draft.outsourceUid) : undefined,
    message_type: type,
    author_reference: nonBlank(context.authorReference),
    recipient_reference: recipientOf(draft, context),
    direction: isKnown ? directionOf(type) : undefined,
    note: nonBlank(draft.note.trim()),
    resolvable: isKnown ? String(isResolvableType(type)) : undefined,
    oft_attachments: context.attachments.length > 0 ? [...context.attachments] : undefined,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as PostMessageFields;
};

/** The multipart body: one part per field, oft_attachments repeated. */
export const toMessageFormData = (fields: PostMessageFields): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  return form;
};
