import { z } from 'zod';
import { checkNewDispatch, type Collection, type CollectionCase, type NewDispatch } from '@lab/domain';

// The New Dispatch form (collection-views §2 'Dispatches view'): which cases may go, how choosing one of a
// group chooses the group, and the address the form starts from. Its rules are the server's
// (checkNewDispatch), so both name a missing field with the same words.

export type AddressValues = {
  address_line_1: string;
  address_line_2: string;
  suburb: string;
  state: string;
  postcode: string;
  country: string;
};

export type NewDispatchValues = {
  case_uids: string[];
  courier_id: number | null;
  tracking_reference: string;
  shipping_address: AddressValues;
};

export const newDispatchFormSchema = z
  .object({
    case_uids: z.array(z.string()),
    courier_id: z.number().nullable(),
    tracking_reference: z.string(),
    shipping_address: z.object({
      address_line_1: z.string(),
      address_line_2: z.string(),
      suburb: z.string(),
      state: z.string(),
      postcode: z.string(),
      country: z.string(),
    }),
  })
  .superRefine(checkNewDispatch);

/** The server's 400 field names that are fields of this form. */
export const newDispatchServerFields = new Set([
  'case_uids',
  'courier_id',
  'tracking_reference',
  'shipping_address.address_line_1',
  'shipping_address.address_line_2',
  'shipping_address.suburb',
  'shipping_address.state',
  'shipping_address.postcode',
  'shipping_address.country',
]);

export const isDispatchable = (item: CollectionCase): boolean =>
  item.dispatch_ready && !item.dispatched && !item.cancelled;

/** The cases the dialog offers, by case key. */
export const dispatchableCases = (cases: readonly CollectionCase[]): CollectionCase[] =>
  cases.filter(isDispatchable).sort((a, b) => a.case_mkey.localeCompare(b.case_mkey));

/**
 * Ticks or unticks a case with the ready cases of its group: a group ships together, so choosing one of
 * it chooses the rest (and leaving one out leaves the group out). The order of `offered` is kept.
 */
export const toggleDispatchCase = (
  chosen: readonly string[],
  item: CollectionCase,
  offered: readonly CollectionCase[],
): string[] => {
  const offeredUids = new Set(offered.map((c) => c.uid));
  const group = new Set([item.uid, ...item.grouped_case_uids.filter((uid) => offeredUids.has(uid))]);
  const isTicking = !chosen.includes(item.uid);
  const next = new Set(chosen.filter((uid) => !group.has(uid)));
  if (isTicking) for (const uid of group) next.add(uid);
  return offered.filter((c) => next.has(c.uid)).map((c) => c.uid);
};

/** The shipping client's address, blanks for what it lacks. */
export const defaultAddressValues = (collection: Collection): AddressValues => {
  const address = collection.shipping_address;
  return {
    address_line_1: address.address_line_1 ?? '',
    address_line_2: address.address_line_2 ?? '',
    suburb: address.suburb ?? '',
    state: address.state ?? '',
    postcode: address.postcode ?? '',
    country: address.country ?? collection.shipping_client.country,
  };
};

export const newDispatchDefaults = (collection: Collection): NewDispatchValues => ({
  case_uids: [],
  courier_id: null,
  tracking_reference: '',
  shipping_address: defaultAddressValues(collection),
});

/** The body as the server takes it: trimmed texts, empty optional lines as null. */
export const toNewDispatchBody = (values: NewDispatchValues): NewDispatch => {
  const address = values.shipping_address;
  return {
    case_uids: values.case_uids,
    courier_id: values.courier_id,
    tracking_reference: values.tracking_reference.trim(),
    shipping_address: {
      address_line_1: address.address_line_1.trim(),
      address_line_2: address.address_line_2.trim() || null,
      suburb: address.suburb.trim(),
      state: address.state.trim() || null,
      postcode: address.postcode.trim(),
      country: address.country.trim(),
    },
  };
};

/** One line for the list: '12 Harbour Road, Level 2, Fremantle WA 6160, AU'. */
export const addressLine = (address: Collection['dispatches'][number]['shipping_address']): string =>
  [
    address.address_line_1,
    address.address_line_2,
    [address.suburb, address.state, address.postcode].filter(Boolean).join(' '),
    address.country,
  ]
    .filter(Boolean)
    .join(', ');
