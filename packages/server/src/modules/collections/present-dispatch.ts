import { toIso, trackingUrlOf, type Dispatch, type ShippingAddress } from '@lab/domain';
import type { CaseChildren, CollectionSources } from './load-collection-children';
import { groupBy } from './present-case';

// The collection's dispatches (collection-views §3 'Dispatch'), and each case's share of them.

const addressText = (address: Record<string, unknown>, key: keyof ShippingAddress): string | null => {
  const value = address[key];
  return typeof value === 'string' ? value : null;
};

/** The jsonb copy taken at dispatch time, read field by field so an older shape still presents. */
const presentShippingAddress = (value: unknown): ShippingAddress => {
  const address = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return {
    address_line_1: addressText(address, 'address_line_1'),
    address_line_2: addressText(address, 'address_line_2'),
    suburb: addressText(address, 'suburb'),
    state: addressText(address, 'state'),
    postcode: addressText(address, 'postcode'),
    country: addressText(address, 'country'),
  };
};

/** Newest first, as the rows come. */
export const presentDispatches = (
  rows: CaseChildren['dispatchRows'],
  userNames: Map<number, string>,
): Dispatch[] =>
  [...groupBy(rows, (r) => r.id).values()].flatMap((group) => {
    const first = group[0];
    if (!first) return [];
    return [
      {
        uid: first.uid,
        courier: first.courier,
        tracking_reference: first.tracking_reference,
        tracking_url: trackingUrlOf(first.tracking_url_template, first.tracking_reference),
        shipping_address: presentShippingAddress(first.shipping_address),
        dispatched_at: toIso(first.dispatched_at),
        dispatched_by:
          first.dispatched_by_id === null ? null : (userNames.get(first.dispatched_by_id) ?? null),
        case_uids: group.flatMap((r) => (r.case_uid === null ? [] : [r.case_uid])),
      },
    ];
  });

/** The dispatches that carried each case, by case uid, keeping the collection's order. */
export const dispatchesByCase = (dispatches: readonly Dispatch[]): Map<string, Dispatch[]> => {
  const byCase = new Map<string, Dispatch[]>();
  for (const dispatch of dispatches) {
    for (const caseUid of dispatch.case_uids) byCase.set(caseUid, [...(byCase.get(caseUid) ?? []), dispatch]);
  }
  return byCase;
};

/** The shipping client's address now, which the New Dispatch form starts from. */
export const presentDefaultShippingAddress = (row: CollectionSources['collection']): ShippingAddress => ({
  ...row.shipping_address,
  country: row.shipping_client.country,
});
