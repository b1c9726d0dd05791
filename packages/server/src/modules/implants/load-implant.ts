import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import { AppError, implantMessages } from '@lab/domain';
import type { Queryable, Tx } from '../../db/client';
import { cases, clients, collections, implants } from '../../db/schema/index';

// The load step of the implant calls. All staff may work on every collection (domain-decisions
// 'Roles'), so finding the case is the only gate after authentication.

/** The catalogue a case chooses from: its fulfillment branch and the shipping client's country. */
export type ImplantMarket = { branchId: number; country: string };

export type ImplantCase = { uid: string; branchId: number | null; country: string };

export type ImplantRow = typeof implants.$inferSelect;

const caseNotFound = () => new AppError('not_found', { message: implantMessages.caseNotFound });

/**
 * The case with its market. `lock` takes a row lock on the case so concurrent writes to its implants
 * run one after another: that is what keeps "one live implant per tooth" true without a unique index.
 */
export const loadImplantCase = async (
  q: Queryable,
  caseUid: string,
  options: { lock?: boolean } = {},
): Promise<ImplantCase> => {
  const query = q
    .select({ uid: cases.uid, branchId: collections.fulfillment_branch_id, country: clients.country })
    .from(cases)
    .innerJoin(collections, eq(collections.uid, cases.collection_uid))
    .innerJoin(clients, eq(clients.id, collections.shipping_client_id))
    .where(eq(cases.uid, caseUid))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: cases }) : await query;
  if (!row) throw caseNotFound();
  return row;
};

/** Spec §5: implants need a fulfillment branch (and the client's country) to load or change. */
export const requireMarket = (implantCase: ImplantCase): ImplantMarket => {
  if (implantCase.branchId === null) {
    throw new AppError('validation_failed', { message: implantMessages.noFulfillmentBranch });
  }
  return { branchId: implantCase.branchId, country: implantCase.country };
};

/** A live implant of this case; another case's implant or a deleted one is not found. */
export const loadLiveImplant = async (tx: Tx, caseUid: string, implantId: number): Promise<ImplantRow> => {
  const [row] = await tx
    .select()
    .from(implants)
    .where(and(eq(implants.id, implantId), eq(implants.case_uid, caseUid), isNull(implants.deleted_at)))
    .limit(1);
  if (!row) throw new AppError('not_found', { message: implantMessages.implantNotFound });
  return row;
};

/** One live implant per tooth per case; `exceptId` is the implant being moved, which may keep its tooth. */
export const ensureToothIsFree = async (
  tx: Tx,
  options: { caseUid: string; tooth: number; exceptId?: number },
): Promise<void> => {
  const conditions: SQL[] = [
    eq(implants.case_uid, options.caseUid),
    eq(implants.tooth, options.tooth),
    isNull(implants.deleted_at),
  ];
  if (options.exceptId !== undefined) conditions.push(ne(implants.id, options.exceptId));
  const [taken] = await tx
    .select({ id: implants.id })
    .from(implants)
    .where(and(...conditions))
    .limit(1);
  if (taken)
    throw new AppError('conflict', {
      message: implantMessages.toothTaken,
      fields: { tooth: implantMessages.toothTaken },
    });
};
