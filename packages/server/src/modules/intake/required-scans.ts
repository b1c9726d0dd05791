import { asc, eq } from 'drizzle-orm';
import { AppError, orderMessages, type JobTypeRequiredScans, type ScanKind } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Queryable } from '../../db/client';
import { job_type_required_files, job_types } from '../../db/schema/index';

// The scans pre-flight asks of each job type: listed for everyone, set by an admin (the whole list of a
// job type at once, with its audit row), as the checklist templates are.

const listOf = async (q: Queryable, jobTypeId?: number): Promise<JobTypeRequiredScans[]> => {
  const rows = await q
    .select({ job_type_id: job_types.id, job_type: job_types.name, kind: job_type_required_files.kind })
    .from(job_types)
    .leftJoin(job_type_required_files, eq(job_type_required_files.job_type_id, job_types.id))
    .where(jobTypeId === undefined ? eq(job_types.is_active, true) : eq(job_types.id, jobTypeId))
    .orderBy(asc(job_types.name), asc(job_type_required_files.kind));
  const byType = new Map<number, JobTypeRequiredScans>();
  for (const row of rows) {
    const entry = byType.get(row.job_type_id) ?? {
      job_type_id: row.job_type_id,
      job_type: row.job_type,
      kinds: [],
    };
    if (row.kind) entry.kinds.push(row.kind as ScanKind);
    byType.set(row.job_type_id, entry);
  }
  return [...byType.values()];
};

export const listRequiredScans = (db: Db): Promise<JobTypeRequiredScans[]> => listOf(db);

export const setRequiredScans = (
  db: Db,
  options: { actor: StaffActor; jobTypeId: number; kinds: ScanKind[] },
): Promise<JobTypeRequiredScans> =>
  inTransaction(db, async (tx) => {
    const [before] = await listOf(tx, options.jobTypeId);
    if (!before) throw new AppError('not_found', { message: orderMessages.jobTypeNotFound });
    await tx
      .delete(job_type_required_files)
      .where(eq(job_type_required_files.job_type_id, options.jobTypeId));
    if (options.kinds.length > 0) {
      await tx
        .insert(job_type_required_files)
        .values(options.kinds.map((kind) => ({ job_type_id: options.jobTypeId, kind })));
    }
    await writeAuditEvent(tx, {
      entity: 'job_type_required_scans',
      entityId: options.jobTypeId,
      action: 'updated',
      collectionUid: null,
      caseUid: null,
      changes: { job_type: before.job_type, kinds: { old: before.kinds, new: options.kinds } },
      actor: options.actor,
    });
    const [after] = await listOf(tx, options.jobTypeId);
    if (!after) throw new AppError('not_found', { message: orderMessages.jobTypeNotFound });
    return after;
  });
