import { asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { AccountingExportQuery, Invoice } from '@lab/domain';
import type { Queryable } from '../../../db/client';
import { collections, invoices } from '../../../db/schema/index';
import {
  selectInvoices,
  selectLines,
  selectRelatedCases,
  type InvoiceLineRow,
  type InvoiceRow,
  type RelatedCaseRow,
} from '../invoice-selects';
import { presentInvoices } from '../present-invoice';
import type { ExportInvoice } from './accounting-layouts';
import { billToAddressOf, selectBillingAddresses } from './bill-to-address';
import { invoiceCollectionColumns } from '../find-case-collection';

// The invoices an accounting export carries: finalised, dated from `from` to `to` (both included), neither
// manually invoiced nor billed to a cash customer (those are billed by hand, so importing them would bill
// twice). Read through the Billing view's selects and presenter, so the amounts are the ones it shows:
// five statements whatever the number of invoices, each for the collections that have an exported invoice
// (their other invoices too, so a split group's main invoice is the one the view names).

const groupBy = <Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> => {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
};

/** What the database can tell alone; the cash customer is the presented bill-to's. */
const exportedInScope = (query: AccountingExportQuery): SQL =>
  sql`(${sql.join(
    [
      eq(invoices.finalised, true),
      isNull(invoices.manually_invoiced_at),
      gte(invoices.invoice_date, query.from),
      lte(invoices.invoice_date, query.to),
    ],
    sql` AND `,
  )})`;

export const isExported = (invoice: Invoice, query: AccountingExportQuery): boolean =>
  invoice.finalised &&
  !invoice.manually_invoiced &&
  !invoice.is_cash_customer &&
  invoice.invoice_date !== null &&
  invoice.invoice_date >= query.from &&
  invoice.invoice_date <= query.to;

/** By invoice date, then number: the order the accountant reads them in. */
const byDateThenNumber = (a: ExportInvoice, b: ExportInvoice): number =>
  (a.invoice.invoice_date ?? '').localeCompare(b.invoice.invoice_date ?? '') ||
  a.invoice.invoice_number - b.invoice.invoice_number;

export const findExportInvoices = async (
  db: Queryable,
  query: AccountingExportQuery,
): Promise<ExportInvoice[]> => {
  const exported = exportedInScope(query);
  // A subquery of the statements below, not a statement of its own.
  const exportedCollections = new QueryBuilder()
    .select({ uid: invoices.collection_uid })
    .from(invoices)
    .where(exported);
  const scope = inArray(invoices.collection_uid, exportedCollections);
  const [collectionRows, invoiceRows, relatedCases, lines, billingAddresses] = await Promise.all([
    db
      .select(invoiceCollectionColumns)
      .from(collections)
      .where(inArray(collections.uid, exportedCollections))
      .orderBy(asc(collections.collection_id)),
    selectInvoices(db, scope),
    selectRelatedCases(db, scope),
    selectLines(db, scope),
    selectBillingAddresses(db, exported),
  ]);

  const collectionOfInvoice = new Map(invoiceRows.map((row) => [row.id, row.collection_uid]));
  const invoicesByCollection = groupBy<InvoiceRow, string>(invoiceRows, (row) => row.collection_uid);
  const casesByCollection = groupBy<RelatedCaseRow, string | undefined>(relatedCases, (row) =>
    collectionOfInvoice.get(row.invoice_id),
  );
  const linesByCollection = groupBy<InvoiceLineRow, string | undefined>(lines, (row) =>
    collectionOfInvoice.get(row.invoice_id),
  );

  return collectionRows
    .flatMap((collection) =>
      presentInvoices({
        collection,
        invoiceRows: invoicesByCollection.get(collection.uid) ?? [],
        relatedCases: casesByCollection.get(collection.uid) ?? [],
        lines: linesByCollection.get(collection.uid) ?? [],
        // Neither import has a place for the courier.
        courier: null,
      }),
    )
    .filter((invoice) => isExported(invoice, query))
    .map((invoice) => ({ invoice, billToAddress: billToAddressOf(invoice, billingAddresses) }))
    .sort(byDateThenNumber);
};
