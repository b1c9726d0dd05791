import { z } from 'zod';
import { dentates, orderingPlatforms } from '../enums';
import { promisedDateField } from './schedule-requests';

// Writes of the collection page (collection-views §5, §7): PATCH /api/v2/collection/{uid}/ (order stage,
// or the basic information form) and POST /api/v2/collection/{uid}/component/ (Add Component).

export const collectionEditMessages = {
  blank: 'Cannot be blank',
  shippingClientRequired: 'Shipping client is required',
  onePricingKitPerDentate: 'Only one pricing kit per dentate',
  unknownClient: 'Unknown client',
  unknownBranch: 'Unknown branch',
  unknownKit: 'Unknown kit',
  unknownOrderStage: 'Unknown order stage',
  unknownJobType: 'Unknown job type',
  unknownStatus: 'Unknown status',
} as const;

const id = z.number().int().positive();
const blank = collectionEditMessages.blank;

/** A required text: missing, null or only spaces → 'Cannot be blank'. */
const requiredText = z.string({ error: blank }).trim().min(1, blank).max(200);

export const pricingKitInputSchema = z.object({
  kit_id: id,
  kit_dentate_name: z.enum(['UPPER', 'LOWER'], { error: blank }),
});
export type PricingKitInput = z.infer<typeof pricingKitInputSchema>;

export const basicInformationSchema = z.object({
  patient_reference: requiredText,
  ordering_platform: z.enum(orderingPlatforms, { error: blank }),
  fulfillment_branch_id: id.nullable().refine((value) => value !== null, blank),
  shipping_client_uid: z.uuid({ error: collectionEditMessages.shippingClientRequired }),
  // null = the shipping client pays.
  billing_client_uid: z.uuid().nullable().optional(),
  pricing_kits: z.array(pricingKitInputSchema).optional(),
});
export type BasicInformation = z.infer<typeof basicInformationSchema>;

/** The order stage selector: one field alone. null clears it. */
export const orderStageEditSchema = z.object({ order_stage: id.nullable() });

export const collectionPatchSchema = z.union([orderStageEditSchema, basicInformationSchema]);
export type CollectionPatch = z.infer<typeof collectionPatchSchema>;

const requiredChoice = (values: readonly [string, ...string[]]) => z.enum(values, { error: blank });

/** Add Component: Job Type, Dentate and Status each 'Cannot be blank'; date promised optional. */
export const addComponentSchema = z.object({
  job_type_id: z.number({ error: blank }).int().positive(blank),
  dentate: requiredChoice(dentates),
  status_id: z.number({ error: blank }).int().positive(blank),
  date_promised: promisedDateField,
});
export type AddComponent = z.infer<typeof addComponentSchema>;
