// The bare twins of the measured writes: the same rows written in one transaction (the row, its audit
// row, the realtime event the open pages hear), and the case action's answer read by the app's loader,
// behind a plain Fastify route without authentication, validation, the action runner, response schemas
// or hooks. What the app's write costs beyond this is what its request pipeline and its rules add.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { writeAuditEvent } from '../packages/server/src/audit/write-audit-event';
import { inTransaction, type Db, type Tx } from '../packages/server/src/db/client';
import { cases, collections, messages, users } from '../packages/server/src/db/schema/index';
import { writeCaseAuditRow } from '../packages/server/src/modules/cases/save-case-changes';
import { loadCollectionCase } from '../packages/server/src/modules/collections/load-collection';
import { findPortalClient } from '../packages/server/src/modules/portal/portal-client';
import { publishCollectionChanged } from '../packages/server/src/realtime/events';
import type { StaffActor } from '../packages/server/src/auth/actor';

type NoteBody = { case_collection_uid: string; case_uid: string; note: string };
type GroupBody = { group_number: number | null };

const benchActor = async (db: Db): Promise<StaffActor> => {
  const [row] = await db.select().from(users).where(eq(users.username, 'designer')).limit(1);
  if (!row) throw new Error('the data set has no demo user "designer"');
  return {
    kind: 'staff',
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    department: row.department as StaffActor['department'],
    all_departments: row.all_departments,
    admin: row.admin,
    restricted: row.restricted,
    staging: row.staging,
    branch_id: row.branch_id,
    session_id: 'bench',
  };
};

// A collection's pages poll by its updated_at: every write to it moves it on.
const touchCollection = async (tx: Tx, uid: string): Promise<void> => {
  await tx
    .update(collections)
    .set({ updated_at: sql`now()` })
    .where(eq(collections.uid, uid));
};

export const registerBareWrites = async (bare: FastifyInstance, db: Db): Promise<void> => {
  const actor = await benchActor(db);

  bare.post<{ Body: NoteBody }>('/api/v2/messages/', async (request) =>
    inTransaction(db, async (tx) => {
      const [message] = await tx
        .insert(messages)
        .values({
          case_collection_uid: request.body.case_collection_uid,
          case_uid: request.body.case_uid,
          message_type: 'CASE_NOTE',
          visibility: 'STAFF',
          direction: 'STATIC',
          author_reference: actor.username,
          author_user_id: actor.id,
          note: request.body.note,
        })
        .returning();
      if (!message) throw new Error('no message');
      await writeAuditEvent(tx, {
        entity: 'message',
        entityId: message.uid,
        action: 'created',
        collectionUid: request.body.case_collection_uid,
        caseUid: message.case_uid,
        changes: { message_type: 'CASE_NOTE', visibility: 'STAFF' },
        actor,
      });
      await touchCollection(tx, request.body.case_collection_uid);
      return message;
    }),
  );

  // A case action answers the case as the collection lists it: the twin reads it with the app's own
  // loader, as the hot reads' twins do (docs/decisions/2026-11-30-one-statement-reads.md).
  bare.post<{ Params: { case_id: string }; Body: GroupBody }>('/api/v2/case/:case_id/', async (request) => {
    const written = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .select({ uid: cases.uid, collection_uid: cases.collection_uid, group_number: cases.group_number })
        .from(cases)
        .where(eq(cases.case_id, Number(request.params.case_id)));
      if (!row) throw new Error('no case');
      const now = new Date();
      await tx
        .update(cases)
        .set({ group_number: request.body.group_number, updated_at: now })
        .where(eq(cases.uid, row.uid));
      await tx
        .update(collections)
        .set({ updated_at: sql`now()` })
        .where(eq(collections.uid, row.collection_uid));
      await publishCollectionChanged(tx, row.collection_uid);
      await writeCaseAuditRow(tx, {
        caseUid: row.uid,
        actor,
        now,
        changes: { group_number: { old: row.group_number, new: request.body.group_number } },
      });
      return row;
    });
    return loadCollectionCase(db, written.collection_uid, written.uid);
  });

  bare.post<{ Params: { portal_key: string }; Body: { note: string } }>(
    '/api/v2/customer/:portal_key/message/',
    async (request) => {
      const client = await findPortalClient(db, request.params.portal_key);
      if (!client) throw new Error('unknown portal key');
      return inTransaction(db, async (tx) => {
        const [message] = await tx
          .insert(messages)
          .values({
            case_collection_uid: client.collectionUid,
            message_type: 'CLIENT_MESSAGE',
            visibility: 'CLIENTS',
            direction: 'INBOUND',
            author_reference: client.clientName,
            note: request.body.note,
            resolvable: true,
          })
          .returning();
        if (!message) throw new Error('no message');
        await writeAuditEvent(tx, {
          entity: 'message',
          entityId: message.uid,
          action: 'created',
          collectionUid: client.collectionUid,
          caseUid: null,
          changes: { message_type: 'CLIENT_MESSAGE', visibility: 'CLIENTS' },
          actor: client,
        });
        await touchCollection(tx, client.collectionUid);
        return message;
      });
    },
  );
};
