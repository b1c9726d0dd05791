import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ImplantPlatform, Screw, TiBase } from '@lab/domain';
import type { Queryable } from '../../db/client';
import {
  implant_platforms,
  platform_availability,
  screw_availability,
  screws,
  tibase_availability,
  tibases,
} from '../../db/schema/index';

// The implant catalogue a case may choose from depends on its fulfillment branch and the shipping
// client's country: each item lists where it is available. Disabled items are still listed (with
// enabled false) so an implant that already uses one shows 'Implant Platform Not Available'.

const straightScrew = alias(screws, 'straight_screw');
const biaxialScrew = alias(screws, 'biaxial_screw');

const ref = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

export const findImplantPlatforms = async (
  db: Queryable,
  branchId: number,
  country: string,
): Promise<ImplantPlatform[]> => {
  const rows = await db
    .select({
      id: implant_platforms.id,
      name: implant_platforms.name,
      enabled: implant_platforms.enabled,
      to_tibase: implant_platforms.to_tibase,
      straight_screw_id: straightScrew.id,
      straight_screw_name: straightScrew.name,
      biaxial_screw_id: biaxialScrew.id,
      biaxial_screw_name: biaxialScrew.name,
      tibase_id: tibases.id,
      tibase_name: tibases.name,
    })
    .from(implant_platforms)
    .innerJoin(
      platform_availability,
      and(
        eq(platform_availability.platform_id, implant_platforms.id),
        eq(platform_availability.branch_id, branchId),
        eq(platform_availability.country, country),
      ),
    )
    .leftJoin(straightScrew, eq(straightScrew.id, implant_platforms.default_straight_screw_id))
    .leftJoin(biaxialScrew, eq(biaxialScrew.id, implant_platforms.default_biaxial_screw_id))
    .leftJoin(tibases, eq(tibases.id, implant_platforms.default_tibase_id))
    .orderBy(asc(implant_platforms.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    to_tibase: r.to_tibase,
    default_components: {
      straight_screw: ref(r.straight_screw_id, r.straight_screw_name),
      biaxial_screw: ref(r.biaxial_screw_id, r.biaxial_screw_name),
      tibase: ref(r.tibase_id, r.tibase_name),
    },
  }));
};

export const findScrews = (db: Queryable, branchId: number, country: string): Promise<Screw[]> =>
  db
    .select({ id: screws.id, name: screws.name, enabled: screws.enabled })
    .from(screws)
    .innerJoin(
      screw_availability,
      and(
        eq(screw_availability.screw_id, screws.id),
        eq(screw_availability.branch_id, branchId),
        eq(screw_availability.country, country),
      ),
    )
    .orderBy(asc(screws.name));

export const findTiBases = (db: Queryable, branchId: number, country: string): Promise<TiBase[]> =>
  db
    .select({ id: tibases.id, name: tibases.name, enabled: tibases.enabled })
    .from(tibases)
    .innerJoin(
      tibase_availability,
      and(
        eq(tibase_availability.tibase_id, tibases.id),
        eq(tibase_availability.branch_id, branchId),
        eq(tibase_availability.country, country),
      ),
    )
    .orderBy(asc(tibases.name));
