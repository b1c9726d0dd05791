import { eq } from 'drizzle-orm';
import {
  AppError,
  permissionRefusal,
  statusMessages,
  type Status,
  type StatusClientNameBody,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { statuses } from '../../db/schema/index';
import { publishReferenceChanged } from '../../realtime/events';
import { findStatus } from './lists';

// PUT /api/v2/case/statuses/{status_id}/client_name/ (administrators): the name the client's portal shows
// for a status. Blank, null or the status's own name store null, "the status itself", so renaming the
// status later renames what clients see too. Audited; every process's statuses list and every kept
// portal answer are dropped by the reference event.

const statusNotFound = () => new AppError('not_found', { message: statusMessages.statusNotFound });

export const setStatusClientName = async (
  db: Db,
  options: { actor: StaffActor; statusId: number; body: StatusClientNameBody },
): Promise<Status> => {
  const refusal = permissionRefusal(options.actor, 'administer');
  if (refusal) throw new AppError('forbidden', { message: refusal });
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ name: statuses.name, client_name: statuses.client_name })
      .from(statuses)
      .where(eq(statuses.id, options.statusId))
      .for('update')
      .limit(1);
    if (!row) throw statusNotFound();
    const wanted = options.body.client_name ?? '';
    const next = wanted === '' || wanted === row.name ? null : wanted;
    if (next === row.client_name) return;
    await tx.update(statuses).set({ client_name: next }).where(eq(statuses.id, options.statusId));
    await writeAuditEvent(tx, {
      entity: 'status',
      entityId: options.statusId,
      action: 'client_name_set',
      collectionUid: null,
      caseUid: null,
      changes: { status: row.name, client_name: { old: row.client_name, new: next } },
      actor: options.actor,
    });
    await publishReferenceChanged(tx, 'statuses');
  });
  const status = await findStatus(db, options.statusId);
  if (!status) throw statusNotFound();
  return status;
};
