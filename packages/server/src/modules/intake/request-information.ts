import { eq } from 'drizzle-orm';
import { AppError, orderMessages, type InformationRequest } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { cases, clients, collections, messages } from '../../db/schema/index';
import { enqueueJob } from '../../jobs/enqueue-job';
import { informationRequestNote } from '../../jobs/information-request-email';
import { jobNames } from '../../jobs/job-names';
import { writeCaseAuditRow } from '../cases/kernel';
import { parseCaseUid } from './case-uid';

// POST /api/v2/case/{case_uid}/request_information/: the Check-in desk asks the clinic for what the
// order lacks. One transaction: a CLIENT_MESSAGE of the case (the portal shows it, the client answers
// there), its audit row, the case's history ("information requested", waiting on the client) and the
// job that e-mails the client.

export const requestInformation = (
  db: Db,
  options: { caseUid: string; actor: StaffActor; body: InformationRequest; now?: Date },
): Promise<{ message_uid: string }> =>
  inTransaction(db, async (tx) => {
    const { actor, body } = options;
    const now = options.now ?? new Date();
    const [found] = await tx
      .select({ uid: cases.uid, collection_uid: cases.collection_uid, client: clients.name })
      .from(cases)
      .innerJoin(collections, eq(collections.uid, cases.collection_uid))
      .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
      .where(eq(cases.uid, parseCaseUid(options.caseUid)))
      .limit(1);
    if (!found) throw new AppError('not_found', { message: orderMessages.caseNotFound });
    const [message] = await tx
      .insert(messages)
      .values({
        case_collection_uid: found.collection_uid,
        case_uid: found.uid,
        message_type: 'CLIENT_MESSAGE',
        visibility: 'CLIENTS',
        direction: 'OUTBOUND',
        author_reference: actor.username,
        author_user_id: actor.id,
        recipient_reference: found.client,
        note: informationRequestNote(body.checks, body.note),
        resolvable: false,
        created_at: now,
      })
      .returning({ uid: messages.uid });
    if (!message) throw new Error('the request message was not stored');
    await writeAuditEvent(tx, {
      entity: 'message',
      entityId: message.uid,
      action: 'created',
      collectionUid: found.collection_uid,
      caseUid: found.uid,
      changes: { message_type: 'CLIENT_MESSAGE', visibility: 'CLIENTS', information_request: body.checks },
      actor,
    });
    await writeCaseAuditRow(tx, {
      caseUid: found.uid,
      collectionUid: found.collection_uid,
      actor,
      now,
      changes: { information_requested: { old: null, new: { checks: body.checks, note: body.note } } },
    });
    await enqueueJob(tx, jobNames.informationRequestEmail, { message_uid: message.uid });
    return { message_uid: message.uid };
  });
