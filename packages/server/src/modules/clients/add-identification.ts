import {
  AppError,
  checkIdentification,
  fieldError,
  identificationMessages,
  toIso,
  type AddIdentificationBody,
  type ClientIdentification,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { client_identifications } from '../../db/schema/index';
import { requireClientRecord } from './client-record';

/**
 * POST /api/v2/client/{id}/identifications/: stores the value in the form the rule gives (e-mail in
 * lower case, mobile in international form), so the same address or number typed another way is a
 * duplicate (409), with its audit row in the same transaction.
 */
export const addIdentification = async (
  db: Db,
  options: { rawId: string; body: AddIdentificationBody; actor: StaffActor },
): Promise<ClientIdentification> => {
  const { body, actor } = options;
  // The body schema ran the same rule; this gives the stored form (and guards a caller without it).
  const check = checkIdentification(body.kind, body.value);
  if (!check.isValid) throw fieldError('value', check.message);
  return inTransaction(db, async (tx) => {
    const client = await requireClientRecord(tx, options.rawId);
    // The unique key (client, kind, value) decides a duplicate, also between two simultaneous adds.
    const [row] = await tx
      .insert(client_identifications)
      .values({ client_id: client.id, kind: body.kind, value: check.value, created_by_id: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', { message: identificationMessages.duplicate });
    await writeAuditEvent(tx, {
      entity: 'client',
      entityId: client.client_id,
      action: 'identification_added',
      collectionUid: null,
      caseUid: null,
      changes: { identifications: { old: null, new: `${row.kind}: ${row.value}` } },
      actor,
      at: row.created_at,
    });
    return {
      id: row.id,
      kind: body.kind,
      value: row.value,
      created_at: toIso(row.created_at),
      created_by: actor.username,
    };
  });
};
