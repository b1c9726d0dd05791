import { z } from 'zod';
import { dentates } from '../enums';
import { itemOptionSchema } from '../rules/invoicing/item-options';
import { shippingAddressSchema } from './dispatches';

// Answers of the Invoices view's reads (collection-views §3 'Invoice', 'Item option'; §7):
// GET /api/cases/{case_id}/invoicing/ (the invoices of the case's collection) and
// GET /api/v2/case/{case_id}/item_options/ (the option sets of the collection's cases).
// Money on an invoice travels as the database's exact decimal text with two decimals ('1234.50'), so no
// amount passes through a float on the wire. Item option amounts keep the rule's unit (itemOptionSchema):
// whole cents for a fixed option, whole percent for a percentage one.

export const invoiceReadMessages = {
  caseNotFound: 'Case not found',
  // Ours: the issues card's texts the spec does not word (§2 'Invoices view').
  lineWithoutPrice: 'Line has no quantity or unit price and is not counted in the total',
} as const;

/** Two-decimal money text, as numeric(12,2) keeps it. */
export const invoiceMoneyText = z.string().regex(/^-?\d+\.\d{2}$/);

/** Where an invoice line came from (the server replaces a source's lines when it changes). */
export const invoiceLineSources = ['job_type', 'implant', 'component', 'kit', 'option', 'charge'] as const;
export type InvoiceLineSource = (typeof invoiceLineSources)[number];

export const invoicePlatforms = ['OEP', 'NEXUS'] as const;

/** The issues card colours its bars by this: an error blocks a correct bill, a warning needs a person. */
export const invoiceIssueStyles = ['error', 'warning'] as const;

export const relatedCaseDetailSchema = z.object({
  case_mkey: z.string(),
  case_id: z.number().int(),
  job_type_name: z.string(),
  status: z.string(),
  // The status parent (ORDERED, DESIGN, …, DISPATCHED, CANCELLED).
  status_code: z.string(),
  // The part of the case's amount a split moved onto this invoice; null = the whole case.
  split_amount: invoiceMoneyText.nullable(),
  // Ours, for the split dialog's cross-tooth split (splitByArch): the case's dentate and implant teeth (FDI).
  dentate: z.enum(dentates).nullable(),
  teeth: z.array(z.number().int()),
});

export const invoiceLineSchema = z.object({
  // Null on lines that belong to no case (pricing kits).
  case_mkey: z.string().nullable(),
  case_id: z.number().int().nullable(),
  dentate: z.string().nullable(),
  description: z.string(),
  total_qty: invoiceMoneyText.nullable(),
  unit_price: invoiceMoneyText.nullable(),
  // Quantity × unit price by the domain rule (lineTotalCents): '0.00' for a line without either.
  total_amount: invoiceMoneyText,
  // Fixed lines stay on their invoice when it is split (§5).
  is_fixed: z.boolean(),
});

export const invoiceIssueSchema = z.object({
  case_mkey: z.string().nullable(),
  case_id: z.number().int().nullable(),
  bar_style_name: z.enum(invoiceIssueStyles),
  error: z.string(),
});

export const invoiceSchema = z.object({
  invoice_number: z.number().int(),
  // The group's main invoice (its first); equal to invoice_number on an invoice never split.
  invoice_group_invoice_number: z.number().int(),
  invoice_group_main_case_mkey: z.string().nullable(),
  invoice_group_uid: z.uuid(),
  // The collection's case number (collection_id).
  case_number: z.number().int(),
  case_collection_uid: z.uuid(),
  patient_name: z.string(),
  related_mkey_cases: z.array(z.string()),
  related_case_details: z.array(relatedCaseDetailSchema),
  purchase_order_number: z.string().nullable(),
  shipping_client_name: z.string(),
  shipping_address: shippingAddressSchema,
  // The courier of the collection's latest dispatch; null before any.
  courier: z.string().nullable(),
  // The bill-to client: the billing client, else the shipping client.
  billing_client_name: z.string(),
  billing_invoice_email: z.string().nullable(),
  client_email_address: z.string().nullable(),
  bill_to_credit_limit: invoiceMoneyText.nullable(),
  bill_to_current_balance: invoiceMoneyText.nullable(),
  invoice_platform: z.enum(invoicePlatforms),
  currency: z.string(),
  finalised: z.boolean(),
  manually_invoiced: z.boolean(),
  invoice_date: z.iso.date().nullable(),
  // §4: false while any related case awaits dispatch (isReadyToFinalise).
  ready_to_finalise: z.boolean(),
  // Only an open invoice (not finalised, not manually invoiced) may be split; canSplitInvoice adds the
  // more-than-one-case condition.
  split_invoice_allowed: z.boolean(),
  is_cash_customer: z.boolean(),
  freight: invoiceMoneyText,
  // Largest amount first (sortLinesByAmount).
  lines: z.array(invoiceLineSchema),
  // Lines plus freight (invoiceTotalCents), ex-tax.
  total: invoiceMoneyText,
  // Ours (issue 32): the tax on the total by the issuing branch's country (accounts/tax.ts: GST for an
  // Australian or New Zealand client of a branch in the same country, none on an export) and the amount
  // due including it.
  tax_name: z.string().nullable(),
  tax_percent: z.number().nullable(),
  tax: invoiceMoneyText,
  amount_due: invoiceMoneyText,
  errors: z.array(invoiceIssueSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;
export type InvoiceIssue = z.infer<typeof invoiceIssueSchema>;

export const caseInvoicesSchema = z.array(invoiceSchema);

/** One case's options (the Item options card shows a set per case). */
export const itemOptionSetSchema = z.object({
  case_id: z.number().int(),
  case_mkey: z.string(),
  options: z.array(itemOptionSchema),
});
export type ItemOptionSet = z.infer<typeof itemOptionSetSchema>;

export const itemOptionSetsSchema = z.array(itemOptionSetSchema);
