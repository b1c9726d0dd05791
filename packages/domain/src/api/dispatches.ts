import { z } from 'zod';
import { commonMessages, isStorableText, isoDateTime, maxDatabaseInteger } from './common';

// Dispatches (collection-views §2 'Dispatches view', §3 'Dispatch'): a shipment of some of a collection's
// cases with a courier and its tracking reference. POST /api/v2/collection/{uid}/dispatches/ makes one
// and moves its cases to Dispatched; GET /api/v2/dispatches/couriers/ lists the couriers to choose from.

export const dispatchMessages = {
  // The spec's empty text of the Dispatches view.
  noDispatches: 'No Dispatches',
  mustBeSelected: 'Must be selected',
  blank: 'Cannot be blank',
  noCases: 'Select at least one case',
  unknownCourier: 'Unknown courier',
  caseNotInCollection: 'The case is not in this collection',
  notReady: 'Only cases ready for dispatch can be dispatched',
  noDispatchedStatus: 'No Dispatched status is configured',
  couriersLoadFailed: 'Couriers failed to load',
} as const;

/** The largest number of cases one dispatch takes (a collection has a handful; the cap stops abuse). */
export const maxDispatchCases = 100;

/** A copy of the client's address taken at dispatch time (ISO country code). */
export const shippingAddressSchema = z.object({
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const dispatchSchema = z.object({
  uid: z.uuid(),
  courier: z.string().nullable(),
  tracking_reference: z.string().nullable(),
  // The courier's tracking page for this reference; null when the courier has no template (or none).
  tracking_url: z.string().nullable(),
  shipping_address: shippingAddressSchema,
  dispatched_at: isoDateTime,
  dispatched_by: z.string().nullable(),
  case_uids: z.array(z.uuid()),
});
export type Dispatch = z.infer<typeof dispatchSchema>;

/** A courier of the seeded reference list; `{tracking}` in the template stands for the reference. */
export const courierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tracking_url_template: z.string(),
});
export type Courier = z.infer<typeof courierSchema>;

export const trackingPlaceholder = '{tracking}';

/** The courier's tracking page for a reference, or null without a template or reference. */
export const trackingUrlOf = (template: string | null, reference: string | null): string | null => {
  const trimmed = reference?.trim() ?? '';
  if (!template?.includes(trackingPlaceholder) || trimmed === '') return null;
  return template.replaceAll(trackingPlaceholder, encodeURIComponent(trimmed));
};

const text = (max: number) => z.string().max(max).refine(isStorableText, commonMessages.unstorableText);

/**
 * The address as the form sends it. Every field may be missing here so that a missing one is named with
 * the form's text by checkNewDispatch; line 2 and state may stay empty (New Zealand has no states).
 */
export const shippingAddressInputSchema = z.object({
  address_line_1: text(200).nullable().optional(),
  address_line_2: text(200).nullable().optional(),
  suburb: text(100).nullable().optional(),
  state: text(100).nullable().optional(),
  postcode: text(20).nullable().optional(),
  country: text(60).nullable().optional(),
});
export type ShippingAddressInput = z.infer<typeof shippingAddressInputSchema>;

const requiredAddressFields = ['address_line_1', 'suburb', 'postcode', 'country'] as const;

const newDispatchObject = z.object({
  case_uids: z.array(z.uuid()).max(maxDispatchCases).optional(),
  courier_id: z
    .number()
    .int()
    .positive(dispatchMessages.unknownCourier)
    .max(maxDatabaseInteger, dispatchMessages.unknownCourier)
    .nullable()
    .optional(),
  tracking_reference: text(100).nullable().optional(),
  shipping_address: shippingAddressInputSchema.optional(),
});
export type NewDispatch = z.infer<typeof newDispatchObject>;

const isBlank = (value: string | null | undefined): boolean => !value?.trim();

/** The form's required fields with their texts; blank means empty once trimmed. */
export const checkNewDispatch = (body: NewDispatch, ctx: z.RefinementCtx): void => {
  const missing = (path: string[], message: string) => ctx.addIssue({ code: 'custom', message, path });
  if (!body.case_uids?.length) missing(['case_uids'], dispatchMessages.noCases);
  if (body.courier_id == null) missing(['courier_id'], dispatchMessages.mustBeSelected);
  if (isBlank(body.tracking_reference)) missing(['tracking_reference'], dispatchMessages.blank);
  for (const field of requiredAddressFields) {
    if (isBlank(body.shipping_address?.[field])) missing(['shipping_address', field], dispatchMessages.blank);
  }
};

/** Body of POST /api/v2/collection/{uid}/dispatches/ (and the New Dispatch form's values). */
export const newDispatchSchema = newDispatchObject.superRefine(checkNewDispatch);

// The couriers as the Accounts page keeps them (issue 32): name, tracking link, whether dispatches may
// still name it, and what it charges from each branch (the freight a dispatch adds to the invoice).
export const courierAdminMessages = {
  blank: 'Cannot be blank',
  template: 'The tracking link must start with https:// and hold {tracking}',
  nameTaken: 'A courier of that name exists already',
  unknownCourier: 'Unknown courier',
  unknownBranch: 'Branch not found',
  freightInvalid: 'Value must be a dollar amount, e.g. 15.00',
} as const;

export const courierAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tracking_url_template: z.string(),
  is_active: z.boolean(),
  rates: z.array(z.object({ branch_id: z.number().int(), branch: z.string(), freight: z.string() })),
});
export type CourierAdmin = z.infer<typeof courierAdminSchema>;

const courierName = z
  .string({ error: courierAdminMessages.blank })
  .trim()
  .min(1, courierAdminMessages.blank)
  .max(60, 'Must be at most 60 characters');
const trackingTemplate = z
  .string({ error: courierAdminMessages.template })
  .trim()
  .max(500, courierAdminMessages.template)
  .refine(
    (text) => text.startsWith('https://') && text.includes('{tracking}'),
    courierAdminMessages.template,
  );

export const newCourierSchema = z.strictObject({
  name: courierName,
  tracking_url_template: trackingTemplate,
});
export const courierPatchSchema = z.strictObject({
  name: courierName.optional(),
  tracking_url_template: trackingTemplate.optional(),
  is_active: z.boolean().optional(),
});
export const courierRateSchema = z.strictObject({
  branch_id: z
    .number({ error: courierAdminMessages.unknownBranch })
    .int(courierAdminMessages.unknownBranch)
    .positive(courierAdminMessages.unknownBranch)
    // Past the integer column's range the database would fail the query: no branch has such an id.
    .max(maxDatabaseInteger, courierAdminMessages.unknownBranch),
  // null removes the rate: dispatches from that branch then add no freight.
  freight: z
    .string({ error: courierAdminMessages.freightInvalid })
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, courierAdminMessages.freightInvalid)
    .nullable(),
});
export const courierParams = z.object({
  courier_id: z.coerce.number().int().positive().max(maxDatabaseInteger),
});
