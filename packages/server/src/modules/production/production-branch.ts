import { asc, eq } from 'drizzle-orm';
import { AppError, productionMessages } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Queryable } from '../../db/client';
import { branches, user_main_branches } from '../../db/schema/index';

export type ProductionBranch = { id: number; name: string; time_zone: string };

const branchColumns = { id: branches.id, name: branches.name, time_zone: branches.time_zone };

/**
 * The branch a production screen shows: the one asked for (unknown: 404), else the user's home branch,
 * else their first main branch, else the first branch — so an employee without a branch still sees one
 * and can switch (the screens offer every branch).
 */
export const resolveProductionBranch = async (
  db: Queryable,
  options: { branchId: number | undefined; actor: StaffActor },
): Promise<ProductionBranch> => {
  const { branchId, actor } = options;
  if (branchId !== undefined) {
    const [found] = await db.select(branchColumns).from(branches).where(eq(branches.id, branchId)).limit(1);
    if (!found) throw new AppError('not_found', { message: productionMessages.branchNotFound });
    return found;
  }
  if (actor.branch_id !== null) {
    const [home] = await db
      .select(branchColumns)
      .from(branches)
      .where(eq(branches.id, actor.branch_id))
      .limit(1);
    if (home) return home;
  }
  const [main] = await db
    .select(branchColumns)
    .from(user_main_branches)
    .innerJoin(branches, eq(branches.id, user_main_branches.branch_id))
    .where(eq(user_main_branches.user_id, actor.id))
    .orderBy(asc(branches.id))
    .limit(1);
  if (main) return main;
  const [first] = await db.select(branchColumns).from(branches).orderBy(asc(branches.id)).limit(1);
  if (!first) throw new AppError('not_found', { message: productionMessages.branchNotFound });
  return first;
};
