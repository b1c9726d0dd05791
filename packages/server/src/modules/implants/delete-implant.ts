import { eq, sql } from 'drizzle-orm';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db } from '../../db/client';
import { implants } from '../../db/schema/index';
import { findCaseImplant } from './find-implants';
import { diffImplants, writeImplantAudit } from './implant-audit';
import { loadImplantCase, loadLiveImplant } from './load-implant';

/**
 * DELETE /api/v2/case/{case_uid}/implants/{implant_id}/: a soft delete, so the DELETED audit row can
 * still name the implant. Removing needs no catalogue, so a case without a fulfillment branch may do it.
 */
export const deleteImplant = (
  db: Db,
  options: { caseUid: string; implantId: number; actor: StaffActor },
): Promise<void> =>
  inTransaction(db, async (tx) => {
    const { caseUid, implantId, actor } = options;
    await loadImplantCase(tx, caseUid, { lock: true });
    await loadLiveImplant(tx, caseUid, implantId);
    // Platform validity is not audited, so the implant is read without a market.
    const before = await findCaseImplant(tx, { caseUid, market: null, implantId });
    await tx
      .update(implants)
      .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(implants.id, implantId));
    await writeImplantAudit(tx, {
      caseUid,
      implantId,
      action: 'DELETED',
      changes: diffImplants(before, null),
      actor,
    });
  });
