import type { CaseActionHandlers } from '../cases/kernel';
import { finaliseInvoice, manuallyInvoiced } from './close-invoice';
import { editCaseItems } from './edit-case-items';
import { setInvoiceFreight } from './set-invoice-freight';
import { setPurchaseOrder } from './set-purchase-order';
import { splitInvoice } from './split-invoice';

// The invoicing module's slice of POST /api/v2/case/{case_number}/ (collection-views §7).

export const invoicingCaseActionHandlers = {
  edit_case_items: editCaseItems,
  finalise_invoice: finaliseInvoice,
  manually_invoiced: manuallyInvoiced,
  split_invoice: splitInvoice,
  invoice_purchase_order: setPurchaseOrder,
  invoice_freight: setInvoiceFreight,
} satisfies CaseActionHandlers<
  | 'edit_case_items'
  | 'finalise_invoice'
  | 'manually_invoiced'
  | 'split_invoice'
  | 'invoice_purchase_order'
  | 'invoice_freight'
>;
