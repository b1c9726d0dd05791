import { departments, type Department } from '@lab/domain';
import type { Tx } from '../../db/client';
import { createNotifications, findAudienceIds } from './create-notifications';

// News about a case's outsourced work (the partner's message, returned files, completion, due-soon and
// overdue notices) goes to the case's department at the collection's fulfillment branch
// (domain-decisions 'Outsourcing'). A case with no department any more (dispatched or cancelled while
// the job ran) falls back to DESIGN, the department that outsources work.

const isDepartment = (value: string | null): value is Department =>
  (departments as readonly (string | null)[]).includes(value);

export type CaseDepartmentNotice = {
  caseUid: string;
  collectionUid: string;
  department: string | null;
  branchId: number | null;
  note: string;
  /** Who the notice is from: the partner's name, usually. */
  authorReference: string;
  messageUid: string | null;
  /** Informational notices expire after 7 days; an overdue job stays until actioned. */
  informational: boolean;
};

export const notifyCaseDepartment = async (tx: Tx, notice: CaseDepartmentNotice): Promise<void> => {
  const department = isDepartment(notice.department) ? notice.department : 'DESIGN';
  const userIds = await findAudienceIds(
    tx,
    { userIds: [], department: { department, branchId: notice.branchId } },
    null,
  );
  await createNotifications(tx, userIds, {
    message_uid: notice.messageUid,
    message_type: 'OUTSOURCE_MESSAGE',
    note: notice.note,
    author_reference: notice.authorReference,
    case_uid: notice.caseUid,
    case_collection_uid: notice.collectionUid,
    informational: notice.informational,
  });
};
