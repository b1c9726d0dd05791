import { eq, sql } from 'drizzle-orm';
import type { Implant, ImplantBody } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import { implants } from '../../db/schema/index';
import { findCaseImplant } from './find-implants';
import { diffImplants, writeImplantAudit } from './implant-audit';
import {
  ensureToothIsFree,
  loadImplantCase,
  loadLiveImplant,
  requireMarket,
  type ImplantRow,
} from './load-implant';
import { resolveImplant, type ImplantValues } from './resolve-implant';

const isSameImplant = (row: ImplantRow, values: ImplantValues): boolean =>
  (Object.keys(values) as (keyof ImplantValues)[]).every((key) => row[key] === values[key]);

/**
 * Rewrites a live implant from a body built from its current row (PUT ignores the row, PATCH changes one
 * option of it), checked by the same rules as a create. An unchanged implant is left alone: no write and
 * no audit row.
 */
export const updateImplant = (
  db: Db,
  options: {
    caseUid: string;
    implantId: number;
    actor: StaffActor;
    toBody: (current: ImplantRow) => ImplantBody;
  },
): Promise<Implant> =>
  inTransaction(db, async (tx) => {
    const { caseUid, implantId, actor } = options;
    const market = requireMarket(await loadImplantCase(tx, caseUid, { lock: true }));
    const current = await loadLiveImplant(tx, caseUid, implantId);
    const values = await resolveImplant(tx, market, options.toBody(current));
    if (isSameImplant(current, values)) return findCaseImplant(tx, { caseUid, market, implantId });
    await ensureToothIsFree(tx, { caseUid, tooth: values.tooth, exceptId: implantId });
    const before = await findCaseImplant(tx, { caseUid, market, implantId });
    await tx
      .update(implants)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(implants.id, implantId));
    const after = await findCaseImplant(tx, { caseUid, market, implantId });
    await writeImplantAudit(tx, {
      caseUid,
      implantId,
      action: 'UPDATED',
      changes: diffImplants(before, after),
      actor,
    });
    return after;
  });

/** PUT /api/v2/case/{case_uid}/implants/{implant_id}/: the body replaces the implant. */
export const replaceImplant = (
  db: Db,
  options: { caseUid: string; implantId: number; body: ImplantBody; actor: StaffActor },
): Promise<Implant> => updateImplant(db, { ...options, toBody: () => options.body });
