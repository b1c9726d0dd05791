import { z } from 'zod';
import { orderingPlatforms } from '../enums';
import { collectionCaseSchema } from './collection-case';
import { isoDateTime, nullableIsoDateTime } from './common';
import { dispatchSchema, shippingAddressSchema } from './dispatches';

// GET /api/v2/collection/{uid}/: the collection page's one load (case-workspace §3 'Collection', Case;
// collection-views §3 'Collection', 'Pricing kit entry', 'Referral', 'Dispatch'). Messages,
// communications and order forms have their own calls.

export const collectionMessages = {
  // The spec's load-failure text; the web also returns to the search view on it.
  loadFailed: 'Could not load case collection',
  invalidAction: 'Invalid action',
} as const;

/** Load-failure texts of the collection calls, shown in the app bar's error list (case-workspace §8). */
export const collectionLoadErrors = {
  collection: collectionMessages.loadFailed,
  order_form_list: 'Order forms failed to load',
  attachment_list: 'Attachments failed to load',
  analog_list: 'Analogs failed to load',
  generic_component_list: 'Generic Components failed to load',
  audit_list: 'Audit failed to load',
} as const;

/**
 * Path of /api/v2/collection/{uid}/. Any text is accepted here: a malformed uid answers the same 404 as
 * an unknown one, so the web has a single failure path.
 */
export const collectionParams = z.object({ uid: z.string() });

/** id is the human Client ID staff type into search, not the internal key. */
export const clientRefSchema = z.object({
  id: z.number().int(),
  uid: z.uuid(),
  name: z.string(),
  country: z.string(),
});
export type ClientRef = z.infer<typeof clientRefSchema>;

/** One move of the collection's box; a null bin_location means it was unallocated. */
export const locationAuditEntrySchema = z.object({
  bin_location: z.string().nullable(),
  bin_location_branch: z.string().nullable(),
  moved_at: isoDateTime,
  moved_by: z.string(),
});
export type LocationAuditEntry = z.infer<typeof locationAuditEntrySchema>;

export const pricingKitEntrySchema = z.object({
  kit_collection_id: z.number().int(),
  // 1 = UPPER, 2 = LOWER (the position in the dentate list).
  kit_dentate_id: z.number().int(),
  kit_dentate_name: z.enum(['UPPER', 'LOWER']),
  kit_id: z.number().int(),
  kit_code: z.string(),
  kit_name: z.string(),
  kit_implant_qty: z.number().int(),
});
export type PricingKitEntry = z.infer<typeof pricingKitEntrySchema>;

export const referralSchema = z.object({
  created_at: isoDateTime,
  referrer_client_name: z.string(),
  // The e-mail address or mobile number the referrer gave.
  referree_identification: z.string(),
  // Known once the referred practice became a client.
  referree_client_name: z.string().nullable(),
  accepted_at: nullableIsoDateTime,
  canceled_at: nullableIsoDateTime,
});
export type Referral = z.infer<typeof referralSchema>;

export const approvalFileSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  added: isoDateTime,
});

/** Status is derived by the web: Cancelled, else Approved, else Changes Requested, else Pending. */
export const collectionApprovalSchema = z.object({
  uid: z.uuid(),
  case_uid: z.uuid(),
  // The approval type's code (DESIGN_APPROVAL, …).
  approval_type: z.string(),
  created_at: isoDateTime,
  created_by: z.string().nullable(),
  approval_due_at: isoDateTime,
  approved_at: nullableIsoDateTime,
  approved_by: z.string().nullable(),
  cancelled_at: nullableIsoDateTime,
  cancelled_by: z.string().nullable(),
  changes_requested_at: nullableIsoDateTime,
  changes: z.string().nullable(),
  send_reminders: z.boolean(),
  reminder_interval_seconds: z.number().int(),
  next_reminder_due: nullableIsoDateTime,
  approval_files: z.array(approvalFileSchema),
});
export type CollectionApproval = z.infer<typeof collectionApprovalSchema>;

export const collectionSchema = z.object({
  uid: z.uuid(),
  collection_id: z.number().int(),
  patient_reference: z.string(),
  vip: z.boolean(),
  // Any case active; the web shows Active or Archived.
  active: z.boolean(),
  added: isoDateTime,
  shipping_client: clientRefSchema,
  // Null when the shipping client pays.
  billing_client: clientRefSchema.nullable(),
  ordering_platform: z.enum(orderingPlatforms),
  fulfillment_branch: z.string().nullable(),
  fulfillment_branch_id: z.number().int().nullable(),
  order_stage: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  portal_key: z.string(),
  new_folder_structure: z.boolean(),
  location_required: z.boolean(),
  bin_location: z.string().nullable(),
  bin_location_branch: z.string().nullable(),
  // Newest move first.
  location_audit: z.array(locationAuditEntrySchema),
  pricing_kits: z.array(pricingKitEntrySchema),
  referrals: z.array(referralSchema),
  // The shipping client's name and account number, as the portal header and invoices show them.
  client_name: z.string(),
  client_account_number: z.string().nullable(),
  folder_path: z.string().nullable(),
  // Newest first.
  approvals: z.array(collectionApprovalSchema),
  // Newest first.
  dispatches: z.array(dispatchSchema),
  // The shipping client's address as it is now: a new dispatch starts from it (country: ISO code).
  shipping_address: shippingAddressSchema,
  // By case_mkey.
  cases: z.array(collectionCaseSchema),
});
export type Collection = z.infer<typeof collectionSchema>;
