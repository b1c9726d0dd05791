import { z } from 'zod';
import { collectionMessages, collectionSchema, locationAuditEntrySchema } from './collection';
import { isoDateTime } from './common';
import { implantAuditActions } from './implants';
import { hiddenOrderFormKeys } from '../rules/order-form';

// POST /api/v2/collection/{uid}/ with {action}: the collection's list calls (case-workspace §7) and its
// toggles (collection-views §7). Each action is one member of the union, so a new action is one more
// member and one more handler.

const action = <Name extends string>(name: Name) => z.object({ action: z.literal(name) });

export const collectionActionSchema = z.discriminatedUnion(
  'action',
  [
    action('order_form_list'),
    action('attachment_list'),
    action('analog_list'),
    action('generic_component_list'),
    action('audit_list'),
    // Flips the VIP flag. Answers the collection.
    action('toggle_vip'),
    // Flips location_required: allocating the next free box at the fulfillment branch, or clearing it.
    // Answers the collection.
    action('toggle_location'),
    // Admin only: a new portal key; the old link stops working at once. Answers the collection.
    action('regenerate_portal_key'),
  ],
  // Also the answer to a missing or non-object body: whatever was sent is not an action we know.
  { error: collectionMessages.invalidAction },
);
export type CollectionAction = z.infer<typeof collectionActionSchema>;
export type CollectionActionName = CollectionAction['action'];

/** An order form as received from the ordering platform; case_uid null = it covers the collection. */
export const orderFormSchema = z.object({
  id: z.number().int(),
  case_uid: z.uuid().nullable(),
  created_at: isoDateTime,
  // Less the platform's own keys (hiddenOrderFormKeys, its API secret among them): an answer still
  // carrying one fails its schema rather than leaving the server.
  json_data: z
    .record(z.string(), z.unknown())
    .refine((data) => hiddenOrderFormKeys.every((key) => !Object.hasOwn(data, key)), {
      error: 'order form carries a hidden key',
    }),
});
export type OrderForm = z.infer<typeof orderFormSchema>;

/** A catalogue part a component line can choose; disabled parts stay listed so old lines still name them. */
export const catalogueComponentSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  component_type: z.string(),
  is_disabled: z.boolean(),
});
export type CatalogueComponent = z.infer<typeof catalogueComponentSchema>;

/** field → {old, new} (or any JSON the change recorded). */
const changedValuesSchema = z.record(z.string(), z.unknown());

export const caseAuditEntrySchema = z.object({
  case_uid: z.uuid(),
  modified_at: isoDateTime,
  modified_by: z.string(),
  changed_values: changedValuesSchema,
});

/** delegated_to_id null = the delegation was cleared. */
export const delegationAuditEntrySchema = z.object({
  case_uid: z.uuid(),
  delegated_to_id: z.number().int().nullable(),
  delegated_to: z.string().nullable(),
  modified_at: isoDateTime,
  modified_by: z.string(),
});

export const implantAuditEntrySchema = z.object({
  case_uid: z.uuid(),
  // Null once the implant row itself is gone.
  implant_id: z.number().int().nullable(),
  action: z.enum(implantAuditActions),
  modified_at: isoDateTime,
  modified_by: z.string(),
  changed_values: changedValuesSchema,
});

/** Every list newest first. */
export const collectionAuditSchema = z.object({
  case_audit: z.array(caseAuditEntrySchema),
  location_audit: z.array(locationAuditEntrySchema),
  delegation_audit: z.array(delegationAuditEntrySchema),
  implant_audit: z.array(implantAuditEntrySchema),
});
export type CollectionAudit = z.infer<typeof collectionAuditSchema>;

/** The answer of each action; the route's response schema is their union. */
export const collectionActionAnswerSchemas = {
  order_form_list: z.array(orderFormSchema),
  attachment_list: z.array(catalogueComponentSchema),
  analog_list: z.array(catalogueComponentSchema),
  generic_component_list: z.array(catalogueComponentSchema),
  audit_list: collectionAuditSchema,
  toggle_vip: collectionSchema,
  toggle_location: collectionSchema,
  regenerate_portal_key: collectionSchema,
} as const satisfies Record<CollectionActionName, z.ZodType>;

export const collectionActionAnswerSchema = z.union([
  z.array(orderFormSchema),
  z.array(catalogueComponentSchema),
  collectionAuditSchema,
  collectionSchema,
]);
export type CollectionActionAnswer = z.infer<typeof collectionActionAnswerSchema>;
