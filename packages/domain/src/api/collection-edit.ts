import { z } from 'zod';
import { dentates, orderingPlatforms } from '../enums';
import { commonMessages, isStorableText, maxDatabaseInteger } from './common';
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
  unknownOrderingPlatform: 'Unknown ordering platform',
  unknownJobType: 'Unknown job type',
  unknownStatus: 'Unknown status',
  // The spec's text where a branch is needed and none is chosen (implants, invoices; here the bin box).
  noFulfillmentBranch: 'No Fulfillment Branch Selected',
  tooLong: 'Must be at most 200 characters',
} as const;

const blank = collectionEditMessages.blank;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A required text: missing, null or only spaces → 'Cannot be blank'. */
const requiredText = z
  .string({ error: blank })
  .trim()
  .min(1, blank)
  .max(200, collectionEditMessages.tooLong)
  .refine(isStorableText, commonMessages.unstorableText);

/**
 * A required choice of a select, by id. Nullable on input so a form can start empty; missing, null or
 * anything that is not an id → 'Cannot be blank' (a select cannot send anything else); an id too large
 * to exist → `unknown`, like an id that names nothing.
 */
const requiredChoiceId = (unknown: string) =>
  z
    .number({ error: blank })
    .int(blank)
    .positive(blank)
    .max(maxDatabaseInteger, unknown)
    .nullable()
    .transform((value, ctx) => {
      if (value !== null) return value;
      ctx.addIssue({ code: 'custom', message: blank });
      return z.NEVER;
    });

const requiredChoice = <const Values extends readonly [string, ...string[]]>(
  values: Values,
  unknown: string = blank,
) => z.enum(values, { error: (issue) => (isBlank(issue.input) ? blank : unknown) });

export const pricingKitInputSchema = z.object({
  kit_id: requiredChoiceId(collectionEditMessages.unknownKit),
  kit_dentate_name: requiredChoice(['UPPER', 'LOWER']),
});
export type PricingKitInput = z.infer<typeof pricingKitInputSchema>;

/** The collection's pricing kits as a whole: at most one per arch (a kit prices one arch). */
const pricingKitListSchema = z.array(pricingKitInputSchema).superRefine((kits, ctx) => {
  const seen = new Set<string>();
  kits.forEach((kit, index) => {
    if (seen.has(kit.kit_dentate_name)) {
      ctx.addIssue({
        code: 'custom',
        message: collectionEditMessages.onePricingKitPerDentate,
        path: [index, 'kit_dentate_name'],
      });
    }
    seen.add(kit.kit_dentate_name);
  });
});

export const basicInformationSchema = z.object({
  patient_reference: requiredText,
  ordering_platform: requiredChoice(orderingPlatforms, collectionEditMessages.unknownOrderingPlatform),
  fulfillment_branch_id: requiredChoiceId(collectionEditMessages.unknownBranch),
  shipping_client_uid: z.uuid({ error: collectionEditMessages.shippingClientRequired }),
  // null (or an emptied select) = the shipping client pays; absent = unchanged.
  billing_client_uid: z
    .union([z.uuid({ error: collectionEditMessages.unknownClient }), z.literal(''), z.null()], {
      error: collectionEditMessages.unknownClient,
    })
    .optional()
    .transform((value) => (value === '' ? null : value)),
  // The collection's pricing kits after the save (replacing them all); absent = unchanged.
  pricing_kits: pricingKitListSchema.optional(),
});
export type BasicInformation = z.infer<typeof basicInformationSchema>;
export type BasicInformationInput = z.input<typeof basicInformationSchema>;

/** The order stage selector: one field alone. null clears it. */
export const orderStageEditSchema = z.object({
  order_stage: z
    .number({ error: collectionEditMessages.unknownOrderStage })
    .int()
    .positive()
    .max(maxDatabaseInteger)
    .nullable(),
});
export type OrderStageEdit = z.infer<typeof orderStageEditSchema>;

export type CollectionPatch = OrderStageEdit | BasicInformation;

export const isOrderStageEdit = (patch: unknown): patch is OrderStageEdit =>
  typeof patch === 'object' && patch !== null && 'order_stage' in patch;

/**
 * PATCH /api/v2/collection/{uid}/: a body with `order_stage` is the order stage selector, any other the
 * basic information form. The form is chosen by that key rather than by a union, so a failing body
 * answers each field's own message ('Cannot be blank') instead of the union's 'Invalid input'.
 */
export const collectionPatchSchema = z.unknown().transform((body, ctx): CollectionPatch => {
  const result = isOrderStageEdit(body)
    ? orderStageEditSchema.safeParse(body)
    : basicInformationSchema.safeParse(body ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
  return z.NEVER;
});

/** Add Component: Job Type, Dentate and Status each 'Cannot be blank'; date promised optional. */
export const addComponentFieldsSchema = z.object({
  job_type_id: requiredChoiceId(collectionEditMessages.unknownJobType),
  dentate: requiredChoice(dentates),
  status_id: requiredChoiceId(collectionEditMessages.unknownStatus),
  date_promised: promisedDateField,
});
export type AddComponentInput = z.input<typeof addComponentFieldsSchema>;

/** The route's body: no body at all reads as an empty form, so each field gets its own message. */
export const addComponentSchema = z.preprocess((body) => body ?? {}, addComponentFieldsSchema);
export type AddComponent = z.output<typeof addComponentSchema>;
