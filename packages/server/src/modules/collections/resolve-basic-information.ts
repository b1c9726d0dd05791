import { eq, inArray } from 'drizzle-orm';
import { AppError, collectionEditMessages, type BasicInformation } from '@lab/domain';
import type { Tx } from '../../db/client';
import { branches, clients, kits } from '../../db/schema/index';

// The basic information form names clients by uid, the branch and kits by id: this turns them into rows
// and answers 400 with a message per field for any that does not exist or may not be chosen.

export type CurrentBasicInformation = {
  billingClientId: number | null;
  fulfillmentBranchId: number | null;
  /** Kit ids already on the collection: a kit disabled since stays valid there. */
  pricingKitIds: ReadonlySet<number>;
};

type NamedRef = { id: number; name: string };
export type ResolvedKit = { kit_id: number; code: string; dentate: 'UPPER' | 'LOWER' };

export type ResolvedBasicInformation = {
  shippingClient: NamedRef;
  /** undefined = unchanged; null = the shipping client pays. */
  billingClient: NamedRef | null | undefined;
  branch: NamedRef;
  /** undefined = unchanged. */
  pricingKits: ResolvedKit[] | undefined;
};

const findClient = async (tx: Tx, uid: string): Promise<NamedRef | null> => {
  const [row] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.uid, uid))
    .limit(1);
  return row ?? null;
};

export const resolveBasicInformation = async (
  tx: Tx,
  form: BasicInformation,
  current: CurrentBasicInformation,
): Promise<ResolvedBasicInformation> => {
  const fields: Record<string, string> = {};
  const shippingClient = await findClient(tx, form.shipping_client_uid);
  if (!shippingClient) fields.shipping_client_uid = collectionEditMessages.unknownClient;

  let billingClient: NamedRef | null | undefined = form.billing_client_uid === null ? null : undefined;
  if (typeof form.billing_client_uid === 'string') {
    billingClient = await findClient(tx, form.billing_client_uid);
    if (!billingClient) fields.billing_client_uid = collectionEditMessages.unknownClient;
  }

  const [branch] = await tx
    .select({ id: branches.id, name: branches.name, is_active: branches.is_active })
    .from(branches)
    .where(eq(branches.id, form.fulfillment_branch_id))
    .limit(1);
  // A closed branch takes no new work, but a collection already there may still be saved.
  const isBranchAllowed = branch && (branch.is_active || branch.id === current.fulfillmentBranchId);
  if (!isBranchAllowed) fields.fulfillment_branch_id = collectionEditMessages.unknownBranch;

  let pricingKits: ResolvedKit[] | undefined;
  if (form.pricing_kits) {
    const wanted = form.pricing_kits;
    const rows =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: kits.id, code: kits.code, kind: kits.kind, enabled: kits.enabled })
            .from(kits)
            .where(
              inArray(
                kits.id,
                wanted.map((k) => k.kit_id),
              ),
            );
    const byId = new Map(rows.map((r) => [r.id, r]));
    pricingKits = [];
    for (const [index, kit] of wanted.entries()) {
      const row = byId.get(kit.kit_id);
      const isAllowed = row?.kind === 'PRICING' && (row.enabled || current.pricingKitIds.has(row.id));
      if (row && isAllowed) {
        pricingKits.push({ kit_id: row.id, code: row.code, dentate: kit.kit_dentate_name });
      } else {
        fields[`pricing_kits.${index}.kit_id`] = collectionEditMessages.unknownKit;
      }
    }
  }

  const [firstMessage] = Object.values(fields);
  if (firstMessage !== undefined || !shippingClient || !branch) {
    throw new AppError('validation_failed', {
      message: firstMessage ?? collectionEditMessages.unknownClient,
      fields,
    });
  }
  return { shippingClient, billingClient, branch: { id: branch.id, name: branch.name }, pricingKits };
};
