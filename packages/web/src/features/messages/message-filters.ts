import type { CollectionApproval, CollectionCase } from '@lab/domain';
import type { TimelineEntry } from './timeline';

// The message filters (collection-views §5 'Message filters'): text over author, recipient and note;
// job type (a case of the collection, labelled with its key and job type); message type; approval
// request (labelled with its type and the case's job type). Every filter set narrows the list: they
// combine by intersection. The Notes tab fixes the case and offers the approval and type filters only.

export type MessageFilters = {
  text: string;
  /** The case chosen in the job type filter (or the Notes tab's case). */
  caseUid: string | null;
  messageType: string | null;
  approvalUid: string | null;
};

export const noFilters: MessageFilters = { text: '', caseUid: null, messageType: null, approvalUid: null };

export const hasActiveFilter = (filters: MessageFilters): boolean =>
  filters.text.trim() !== '' ||
  filters.caseUid !== null ||
  filters.messageType !== null ||
  filters.approvalUid !== null;

type CaseRef = Pick<CollectionCase, 'case_mkey' | 'job_type'>;

/** '120034-01 Custom Abutment': the job type filter's choice for a case. */
export const caseChoiceLabel = (caseItem: CaseRef): string => `${caseItem.case_mkey} ${caseItem.job_type}`;

/** 'Design Approval – 120034-01 Custom Abutment': an approval request with its type and job type. */
export const approvalChoiceLabel = (
  approval: Pick<CollectionApproval, 'approval_type' | 'case_uid'>,
  cases: readonly (CaseRef & { uid: string })[],
  approvalTypeNames: ReadonlyMap<string, string>,
): string => {
  const typeName = approvalTypeNames.get(approval.approval_type) ?? approval.approval_type;
  const caseItem = cases.find((item) => item.uid === approval.case_uid);
  return caseItem ? `${typeName} – ${caseChoiceLabel(caseItem)}` : typeName;
};

// What the text filter reads of each kind: for a message its author, recipient and note (the spec's
// three); an approval request and an e-mail are matched on who made them and what they say.
const searchableTexts = (entry: TimelineEntry): (string | null)[] => {
  switch (entry.kind) {
    case 'message':
      return [entry.message.author_reference, entry.message.recipient_reference, entry.message.note];
    case 'approval':
      return [entry.approval.created_by, entry.approval.approval_type, entry.approval.changes];
    case 'communication':
      return [
        entry.communication.subject,
        entry.communication.communication_type,
        ...entry.communication.response.map((item) => ('email' in item ? item.email : item.identification)),
      ];
  }
};

const matchesText = (entry: TimelineEntry, text: string): boolean => {
  const needle = text.trim().toLowerCase();
  if (needle === '') return true;
  return searchableTexts(entry).some((value) => value?.toLowerCase().includes(needle) ?? false);
};

const caseUidOf = (entry: TimelineEntry): string | null => {
  switch (entry.kind) {
    case 'message':
      return entry.message.case_uid;
    case 'approval':
      return entry.approval.case_uid;
    case 'communication':
      return entry.communication.case_uid;
  }
};

const approvalUidOf = (entry: TimelineEntry): string | null => {
  switch (entry.kind) {
    case 'message':
      return entry.message.approval_uid;
    case 'approval':
      return entry.approval.uid;
    case 'communication':
      return entry.communication.approval_uid;
  }
};

/** True when the entry passes every filter that is set. */
export const matchesFilters = (entry: TimelineEntry, filters: MessageFilters): boolean => {
  if (!matchesText(entry, filters.text)) return false;
  if (filters.caseUid !== null && caseUidOf(entry) !== filters.caseUid) return false;
  // A message type is a message's: approval requests and e-mails are not messages.
  if (filters.messageType !== null) {
    if (entry.kind !== 'message' || entry.message.message_type !== filters.messageType) return false;
  }
  if (filters.approvalUid !== null && approvalUidOf(entry) !== filters.approvalUid) return false;
  return true;
};

/** The entries every set filter keeps (the intersection), in their order. */
export const filterTimeline = (
  entries: readonly TimelineEntry[],
  filters: MessageFilters,
): TimelineEntry[] =>
  hasActiveFilter(filters) ? entries.filter((entry) => matchesFilters(entry, filters)) : [...entries];
