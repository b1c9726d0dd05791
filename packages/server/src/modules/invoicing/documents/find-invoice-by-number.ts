import { eq } from 'drizzle-orm';
import {
  AppError,
  invoiceDocumentMessages,
  orderingPlatforms,
  portalBrandingFor,
  type Invoice,
  type PortalBranding,
  type ShippingAddress,
} from '@lab/domain';
import type { Queryable } from '../../../db/client';
import { collections, invoices } from '../../../db/schema/index';
import { findCollectionInvoices } from '../find-case-invoices';
import { billToAddressOf, selectBillingAddresses } from './bill-to-address';
import { invoiceCollectionColumns } from '../find-case-collection';

// One invoice by its number, read as the Billing view reads it (the collection's invoices through the
// same selects and presenter), so the PDF shows exactly the numbers the view shows.

export type InvoiceDocument = {
  invoice: Invoice;
  billToAddress: ShippingAddress;
  branding: PortalBranding;
};

/** null (a number no invoice can have) and an unknown number are 404. */
export const findInvoiceByNumber = async (
  db: Queryable,
  invoiceNumber: number | null,
): Promise<InvoiceDocument> => {
  const notFound = () => new AppError('not_found', { message: invoiceDocumentMessages.invoiceNotFound });
  if (invoiceNumber === null) throw notFound();
  const byNumber = eq(invoices.invoice_number, invoiceNumber);
  const [collection] = await db
    .select({ ...invoiceCollectionColumns, ordering_platform: collections.ordering_platform })
    .from(invoices)
    .innerJoin(collections, eq(collections.uid, invoices.collection_uid))
    .where(byNumber)
    .limit(1);
  if (!collection) throw notFound();
  const [collectionInvoices, billingAddresses] = await Promise.all([
    findCollectionInvoices(db, collection),
    selectBillingAddresses(db, byNumber),
  ]);
  const invoice = collectionInvoices.find((i) => i.invoice_number === invoiceNumber);
  if (!invoice) throw notFound();
  return {
    invoice,
    billToAddress: billToAddressOf(invoice, billingAddresses),
    // The collection's ordering platform picks the letterhead, as it picks the portal's branding.
    branding: portalBrandingFor(
      null,
      orderingPlatforms.find((p) => p === collection.ordering_platform),
    ),
  };
};
