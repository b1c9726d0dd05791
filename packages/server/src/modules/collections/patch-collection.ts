import { and, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  collectionEditMessages,
  isOrderStageEdit,
  type BasicInformation,
  type CollectionPatch,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { cases, collection_pricing_kits, collections, order_stages } from '../../db/schema/index';
import { recomputeCaseSchedules } from '../schedule/recompute-case-schedule';
import { diffSnapshots, lockCollection, writeCollectionAudit, type AuditValue } from './collection-audit';
import { findCollectionRow, findPricingKits } from './collection-queries';
import { resolveBasicInformation, type ResolvedKit } from './resolve-basic-information';

// PATCH /api/v2/collection/{uid}/: the order stage selector, or the basic information form. Each save
// is one transaction with its audit row; an unchanged save writes nothing.

type CollectionRecord = typeof collections.$inferSelect;

const orderStageName = async (tx: Tx, id: number | null): Promise<string | null> => {
  if (id === null) return null;
  const [row] = await tx
    .select({ name: order_stages.name })
    .from(order_stages)
    .where(eq(order_stages.id, id))
    .limit(1);
  return row?.name ?? null;
};

const editOrderStage = async (
  tx: Tx,
  collection: CollectionRecord,
  options: { orderStageId: number | null; actor: StaffActor },
): Promise<void> => {
  const { orderStageId, actor } = options;
  if (orderStageId === collection.order_stage_id) return;
  const name = await orderStageName(tx, orderStageId);
  if (orderStageId !== null && name === null) {
    throw new AppError('validation_failed', {
      message: collectionEditMessages.unknownOrderStage,
      fields: { order_stage: collectionEditMessages.unknownOrderStage },
    });
  }
  await tx
    .update(collections)
    .set({ order_stage_id: orderStageId, updated_at: new Date() })
    .where(eq(collections.uid, collection.uid));
  await writeCollectionAudit(tx, {
    collectionUid: collection.uid,
    changes: { order_stage: { old: await orderStageName(tx, collection.order_stage_id), new: name } },
    actor,
  });
};

/** Sorted, so the same kits in another order are no change. */
const kitLabels = (list: readonly { dentate: string; code: string }[]): string[] =>
  list.map((k) => `${k.dentate} ${k.code}`).sort();

/** Keeps the rows that stay (same kit, same arch), deletes the others and inserts the new ones. */
const replacePricingKits = async (
  tx: Tx,
  collectionUid: string,
  current: { kit_collection_id: number; kit_id: number; dentate: string }[],
  wanted: ResolvedKit[],
): Promise<void> => {
  const leftover = [...current];
  const added: ResolvedKit[] = [];
  for (const kit of wanted) {
    const index = leftover.findIndex((r) => r.kit_id === kit.kit_id && r.dentate === kit.dentate);
    if (index === -1) added.push(kit);
    else leftover.splice(index, 1);
  }
  if (leftover.length > 0) {
    await tx.delete(collection_pricing_kits).where(
      and(
        eq(collection_pricing_kits.collection_uid, collectionUid),
        inArray(
          collection_pricing_kits.kit_collection_id,
          leftover.map((r) => r.kit_collection_id),
        ),
      ),
    );
  }
  if (added.length > 0) {
    await tx
      .insert(collection_pricing_kits)
      .values(added.map((k) => ({ collection_uid: collectionUid, kit_id: k.kit_id, dentate: k.dentate })));
  }
};

/** A new fulfillment branch means a new business calendar for every case still being made. */
const recomputeActiveCaseSchedules = async (tx: Tx, collectionUid: string): Promise<void> => {
  const active = await tx
    .select({ uid: cases.uid })
    .from(cases)
    .where(and(eq(cases.collection_uid, collectionUid), eq(cases.active, true)));
  await recomputeCaseSchedules(
    tx,
    active.map((c) => c.uid),
  );
};

const editBasicInformation = async (
  tx: Tx,
  collection: CollectionRecord,
  options: { form: BasicInformation; actor: StaffActor },
): Promise<void> => {
  const { form, actor } = options;
  const uid = collection.uid;
  const before = await findCollectionRow(tx, uid);
  if (!before) throw new Error('locked collection vanished');
  const currentKits = await findPricingKits(tx, uid);
  const resolved = await resolveBasicInformation(tx, form, {
    billingClientId: collection.billing_client_id,
    fulfillmentBranchId: collection.fulfillment_branch_id,
    pricingKitIds: new Set(currentKits.map((k) => k.kit_id)),
  });

  const values = {
    patient_reference: form.patient_reference,
    ordering_platform: form.ordering_platform,
    shipping_client_id: resolved.shippingClient.id,
    billing_client_id:
      resolved.billingClient === undefined
        ? collection.billing_client_id
        : (resolved.billingClient?.id ?? null),
    fulfillment_branch_id: resolved.branch.id,
  };
  const currentKitLabels = kitLabels(currentKits.map((k) => ({ dentate: k.dentate, code: k.kit_code })));
  const billingName =
    resolved.billingClient === undefined
      ? (before.billing_client?.name ?? null)
      : (resolved.billingClient?.name ?? null);
  // The audit names what staff see (client and branch names, kit codes), not ids.
  const old: Record<string, AuditValue> = {
    patient_reference: collection.patient_reference,
    ordering_platform: collection.ordering_platform,
    shipping_client: before.shipping_client.name,
    billing_client: before.billing_client?.name ?? null,
    fulfillment_branch: before.fulfillment_branch,
    pricing_kits: currentKitLabels,
  };
  const next: Record<string, AuditValue> = {
    patient_reference: values.patient_reference,
    ordering_platform: values.ordering_platform,
    shipping_client: resolved.shippingClient.name,
    billing_client: billingName,
    fulfillment_branch: resolved.branch.name,
    pricing_kits: resolved.pricingKits ? kitLabels(resolved.pricingKits) : currentKitLabels,
  };
  const changes = diffSnapshots(old, next);
  if (Object.keys(changes).length === 0) return;

  await tx
    .update(collections)
    .set({ ...values, updated_at: new Date() })
    .where(eq(collections.uid, uid));
  if (resolved.pricingKits && changes.pricing_kits) {
    await replacePricingKits(tx, uid, currentKits, resolved.pricingKits);
  }
  if (values.fulfillment_branch_id !== collection.fulfillment_branch_id) {
    await recomputeActiveCaseSchedules(tx, uid);
  }
  await writeCollectionAudit(tx, { collectionUid: uid, changes, actor });
};

/** Answers the collection's uid; the route then loads the collection as GET answers it. */
export const patchCollection = (
  db: Db,
  options: { rawUid: string; patch: CollectionPatch; actor: StaffActor },
): Promise<string> =>
  inTransaction(db, async (tx) => {
    const { patch, actor } = options;
    const collection = await lockCollection(tx, options.rawUid);
    if (isOrderStageEdit(patch)) {
      await editOrderStage(tx, collection, { orderStageId: patch.order_stage, actor });
    } else {
      await editBasicInformation(tx, collection, { form: patch, actor });
    }
    return collection.uid;
  });
