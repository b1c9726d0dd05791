import { desc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  directionOf,
  findComposerError,
  isComposerType,
  isResolvableType,
  messageTextsExtra,
  recipientDepartmentOf,
  visibilityOf,
  type Message,
  type MessageTypeCode,
  type PostMessageFields,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { collections, message_attachments, messages } from '../../db/schema/index';
import type { UploadedPart } from '../../http/multipart-upload';
import { publishCollectionChanged, publishRealtimeEvents } from '../../realtime/events';
import {
  createNotifications,
  findAudienceIds,
  type NotificationAudience,
} from '../notifications/create-notifications';
import { attachableFilesOf, claimAttachments, distinctAttachmentNames } from './claim-attachments';
import { presentNewMessage } from './message-queries';
import { resolveMessageTarget, type MessageTarget } from './resolve-message-target';
import { writeAuditEvent } from '../../audit/write-audit-event';

// POST /api/v2/messages/ (case-workspace §7): the composer's rules again, then everything the web must not
// decide is derived here: the author is the signed-in employee, resolvable/direction/visibility come from
// the type, the recipient from the rows. The message, its attachments, audit row, notifications and
// realtime events are one transaction.

// A CLIENT_NOTE shows on every collection of the client; at most this many open pages are told at once.
const maxClientCollectionEvents = 200;

const refuse = (field: string, message: string): AppError =>
  new AppError('validation_failed', { message, fields: { [field]: message } });

/**
 * Who is told (domain-decisions): a design/production/lab message its recipient, or with none that
 * department's staff at the fulfillment branch; an ALERTING_MESSAGE the case's delegate and its
 * department's staff at the branch. Other types notify nobody.
 */
const audienceOf = (type: MessageTypeCode, target: MessageTarget): NotificationAudience | null => {
  const department = recipientDepartmentOf(type);
  if (department) {
    return target.recipient_user_id !== null
      ? { userIds: [target.recipient_user_id], department: null }
      : { userIds: [], department: { department, branchId: target.fulfillment_branch_id } };
  }
  if (type === 'ALERTING_MESSAGE' && target.case) {
    const { delegated_to_id, department: caseDepartment } = target.case;
    return {
      userIds: delegated_to_id === null ? [] : [delegated_to_id],
      department: caseDepartment
        ? { department: caseDepartment, branchId: target.fulfillment_branch_id }
        : null,
    };
  }
  return null;
};

const notifyAudience = async (
  tx: Tx,
  message: typeof messages.$inferSelect,
  target: MessageTarget,
  actor: StaffActor,
): Promise<void> => {
  const type = message.message_type as MessageTypeCode;
  const audience = audienceOf(type, target);
  if (!audience) return;
  const userIds = await findAudienceIds(tx, audience, actor.id);
  await createNotifications(tx, userIds, {
    message_uid: message.uid,
    message_type: message.message_type,
    note: message.note,
    author_reference: message.author_reference,
    case_uid: message.case_uid,
    case_collection_uid: message.case_collection_uid,
    // Only alerts stay until actioned.
    informational: type !== 'ALERTING_MESSAGE',
  });
};

/** Open pages of the collection (for a client note: of each of the client's collections) refetch. */
const announce = async (tx: Tx, target: MessageTarget): Promise<void> => {
  if (target.case_collection_uid) {
    await tx
      .update(collections)
      .set({ updated_at: sql`now()` })
      .where(eq(collections.uid, target.case_collection_uid));
    await publishCollectionChanged(tx, target.case_collection_uid);
    return;
  }
  const clientCollections = await tx
    .select({ uid: collections.uid })
    .from(collections)
    .where(eq(collections.shipping_client_id, target.client.id))
    .orderBy(desc(collections.added))
    .limit(maxClientCollectionEvents);
  await publishRealtimeEvents(
    tx,
    clientCollections.map((c) => ({ type: 'collection', uid: c.uid })),
  );
};

export const postMessage = async (
  db: Db,
  options: { body: PostMessageFields; actor: StaffActor; parts: readonly UploadedPart[] },
): Promise<Message> => {
  const { body, actor } = options;
  if (options.parts.length > 0) throw refuse('files', messageTextsExtra.filesNotAccepted);
  const note = (body.note ?? '').trim();
  const draftError = findComposerError({
    type: body.message_type,
    note,
    case_uid: body.case_uid,
    approval_uid: body.approval_uid,
    outsource_uid: body.outsource_uid,
  });
  if (draftError) throw refuse(draftError.field, draftError.message);
  if (!isComposerType(body.message_type)) throw new Error('findComposerError let an unknown type through');
  const type = body.message_type;
  const visibility = visibilityOf(type);
  const attachmentNames = distinctAttachmentNames(body.oft_attachments);

  return inTransaction(db, async (tx) => {
    const target = await resolveMessageTarget(tx, type, body);
    const attachments = await claimAttachments(tx, {
      names: attachmentNames,
      owner: attachableFilesOf({ collectionUid: target.source_collection_uid, clientId: target.client.id }),
      category: visibility === 'STAFF' ? 'note_attachment' : 'message_attachment',
    });
    const [message] = await tx
      .insert(messages)
      .values({
        client_uid: type === 'CLIENT_NOTE' ? target.client.uid : null,
        case_collection_uid: target.case_collection_uid,
        case_uid: target.case?.uid ?? null,
        approval_uid: target.approval_uid,
        outsource_uid: target.outsource_uid,
        message_type: type,
        visibility,
        // The body's author_reference, direction and resolvable are never used.
        author_reference: actor.username,
        author_user_id: actor.id,
        recipient_reference: target.recipient_reference,
        recipient_user_id: target.recipient_user_id,
        direction: directionOf(type),
        note,
        resolvable: isResolvableType(type),
      })
      .returning();
    if (!message) throw new Error('the message was not stored');
    const attachmentRows =
      attachments.length === 0
        ? []
        : await tx
            .insert(message_attachments)
            .values(
              attachments.map((a) => ({
                message_uid: message.uid,
                file_id: a.file_id,
                file_name: a.file_name,
              })),
            )
            .returning({
              uid: message_attachments.uid,
              file_id: message_attachments.file_id,
              file_name: message_attachments.file_name,
            });
    await writeAuditEvent(tx, {
      entity: 'message',
      entityId: message.uid,
      action: 'created',
      collectionUid: target.source_collection_uid,
      caseUid: message.case_uid,
      changes: {
        message_type: type,
        visibility,
        client_uid: message.client_uid,
        recipient_reference: message.recipient_reference,
        approval_uid: message.approval_uid,
        outsource_uid: message.outsource_uid,
        attachments: attachments.map((a) => a.file_name),
      },
      actor,
    });
    await notifyAudience(tx, message, target, actor);
    await announce(tx, target);
    // A reply the client reads ends what the Customer Service inboxes list for this collection.
    if (visibility === 'CLIENTS' && target.case_collection_uid) {
      await publishRealtimeEvents(tx, [
        { type: 'client_waiting', uid: target.case_collection_uid, branch_id: null },
      ]);
    }
    // Answered from the rows just written: a second read of them cost three statements per post.
    const blurred = new Set(attachments.filter((a) => a.blurred).map((a) => a.file_id));
    return presentNewMessage(
      tx,
      message,
      attachmentRows.map((row) => ({
        uid: row.uid,
        file_name: row.file_name,
        blurred: blurred.has(row.file_id),
      })),
    );
  });
};
