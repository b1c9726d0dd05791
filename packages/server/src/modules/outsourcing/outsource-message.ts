import { actorReference, actorUserId, type Actor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import type { Tx } from '../../db/client';
import { messages } from '../../db/schema/index';

// The conversation with a partner about one job: OUTSOURCE_MESSAGE rows of `messages`, visible to
// PARTNERS (domain-decisions 'Messages'). Staff write OUTBOUND (recipient the partner), the partner's
// page INBOUND. One writer, so the staff tab, the messages view and the partner page read the same rows.

export type OutsourceMessageInput = {
  job: { uid: string; partnerName: string };
  collectionUid: string;
  caseUid: string;
  author: Actor;
  note: string;
  now: Date;
};

export const writeOutsourceMessage = async (tx: Tx, input: OutsourceMessageInput): Promise<string> => {
  const fromPartner = input.author.kind === 'partner';
  const [message] = await tx
    .insert(messages)
    .values({
      case_collection_uid: input.collectionUid,
      case_uid: input.caseUid,
      outsource_uid: input.job.uid,
      message_type: 'OUTSOURCE_MESSAGE',
      visibility: 'PARTNERS',
      author_reference: actorReference(input.author),
      author_user_id: actorUserId(input.author),
      recipient_reference: fromPartner ? null : input.job.partnerName,
      direction: fromPartner ? 'INBOUND' : 'OUTBOUND',
      note: input.note,
      created_at: input.now,
    })
    .returning({ uid: messages.uid });
  if (!message) throw new Error('the outsource message was not stored');
  await writeAuditEvent(tx, {
    entity: 'message',
    entityId: message.uid,
    action: 'created',
    collectionUid: input.collectionUid,
    caseUid: input.caseUid,
    changes: { message_type: 'OUTSOURCE_MESSAGE', outsource_uid: input.job.uid },
    actor: input.author,
    at: input.now,
  });
  return message.uid;
};
