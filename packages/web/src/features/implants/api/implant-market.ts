import type { Collection } from '@lab/domain';

/** Where the catalogue comes from: the collection's fulfillment branch and the shipping client's country. */
export type ImplantMarket = { branch: number; country: string };

/** Null without a fulfillment branch or a country: the spec then shows 'No Fulfillment Branch Selected'. */
export const findImplantMarket = (collection: Collection): ImplantMarket | null => {
  const branch = collection.fulfillment_branch_id;
  const country = collection.shipping_client.country;
  return branch === null || country === '' ? null : { branch, country };
};

export const cataloguePath = (base: string, market: ImplantMarket): string =>
  `${base}${market.branch}/${encodeURIComponent(market.country)}/`;

// The catalogue changes rarely (admins edit it); a few minutes of staleness is harmless.
export const catalogueQueryDefaults = { staleTime: 5 * 60_000 } as const;
