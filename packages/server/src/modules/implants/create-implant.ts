import type { Implant, ImplantBody } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import { implants } from '../../db/schema/index';
import { findCaseImplant } from './find-implants';
import { diffImplants, writeImplantAudit } from './implant-audit';
import { ensureToothIsFree, loadImplantCase, requireMarket } from './load-implant';
import { resolveImplant } from './resolve-implant';

/** POST /api/v2/case/{case_uid}/implants/: the implant and its CREATED audit row, in one transaction. */
export const createImplant = (
  db: Db,
  options: { caseUid: string; body: ImplantBody; actor: StaffActor },
): Promise<Implant> =>
  inTransaction(db, async (tx) => {
    const { caseUid, body, actor } = options;
    const market = requireMarket(await loadImplantCase(tx, caseUid, { lock: true }));
    const values = await resolveImplant(tx, market, body);
    await ensureToothIsFree(tx, { caseUid, tooth: values.tooth });
    const [row] = await tx
      .insert(implants)
      .values({ case_uid: caseUid, ...values })
      .returning({ id: implants.id });
    if (!row) throw new Error('implant insert returned no row');
    const created = await findCaseImplant(tx, { caseUid, market, implantId: row.id });
    await writeImplantAudit(tx, {
      caseUid,
      implantId: row.id,
      action: 'CREATED',
      changes: diffImplants(null, created),
      actor,
    });
    return created;
  });
