import type { Implant, ImplantBody, ImplantPatch } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import type { ImplantRow } from './load-implant';
import { updateImplant } from './update-implant';

// The body that would recreate the row: a part used by default is sent as null, so turning bi-axial on
// switches a default screw to the platform's bi-axial default (or asks for a screw when it has none).
const bodyOf = (row: ImplantRow): ImplantBody => ({
  tooth: row.tooth,
  platform_id: row.platform_id,
  screw_id: row.using_default_screw ? null : row.screw_id,
  ti_base_id: row.using_default_tibase ? null : row.tibase_id,
  bi_axial: row.biaxial,
  engaging: row.engaging,
});

/** PATCH /api/v2/case/{case_uid}/implants/{implant_id}/: turns engaging or bi-axial on. */
export const patchImplant = (
  db: Db,
  options: { caseUid: string; implantId: number; patch: ImplantPatch; actor: StaffActor },
): Promise<Implant> =>
  updateImplant(db, {
    caseUid: options.caseUid,
    implantId: options.implantId,
    actor: options.actor,
    toBody: (row) => ({
      ...bodyOf(row),
      ...(options.patch.engaging ? { engaging: true } : {}),
      ...(options.patch.bi_axial ? { bi_axial: true } : {}),
    }),
  });
