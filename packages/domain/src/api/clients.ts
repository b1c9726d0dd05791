import { z } from 'zod';
import { checkIdentification, identificationKinds } from '../rules/clients';
import { clientRefSchema } from './collection';
import { isoDateTime } from './common';
import { collectionSearchResultSchema } from './search';

// The client page /static/v2/client.html?id={Client ID} (collection-views §2 'Client page', §3 'Referral',
// 'Communication', §5 'Identification dialog'): GET /api/v2/client/{id}/ and the lists beside it, each
// its own call so one slow list does not hold up the rest. {id} is the human Client ID. CLIENT_NOTEs
// answer `messageListSchema`, communications `communicationListSchema`, referrals `referralSchema[]`.

export const clientMessages = {
  notFound: 'Client not found',
  chooseKind: 'Choose Email Address or Mobile Number',
  // collection-views §6, verbatim.
  cashCustomer: 'Cash Customers will not be auto invoiced. Manual Invoicing is required.',
} as const;

/** Load-failure texts of the client page's calls, listed in the app bar while a call fails. */
export const clientLoadErrors = {
  client: 'Client failed to load',
  collections: 'Client collections failed to load',
  notes: 'Client notes failed to load',
  communications: 'Communications failed to load',
  identifications: 'Identifications failed to load',
  referrals: 'Referrals failed to load',
} as const;

/** Any text: an id that is not a number answers the same 404 as an unknown one. */
export const clientParams = z.object({ id: z.string() });

/** Money as the database keeps it: a decimal string with two places ('5000.00'), never a float. */
const moneyText = z.string().regex(/^-?\d+\.\d{2}$/);

export const clientDetailsSchema = z.object({
  // The human Client ID.
  id: z.number().int(),
  uid: z.uuid(),
  name: z.string(),
  // ISO 3166-1 alpha-2.
  country: z.string(),
  account_number: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  invoice_email: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  is_active: z.boolean(),
  // Cash customers are never auto invoiced (collection-views §6).
  is_cash_customer: z.boolean(),
  // The account that pays for this practice's newest billed order (a group account); null = itself.
  billing_client: clientRefSchema.nullable(),
  credit_limit: moneyText.nullable(),
  // The accounts system's balance, as invoices show it (bill_to_current_balance).
  current_balance: moneyText.nullable(),
  // Work billed to the client but not yet invoiced (invoices neither finalised nor manually invoiced),
  // one total per currency; empty when there is none.
  open_invoices: z.array(
    z.object({ currency: z.string(), invoice_count: z.number().int(), total: moneyText }),
  ),
  collection_count: z.number().int(),
  active_collection_count: z.number().int(),
});
export type ClientDetails = z.infer<typeof clientDetailsSchema>;

export const clientCollectionStatuses = ['active', 'archived'] as const;
export type ClientCollectionStatus = (typeof clientCollectionStatuses)[number];
export const clientCollectionsPageSize = 25;

/** ?page= (from 1) and ?status=active|archived (default active). */
export const clientCollectionsQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'Page must be a whole number from 1' })
    .int({ message: 'Page must be a whole number from 1' })
    .min(1, { message: 'Page must be a whole number from 1' })
    .max(100_000, { message: 'Page must be a whole number from 1' })
    .default(1),
  status: z
    .enum(clientCollectionStatuses, { message: 'Status must be active or archived' })
    .default('active'),
});
export type ClientCollectionsQuery = z.infer<typeof clientCollectionsQuerySchema>;

/** One page of the client's collections (shipping client), newest first, rows as the search shows them. */
export const clientCollectionsPageSchema = z.object({
  status: z.enum(clientCollectionStatuses),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  collections: z.array(collectionSearchResultSchema),
});
export type ClientCollectionsPage = z.infer<typeof clientCollectionsPageSchema>;

export const clientIdentificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(identificationKinds),
  // An e-mail address (lower case) or a mobile number in international (E.164) form.
  value: z.string(),
  created_at: isoDateTime,
  // Who added it; null for identifications that came with the data.
  created_by: z.string().nullable(),
});
export type ClientIdentification = z.infer<typeof clientIdentificationSchema>;
export const clientIdentificationListSchema = z.array(clientIdentificationSchema);

/**
 * POST /api/v2/client/{id}/identifications/: the dialog sends a mobile number already in international
 * form; the server reads one without a country code as Australian. The value's rule is the dialog's.
 */
export const addIdentificationSchema = z
  .object({
    kind: z.enum(identificationKinds, { message: clientMessages.chooseKind }),
    value: z.string({ message: 'Cannot be blank' }).max(320, { message: 'Too long' }),
  })
  .superRefine((body, context) => {
    const check = checkIdentification(body.kind, body.value);
    if (!check.isValid) context.addIssue({ code: 'custom', path: ['value'], message: check.message });
  });
export type AddIdentificationBody = z.infer<typeof addIdentificationSchema>;
