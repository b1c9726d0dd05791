import { and, eq, isNotNull, like } from 'drizzle-orm';
import { AppError, collectionEditMessages } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { branches, collections } from '../../db/schema/index';
import { lockCollection, writeCollectionAudit, writeLocationAudit } from './collection-audit';

// POST /api/v2/collection/{uid}/ with toggle_vip or toggle_location. Each flips one flag in one
// transaction with its audit rows and answers the collection's uid (the route loads the collection).

export type ToggleOptions = { rawUid: string; actor: StaffActor };

export const toggleVip = (db: Db, options: ToggleOptions): Promise<string> =>
  inTransaction(db, async (tx) => {
    const collection = await lockCollection(tx, options.rawUid);
    const vip = !collection.vip;
    await tx
      .update(collections)
      .set({ vip, updated_at: new Date() })
      .where(eq(collections.uid, collection.uid));
    await writeCollectionAudit(tx, {
      collectionUid: collection.uid,
      changes: { vip: { old: collection.vip, new: vip } },
      actor: options.actor,
    });
    return collection.uid;
  });

/** Boxes are numbered per branch: MEL-001, MEL-002, … (at least three digits). */
export const formatBinLocation = (branchCode: string, number: number): string =>
  `${branchCode}-${String(number).padStart(3, '0')}`;

/** The lowest number no collection holds, so emptied boxes are used again before new ones. */
export const lowestFreeNumber = (taken: Iterable<number>): number => {
  const used = new Set(taken);
  let number = 1;
  while (used.has(number)) number += 1;
  return number;
};

/**
 * The next free box at the branch. The branch row is locked (NO KEY UPDATE, which still lets cases and
 * collections reference the branch) so two collections allocating at once cannot get the same box.
 */
const allocateBinLocation = async (tx: Tx, branchId: number): Promise<string> => {
  const [branch] = await tx
    .select({ code: branches.code })
    .from(branches)
    .where(eq(branches.id, branchId))
    .for('no key update');
  if (!branch) throw new Error(`branch ${branchId} vanished`);
  const held = await tx
    .select({ bin_location: collections.bin_location })
    .from(collections)
    .where(and(isNotNull(collections.bin_location), like(collections.bin_location, `${branch.code}-%`)));
  const escapedCode = branch.code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escapedCode}-(\\d+)$`);
  const taken = held.flatMap((r) => {
    const match = pattern.exec(r.bin_location ?? '');
    return match?.[1] ? [Number(match[1])] : [];
  });
  return formatBinLocation(branch.code, lowestFreeNumber(taken));
};

export const toggleLocation = (db: Db, options: ToggleOptions): Promise<string> =>
  inTransaction(db, async (tx) => {
    const { actor } = options;
    const collection = await lockCollection(tx, options.rawUid);
    const isRequired = !collection.location_required;
    const branchId = isRequired ? collection.fulfillment_branch_id : null;
    if (isRequired && branchId === null) {
      throw new AppError('conflict', { message: collectionEditMessages.noFulfillmentBranch });
    }
    const binLocation = branchId === null ? null : await allocateBinLocation(tx, branchId);
    await tx
      .update(collections)
      .set({
        location_required: isRequired,
        bin_location: binLocation,
        bin_location_branch_id: branchId,
        updated_at: new Date(),
      })
      .where(eq(collections.uid, collection.uid));
    await writeLocationAudit(tx, { collectionUid: collection.uid, binLocation, branchId, actor });
    await writeCollectionAudit(tx, {
      collectionUid: collection.uid,
      changes: {
        location_required: { old: collection.location_required, new: isRequired },
        bin_location: { old: collection.bin_location, new: binLocation },
      },
      actor,
    });
    return collection.uid;
  });
