import { eq } from 'drizzle-orm';
import { directionOf, isResolvableType, visibilityOf } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { clients, message_attachments, messages } from '../../db/schema/index';
import type { ActionCase } from '../cases/kernel';
import { writeAuditEvent } from '../../audit/write-audit-event';

// The APPROVAL_MESSAGE a new approval request writes (domain-decisions 'Messages, notifications,
// approvals'), by the composer's rules (rules/composer.ts): visible to the client, outbound, from the
// signed-in employee to the shipping client, with the request's files as its attachments, and its own
// 'created' audit row as every posted message has (post-message.ts).

const approvalMessageType = 'APPROVAL_MESSAGE';

export const insertApprovalMessage = async (
  tx: Tx,
  entry: {
    approvalUid: string;
    actionCase: ActionCase;
    actor: StaffActor;
    note: string;
    attachments: readonly { file_id: number; filename: string }[];
    now: Date;
  },
): Promise<string> => {
  const { actionCase } = entry;
  const [client] = await tx
    .select({ name: clients.name })
    .from(clients)
    .where(eq(clients.id, actionCase.collection.shipping_client_id))
    .limit(1);
  const [message] = await tx
    .insert(messages)
    .values({
      case_collection_uid: actionCase.collection.uid,
      case_uid: actionCase.row.uid,
      approval_uid: entry.approvalUid,
      message_type: approvalMessageType,
      visibility: visibilityOf(approvalMessageType),
      author_reference: entry.actor.username,
      author_user_id: entry.actor.id,
      recipient_reference: client?.name ?? null,
      direction: directionOf(approvalMessageType),
      note: entry.note,
      resolvable: isResolvableType(approvalMessageType),
      created_at: entry.now,
    })
    .returning({ uid: messages.uid });
  if (!message) throw new Error('message insert returned nothing');
  if (entry.attachments.length > 0) {
    await tx.insert(message_attachments).values(
      entry.attachments.map((a) => ({
        message_uid: message.uid,
        file_id: a.file_id,
        file_name: a.filename,
      })),
    );
  }
  await writeAuditEvent(tx, {
    entity: 'message',
    entityId: message.uid,
    action: 'created',
    collectionUid: actionCase.collection.uid,
    caseUid: actionCase.row.uid,
    changes: {
      message_type: approvalMessageType,
      visibility: visibilityOf(approvalMessageType),
      client_uid: null,
      recipient_reference: client?.name ?? null,
      approval_uid: entry.approvalUid,
      outsource_uid: null,
      attachments: entry.attachments.map((a) => a.filename),
    },
    actor: entry.actor,
    at: entry.now,
  });
  return message.uid;
};
