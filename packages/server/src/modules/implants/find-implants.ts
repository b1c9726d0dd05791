import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Implant } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { implant_platforms, implants, platform_availability, screws, tibases } from '../../db/schema/index';
import type { ImplantMarket } from './load-implant';
import { presentImplant } from './present-implant';

/**
 * The live implants of a case by tooth, or only `implantId` among them (the answer of a write). Without
 * a market (a case with no fulfillment branch) no platform counts as offered.
 */
export const findCaseImplants = async (
  q: Queryable,
  options: { caseUid: string; market: ImplantMarket | null; implantId?: number },
): Promise<Implant[]> => {
  const { caseUid, market, implantId } = options;
  const conditions: SQL[] = [eq(implants.case_uid, caseUid), isNull(implants.deleted_at)];
  if (implantId !== undefined) conditions.push(eq(implants.id, implantId));
  const rows = await q
    .select({
      id: implants.id,
      tooth: implants.tooth,
      platform_id: implants.platform_id,
      platform_name: implant_platforms.name,
      platform_enabled: implant_platforms.enabled,
      platform_offered: isNotNull(platform_availability.platform_id).mapWith(Boolean),
      to_tibase: implant_platforms.to_tibase,
      screw_id: screws.id,
      screw_name: screws.name,
      screw_code: screws.code,
      tibase_id: tibases.id,
      tibase_name: tibases.name,
      tibase_code: tibases.code,
      biaxial: implants.biaxial,
      engaging: implants.engaging,
      using_default_screw: implants.using_default_screw,
      using_default_tibase: implants.using_default_tibase,
    })
    .from(implants)
    .leftJoin(implant_platforms, eq(implant_platforms.id, implants.platform_id))
    .leftJoin(
      platform_availability,
      market
        ? and(
            eq(platform_availability.platform_id, implants.platform_id),
            eq(platform_availability.branch_id, market.branchId),
            eq(platform_availability.country, market.country),
          )
        : sql`false`,
    )
    .leftJoin(screws, eq(screws.id, implants.screw_id))
    .leftJoin(tibases, eq(tibases.id, implants.tibase_id))
    .where(and(...conditions))
    .orderBy(asc(implants.tooth), asc(implants.id));
  return rows.map(presentImplant);
};

/** One implant as presented; the caller has just loaded or written it, so it exists. */
export const findCaseImplant = async (
  q: Queryable,
  options: { caseUid: string; market: ImplantMarket | null; implantId: number },
): Promise<Implant> => {
  const [implant] = await findCaseImplants(q, options);
  if (!implant) throw new Error(`implant ${options.implantId} vanished inside its own transaction`);
  return implant;
};
