import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Implant } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { implants } from '../../db/schema/index';
import { findCaseImplants } from '../implants/find-implants';
import { diffImplants, writeImplantAudits } from '../implants/implant-audit';

// Implants carried from one case to another (clone_implants, redo_case), each with its implant audit row.

/** An implant as the case audit lists it: '11 Nobel Biocare CC RP', or 'Pontic' without a platform. */
export const implantText = (implant: Implant): string => `${implant.tooth} ${implant.platform ?? 'Pontic'}`;

/** The case's live implants as the audit names them (no market: offered-ness does not matter here). */
export const findImplantsForAudit = (tx: Tx, caseUid: string): Promise<Implant[]> =>
  findCaseImplants(tx, { caseUid, market: null });

/** Soft-deletes every live implant of the case, each with a DELETED audit row. */
export const removeImplants = async (
  tx: Tx,
  options: { caseUid: string; actor: StaffActor; now: Date },
): Promise<Implant[]> => {
  const { caseUid, actor, now } = options;
  const removed = await findImplantsForAudit(tx, caseUid);
  if (removed.length === 0) return removed;
  await tx
    .update(implants)
    .set({ deleted_at: now, updated_at: now })
    .where(and(eq(implants.case_uid, caseUid), isNull(implants.deleted_at)));
  await writeImplantAudits(
    tx,
    removed.map((implant) => ({
      caseUid,
      implantId: implant.id,
      action: 'DELETED',
      changes: diffImplants(implant, null),
      actor,
    })),
  );
  return removed;
};

/** Copies the live implants of one case onto another, parts and options included, each audited CREATED. */
export const copyImplants = async (
  tx: Tx,
  options: { fromCaseUid: string; toCaseUid: string; actor: StaffActor; now: Date },
): Promise<Implant[]> => {
  const { fromCaseUid, toCaseUid, actor, now } = options;
  const sources = await tx
    .select()
    .from(implants)
    .where(and(eq(implants.case_uid, fromCaseUid), isNull(implants.deleted_at)))
    .orderBy(asc(implants.tooth), asc(implants.id));
  if (sources.length === 0) return [];
  await tx.insert(implants).values(
    sources.map(({ id: _id, case_uid: _case, created_at: _created, updated_at: _updated, ...copy }) => ({
      ...copy,
      case_uid: toCaseUid,
      created_at: now,
      updated_at: now,
    })),
  );
  const created = await findImplantsForAudit(tx, toCaseUid);
  await writeImplantAudits(
    tx,
    created.map((implant) => ({
      caseUid: toCaseUid,
      implantId: implant.id,
      action: 'CREATED',
      changes: diffImplants(null, implant),
      actor,
    })),
  );
  return created;
};
