import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError, orderMessages, type DeskOrder } from '@lab/domain';
import type { Tx } from '../../db/client';
import { branches, implant_platforms, job_types, statuses } from '../../db/schema/index';
import { findJobType } from '../collections/add-component';

// An order names things as a person would (a job type, an implant platform, a branch): each is found
// by name, case and spacing aside, before anything is written. Every unknown name is a field error of
// its own path, all in one 400.

const sameName = (column: AnyPgColumn) => (name: string) =>
  sql`lower(btrim(${column})) = lower(btrim(${name}))`;

export type ResolvedOrder = {
  branchId: number | null;
  jobTypes: NonNullable<Awaited<ReturnType<typeof findJobType>>>[];
  /** Per case, per implant: the platform's id, null for a pontic. */
  platformIds: (number | null)[][];
  orderedStatus: { id: number; name: string; parent_name: 'ORDERED' };
};

export const resolveOrderReferences = async (
  tx: Tx,
  order: Pick<DeskOrder, 'fulfillment_branch' | 'cases'>,
): Promise<ResolvedOrder> => {
  const fields: Record<string, string> = {};
  let branchId: number | null = null;
  if (order.fulfillment_branch) {
    const [branch] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(sameName(branches.name)(order.fulfillment_branch))
      .limit(1);
    if (branch) branchId = branch.id;
    else fields.fulfillment_branch = orderMessages.unknownBranch;
  }
  const jobTypes: ResolvedOrder['jobTypes'] = [];
  const platformIds: (number | null)[][] = [];
  for (const [caseIndex, orderCase] of order.cases.entries()) {
    const [named] = await tx
      .select({ id: job_types.id })
      .from(job_types)
      .where(sameName(job_types.name)(orderCase.job_type))
      .limit(1);
    const jobType = named ? await findJobType(tx, named.id) : null;
    if (jobType) jobTypes.push(jobType);
    else fields[`cases.${caseIndex}.job_type`] = orderMessages.unknownJobType;
    const ids: (number | null)[] = [];
    for (const [implantIndex, implant] of orderCase.implants.entries()) {
      if (implant.platform === null) {
        ids.push(null);
        continue;
      }
      const [platform] = await tx
        .select({ id: implant_platforms.id })
        .from(implant_platforms)
        .where(sameName(implant_platforms.name)(implant.platform))
        .limit(1);
      if (platform) ids.push(platform.id);
      else
        fields[`cases.${caseIndex}.implants.${implantIndex}.platform`] = orderMessages.unknownImplantPlatform;
    }
    platformIds.push(ids);
  }
  const [firstMessage] = Object.values(fields);
  if (firstMessage !== undefined) throw new AppError('validation_failed', { message: firstMessage, fields });
  const [status] = await tx
    .select({ id: statuses.id, name: statuses.name })
    .from(statuses)
    .where(eq(statuses.name, 'Ordered'))
    .limit(1);
  if (!status) throw new Error('the reference data has no Ordered status');
  return { branchId, jobTypes, platformIds, orderedStatus: { ...status, parent_name: 'ORDERED' } };
};
