import { desc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  recallNoticeText,
  recallNotifyMessages,
  type RecallNotify,
  type RecallRecord,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Queryable } from '../../db/client';
import { messages, recall_notices, recalls, users } from '../../db/schema/index';
import { enqueueJob } from '../../jobs/enqueue-job';
import { jobNames } from '../../jobs/job-names';
import { findRecall } from './recall';

// POST /api/v2/recall/notify/ (Warehouse, admins): tells every client whose patient received the lot.
// The recall is run again inside the transaction (what the user saw may have grown since), then per
// affected collection: a CLIENT_MESSAGE the portal shows (on its first affected case) with its audit row
// and the job that e-mails it — the e-mail is recorded as a communication when it goes. The recall itself
// is kept (who, when, the notice, the message, whom it told), so it is shown later and can be run again.

export const notifyRecall = (
  db: Db,
  options: { body: RecallNotify; actor: StaffActor; now?: Date },
): Promise<{ recall: RecallRecord }> =>
  inTransaction(db, async (tx) => {
    const { body, actor } = options;
    const now = options.now ?? new Date();
    const found = await findRecall(tx, body);
    if (found.cases.length === 0)
      throw new AppError('conflict', { message: recallNotifyMessages.nobodyToNotify });
    const byCollection = groupByCollection(found.cases);
    const [recall] = await tx
      .insert(recalls)
      .values({
        article: body.article,
        lot: body.lot,
        notice_reference: body.notice_reference,
        message: body.message,
        case_count: found.cases.length,
        notified_by_id: actor.id,
        notified_at: now,
      })
      .returning({ id: recalls.id });
    if (!recall) throw new Error('the recall was not stored');
    for (const [collectionUid, affected] of byCollection) {
      const [first] = affected;
      if (!first) continue;
      const [message] = await tx
        .insert(messages)
        .values({
          case_collection_uid: collectionUid,
          case_uid: first.case_uid,
          message_type: 'CLIENT_MESSAGE',
          visibility: 'CLIENTS',
          direction: 'OUTBOUND',
          author_reference: actor.username,
          author_user_id: actor.id,
          recipient_reference: first.client.name,
          note: recallNoticeText(body.message, {
            patient: first.patient_reference,
            cases: affected.map((item) => item.case_mkey),
          }),
          resolvable: false,
          created_at: now,
        })
        .returning({ uid: messages.uid });
      if (!message) throw new Error('the recall message was not stored');
      await tx
        .insert(recall_notices)
        .values({ recall_id: recall.id, collection_uid: collectionUid, message_uid: message.uid });
      await writeAuditEvent(tx, {
        entity: 'message',
        entityId: message.uid,
        action: 'created',
        collectionUid,
        caseUid: first.case_uid,
        changes: { message_type: 'CLIENT_MESSAGE', visibility: 'CLIENTS', recall: recall.id },
        actor,
        at: now,
      });
      await enqueueJob(tx, jobNames.recallNoticeEmail, { message_uid: message.uid });
    }
    await writeAuditEvent(tx, {
      entity: 'recall',
      entityId: recall.id,
      action: 'notified',
      collectionUid: null,
      caseUid: null,
      changes: {
        article: body.article,
        lot: body.lot,
        notice_reference: body.notice_reference,
        cases: found.cases.length,
        collections: byCollection.size,
      },
      actor,
      at: now,
    });
    const [record] = await listRecalls(tx, recall.id);
    if (!record) throw new Error('the recall just stored was not found');
    return { recall: record };
  });

const groupByCollection = <T extends { collection_uid: string }>(items: readonly T[]) => {
  const groups = new Map<string, T[]>();
  for (const item of items)
    groups.set(item.collection_uid, [...(groups.get(item.collection_uid) ?? []), item]);
  return groups;
};

/** The recalls on record, newest first (or one of them). */
export const listRecalls = async (q: Queryable, id?: number): Promise<RecallRecord[]> => {
  const rows = await q
    .select({
      id: recalls.id,
      article: recalls.article,
      lot: recalls.lot,
      notice_reference: recalls.notice_reference,
      first_name: users.first_name,
      last_name: users.last_name,
      notified_at: recalls.notified_at,
      cases: recalls.case_count,
      collections: sql<number>`(SELECT count(*)::int FROM ${recall_notices} n WHERE n.recall_id = ${recalls.id})`,
    })
    .from(recalls)
    .leftJoin(users, eq(users.id, recalls.notified_by_id))
    .where(id === undefined ? undefined : eq(recalls.id, id))
    .orderBy(desc(recalls.notified_at), desc(recalls.id))
    .limit(100);
  return rows.map(({ first_name, last_name, notified_at, ...row }) => ({
    ...row,
    notified_by: first_name === null ? null : `${first_name} ${last_name ?? ''}`.trim(),
    notified_at: notified_at.toISOString(),
  }));
};
