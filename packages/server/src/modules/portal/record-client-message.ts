import { eq, sql } from 'drizzle-orm';
import type { Message } from '@lab/domain';
import type { ClientActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import type { Tx } from '../../db/client';
import { collections, message_attachments, messages } from '../../db/schema/index';
import { publishCollectionChanged, publishRealtimeEvents } from '../../realtime/events';
import { writeFileAudit } from '../files/file-audit';
import { insertFileRow, type KeptFile } from '../files/store-file';
import { presentNewMessage } from '../messages/message-queries';
import { storeEndedInformationHolds } from '../schedule/client-holds';
import {
  createNotifications,
  findAudienceIds,
  type NotificationAudience,
  type NotificationContent,
} from '../notifications/create-notifications';

// What the client writes through the portal lands as an INBOUND, CLIENTS-visible message of the
// collection (a client message, or the approval message of an answer), with its files, its audit rows,
// the lab's notifications and the collection-changed event — all in the caller's transaction.

export type ClientMessageTarget = {
  collectionUid: string;
  branchId: number | null;
  /** The case it is about, with its delegate; null for a message to the whole collection. */
  caseTarget: { uid: string; delegatedToId: number | null } | null;
  approvalUid: string | null;
};

export type ClientMessage = {
  client: ClientActor;
  type: 'CLIENT_MESSAGE' | 'APPROVAL_MESSAGE';
  note: string;
  kept: readonly KeptFile[];
  target: ClientMessageTarget;
  /** Also tell the design department (changes requested on a design). */
  alsoDesign: boolean;
  now: Date;
};

type LabNotice = Pick<ClientMessage, 'target' | 'alsoDesign'>;

/**
 * The case's delegate, else the branch's ADMIN staff (domain-decisions 'Notifications'); plus design
 * when the client asked for changes to a design.
 */
const labAudience = (notice: LabNotice): NotificationAudience[] => {
  const { caseTarget, branchId } = notice.target;
  const first: NotificationAudience = caseTarget?.delegatedToId
    ? { userIds: [caseTarget.delegatedToId], department: null }
    : { userIds: [], department: { department: 'ADMIN', branchId } };
  if (!notice.alsoDesign) return [first];
  return [first, { userIds: [], department: { department: 'DESIGN', branchId } }];
};

const notifyLab = async (tx: Tx, notice: LabNotice, content: NotificationContent) => {
  const ids = new Set<number>();
  for (const audience of labAudience(notice)) {
    for (const id of await findAudienceIds(tx, audience, null)) ids.add(id);
  }
  await createNotifications(tx, [...ids], content);
};

/**
 * A plain approval writes no message, yet it is an approval answer like the others: the lab is told
 * the same way (domain-decisions 'Notifications'), by a notification about the case without a message.
 */
export const notifyLabOfApproval = (
  tx: Tx,
  answer: { client: ClientActor; target: ClientMessageTarget; note: string },
): Promise<void> =>
  notifyLab(
    tx,
    { target: answer.target, alsoDesign: false },
    {
      message_uid: null,
      message_type: 'APPROVAL_MESSAGE',
      note: answer.note,
      author_reference: answer.client.clientName,
      case_uid: answer.target.caseTarget?.uid ?? null,
      case_collection_uid: answer.target.collectionUid,
      informational: true,
    },
  );

const attachFiles = async (
  tx: Tx,
  message: ClientMessage,
  messageUid: string,
): Promise<Message['attachments']> => {
  const { client, target, now } = message;
  const attached: Message['attachments'] = [];
  for (const file of message.kept) {
    const row = await insertFileRow(tx, file, {
      category: 'message_attachment',
      case_uid: target.caseTarget?.uid ?? null,
      collection_uid: target.collectionUid,
      uploaded_by_id: null,
      uploaded_by_reference: client.clientName,
    });
    const [attachment] = await tx
      .insert(message_attachments)
      .values({ message_uid: messageUid, file_id: row.id, file_name: row.filename })
      .returning({ uid: message_attachments.uid });
    if (attachment) attached.push({ uid: attachment.uid, file_name: row.filename, blurred: false });
    await writeFileAudit(tx, {
      fileUid: row.uid,
      action: 'uploaded',
      actor: client,
      caseUid: target.caseTarget?.uid ?? null,
      collectionUid: target.collectionUid,
      changes: { filename: row.filename, file_category: 'message_attachment', size_bytes: file.size_bytes },
      now,
    });
  }
  return attached;
};

/** Writes the client's message; answers it as the message list shows it, from the rows just written. */
export const recordClientMessage = async (tx: Tx, message: ClientMessage): Promise<Message> => {
  const { client, target, now } = message;
  const [stored] = await tx
    .insert(messages)
    .values({
      case_collection_uid: target.collectionUid,
      case_uid: target.caseTarget?.uid ?? null,
      approval_uid: target.approvalUid,
      message_type: message.type,
      visibility: 'CLIENTS',
      direction: 'INBOUND',
      author_reference: client.clientName,
      note: message.note,
      created_at: now,
    })
    .returning();
  if (!stored) throw new Error('the client message was not stored');
  const attachments = await attachFiles(tx, message, stored.uid);
  await writeAuditEvent(tx, {
    entity: 'message',
    entityId: stored.uid,
    action: 'created',
    collectionUid: target.collectionUid,
    caseUid: stored.case_uid,
    changes: {
      message_type: message.type,
      visibility: 'CLIENTS',
      direction: 'INBOUND',
      approval_uid: target.approvalUid,
      attachments: message.kept.map((file) => file.filename),
    },
    actor: client,
    at: now,
  });
  await notifyLab(tx, message, {
    message_uid: stored.uid,
    message_type: stored.message_type,
    note: stored.note,
    author_reference: stored.author_reference,
    case_uid: stored.case_uid,
    case_collection_uid: stored.case_collection_uid,
    informational: true,
  });
  await tx
    .update(collections)
    .set({ updated_at: sql`now()` })
    .where(eq(collections.uid, target.collectionUid));
  await publishCollectionChanged(tx, target.collectionUid);
  // A request for missing information it answers ends that case's hold on the client.
  await storeEndedInformationHolds(tx, { collectionUid: target.collectionUid, actor: client, now });
  // The Customer Service inboxes list it at once (it waits for a reply).
  await publishRealtimeEvents(tx, [
    { type: 'client_waiting', uid: target.collectionUid, branch_id: target.branchId },
  ]);
  return presentNewMessage(tx, stored, attachments);
};
