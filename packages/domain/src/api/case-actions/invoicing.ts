import { z } from 'zod';
import { itemOptionSchema } from '../../rules/invoicing/item-options';
import { splitInvoiceSchema } from '../../rules/invoicing/invoice-split';
import { action, caseActionMessages, idOf, storedText } from './action-kit';

// Invoicing's members of POST /api/v2/case/{case_number}/ (collection-views §7): item options, finalise,
// manual invoicing, split and the purchase order. Each answers the case; the Billing view then reloads
// GET /api/cases/{case_id}/invoicing/. Invoices are named by number, and must be of the case's collection.

export const invoiceActionMessages = {
  // Ours: the spec words no refusal for an invoice of another collection or an unknown number.
  unknownInvoice: 'Invoice not found',
  // domain-decisions 'Roles': finalise and manual invoicing are the admin's.
  adminOnly: 'Only an administrator can finalise or manually invoice',
  // Ours: a finalised or manually invoiced invoice never changes again.
  invoiceClosed: 'This invoice has been finalised and can no longer be changed',
  noOpenInvoice: 'The collection has no open invoice',
  // Ours: the two lists of a split must hold exactly the cases of one open invoice of the group.
  splitCasesMismatch: "The two lists must hold exactly the invoice's cases",
  optionDescriptionBlank: caseActionMessages.blank,
  tooManyOptions: 'At most 50 options per case',
  // Ours (issue 32): freight as money, like an item option's amount.
  freightInvalid: 'Value must be a dollar amount, e.g. 15.00',
} as const;

const invoiceNumber = idOf(invoiceActionMessages.unknownInvoice);

/** One option as the Item options card sends it; the description names it within its case. */
export const caseItemOptionSchema = itemOptionSchema.safeExtend({
  description: storedText(200).refine(
    (text) => text.trim() !== '',
    invoiceActionMessages.optionDescriptionBlank,
  ),
});

export const invoicingCaseActions = [
  // Replaces the option sets of the acted-on case and of every case named in the list (so an empty list
  // clears the acted-on case). Selected options become lines of the case's open invoice.
  action('edit_case_items', {
    case_item_options: z.array(caseItemOptionSchema).max(50, invoiceActionMessages.tooManyOptions),
  }),
  action('finalise_invoice', { invoice_number: invoiceNumber }),
  action('manually_invoiced', { invoice_number: invoiceNumber }),
  // The second group's cases (and their lines) move to a new invoice of the same group (§5).
  action('split_invoice', { split_invoice: splitInvoiceSchema }),
  // Empty or null clears the purchase order of the collection's open invoices.
  action('invoice_purchase_order', {
    case_collection_uid: z.uuid(),
    purchase_order_number: storedText(50).nullable(),
  }),
  // Ours (issue 32): the freight of an open invoice, set by hand (a dispatch sets the courier's rate).
  action('invoice_freight', {
    invoice_number: invoiceNumber,
    freight: z
      .string({ error: invoiceActionMessages.freightInvalid })
      .trim()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, invoiceActionMessages.freightInvalid),
  }),
] as const;
