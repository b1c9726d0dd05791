import { eq } from 'drizzle-orm';
import {
  AppError,
  approvalActionNeedsChanges,
  portalTexts,
  type PortalApproval,
  type PortalApprovalFields,
} from '@lab/domain';
import type { ClientActor } from '../../auth/actor';
import { inTransaction, type Db, type Queryable } from '../../db/client';
import { approvals, cases } from '../../db/schema/index';
import type { UploadedPart } from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import { approveLocked, requestChangesLocked } from '../approvals/approval-actions';
import type { CaseEvents } from '../cases/kernel';
import { assertApprovalOpen, isUuid, lockApproval } from '../approvals/approval-records';
import { forgetKeptFiles, keepUploadedParts } from '../files/store-file';
import { loadPortalCollection } from './load-portal-collection';
import { notifyLabOfApproval, recordClientMessage } from './record-client-message';

// POST /api/v2/customer/{portal_key}/approval/{approval_uid}/ (domain-decisions 'Approvals'):
// approve; approve_with_changes approves and records the changes as an inbound message; request_changes
// stops the reminders and tells design. The details of the two with changes must not be blank; their
// files go with the message. An approval of another collection is 404, one no longer pending 409.

const approvalNotFound = () => new AppError('not_found', { message: portalTexts.approvalNotFound });

/** 404 unless the approval is on a case of the client's collection; 409 unless it is still pending. */
const precheck = async (q: Queryable, client: ClientActor, rawUid: string): Promise<void> => {
  if (!isUuid(rawUid)) throw approvalNotFound();
  const [row] = await q
    .select({ approval: approvals, collection_uid: cases.collection_uid })
    .from(approvals)
    .innerJoin(cases, eq(cases.uid, approvals.case_uid))
    .where(eq(approvals.uid, rawUid))
    .limit(1);
  if (row?.collection_uid !== client.collectionUid) throw approvalNotFound();
  if (row.approval.cancelled_at) throw approvalNotFound();
  assertApprovalOpen(row.approval);
};

const checkedChanges = (fields: PortalApprovalFields): string => {
  const changes = fields.changes?.trim() ?? '';
  if (approvalActionNeedsChanges(fields.action) && changes === '') {
    throw new AppError('validation_failed', {
      message: portalTexts.cannotBeBlank,
      fields: { changes: portalTexts.cannotBeBlank },
    });
  }
  return changes;
};

export const answerApproval = async (
  db: Db,
  options: {
    client: ClientActor;
    rawUid: string;
    fields: PortalApprovalFields;
    parts: readonly UploadedPart[];
    storage: FileStorage;
    /** The case events the answer's status change publishes. */
    events: CaseEvents;
  },
): Promise<PortalApproval> => {
  const { client, fields } = options;
  const changes = checkedChanges(fields);
  await precheck(db, client, options.rawUid);
  // A plain approval carries no files; the answers with changes keep theirs with the message.
  const kept = approvalActionNeedsChanges(fields.action)
    ? await keepUploadedParts(options.storage, options.parts, 'message_attachment')
    : [];
  try {
    await inTransaction(db, async (tx) => {
      const locked = await lockApproval(tx, options.rawUid);
      // Checked again under the lock: the approval cannot have moved, but it may have closed meanwhile.
      if (locked.actionCase.collection.uid !== client.collectionUid) throw approvalNotFound();
      const now = new Date();
      const input = { locked, actor: client, now, events: options.events };
      if (fields.action === 'request_changes') await requestChangesLocked(tx, input, changes);
      else await approveLocked(tx, input);
      const target = {
        collectionUid: client.collectionUid,
        branchId: locked.actionCase.collection.fulfillment_branch_id,
        caseTarget: {
          uid: locked.actionCase.row.uid,
          delegatedToId: locked.actionCase.row.delegated_to_id,
        },
        approvalUid: locked.approval.uid,
      };
      if (fields.action === 'approve') {
        await notifyLabOfApproval(tx, { client, target, note: `${locked.type.name}: Approved` });
        return;
      }
      if (fields.action === 'approve_with_changes') {
        // Approved, with the client's changes on the card as well as in the message.
        await tx.update(approvals).set({ changes }).where(eq(approvals.uid, locked.approval.uid));
      }
      await recordClientMessage(tx, {
        client,
        type: 'APPROVAL_MESSAGE',
        note: changes,
        kept,
        target,
        alsoDesign: fields.action === 'request_changes',
        now,
      });
    });
  } catch (error) {
    await forgetKeptFiles(options.storage, kept);
    throw error;
  }
  const collection = await loadPortalCollection(db, client);
  const answered = collection.approvals.find((approval) => approval.uid === options.rawUid);
  if (!answered) throw new Error('the answered approval is missing');
  return answered;
};
