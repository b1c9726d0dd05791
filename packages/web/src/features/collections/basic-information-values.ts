import type { BasicInformationInput, Collection } from '@lab/domain';

/** The basic information form's values: the contract's input (`basicInformationSchema`). */
export type BasicInformationValues = BasicInformationInput;

/** The form starts from the collection as loaded. */
export const basicInformationValuesOf = (collection: Collection): BasicInformationValues => ({
  patient_reference: collection.patient_reference,
  ordering_platform: collection.ordering_platform,
  fulfillment_branch_id: collection.fulfillment_branch_id,
  shipping_client_uid: collection.shipping_client.uid,
  billing_client_uid: collection.billing_client?.uid ?? null,
  pricing_kits: collection.pricing_kits.map((kit) => ({
    kit_id: kit.kit_id,
    kit_dentate_name: kit.kit_dentate_name,
  })),
});

/** Ordering platform codes (spec §9) with the names staff know them by. */

/** A branch change asks first when the collection already had one (spec §5). */
export const isBranchChangeWarned = (original: number | null, next: number | null): boolean =>
  original !== null && next !== original;
