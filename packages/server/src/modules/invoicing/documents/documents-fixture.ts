import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { clients, dispatches, invoice_cases, invoice_lines, invoices } from '../../../db/schema/index';
import { createClient, createCollection, type CollectionOptions } from '../../../testing/factories';

// Invoices as the invoicing actions leave them, for the document tests; and the PDF read back as text
// (testing/pdf-reading.ts: pdf.js, laid out like `pdftotext -layout`).

/** The PDF's text, page by page, laid out as printed. */
export { readPdfPages as pdfPages } from '../../../testing/pdf-reading';

export type LineSpec = {
  description: string;
  qty: string | null;
  price: string | null;
  dentate?: 'UPPER' | 'LOWER' | 'BOTH' | 'NONE';
};

export type BilledSpec = {
  shipperName?: string;
  /** A separate billing client (with an address and an invoice e-mail); none bills the shipper. */
  payerName?: string | null;
  isPayerCash?: boolean;
  isShipperCash?: boolean;
  patientReference?: string;
  orderingPlatform?: CollectionOptions['orderingPlatform'];
  lines: LineSpec[];
  freight?: string;
  purchaseOrder?: string | null;
  courier?: string | null;
  state?: 'open' | 'finalised' | 'manual';
  invoiceDate?: string | null;
  currency?: string;
};

export type BilledInvoice = {
  invoiceNumber: number;
  invoiceId: number;
  collectionId: number;
  caseId: number;
  caseMkey: string;
};

/** A collection with one dispatched case and one invoice covering it, with the given lines. */
export const createBilledInvoice = async (db: Db, spec: BilledSpec): Promise<BilledInvoice> => {
  const shipper = await createClient(db, {
    name: spec.shipperName,
    suburb: 'Richmond',
    postcode: '3121',
    isCashCustomer: spec.isShipperCash ?? false,
  });
  const payer =
    spec.payerName === null
      ? null
      : await createClient(db, {
          name: spec.payerName ?? `Payer Group ${shipper.id}`,
          suburb: 'Carlton',
          postcode: '3053',
          isCashCustomer: spec.isPayerCash ?? false,
        });
  if (payer)
    await db
      .update(clients)
      .set({ invoice_email: `accounts${payer.id}@payer.example.com` })
      .where(eq(clients.id, payer.id));
  const collection = await createCollection(db, {
    client: shipper,
    billingClient: payer,
    patientReference: spec.patientReference,
    orderingPlatform: spec.orderingPlatform ?? 'nexus_ios',
    cases: [{ statusName: 'Dispatched', dentate: 'UPPER' }],
  });
  const [theCase] = collection.cases;
  if (!theCase) throw new Error('fixture: no case');
  const state = spec.state ?? 'finalised';
  const [invoice] = await db
    .insert(invoices)
    .values({
      collection_uid: collection.uid,
      shipping_client_id: shipper.id,
      billing_client_id: payer?.id ?? null,
      freight: spec.freight ?? '0',
      purchase_order_number: spec.purchaseOrder ?? null,
      currency: spec.currency ?? 'AUD',
      finalised: state === 'finalised',
      finalised_at: state === 'finalised' ? new Date() : null,
      invoice_date:
        spec.invoiceDate === undefined ? (state === 'open' ? null : '2026-03-15') : spec.invoiceDate,
      manually_invoiced_at: state === 'manual' ? new Date() : null,
    })
    .returning();
  if (!invoice) throw new Error('fixture: invoice not inserted');
  await db.insert(invoice_cases).values({ invoice_id: invoice.id, case_uid: theCase.uid });
  if (spec.lines.length > 0)
    await db.insert(invoice_lines).values(
      spec.lines.map((line, i) => ({
        invoice_id: invoice.id,
        case_uid: theCase.uid,
        dentate: line.dentate ?? 'UPPER',
        description: line.description,
        total_qty: line.qty,
        unit_price: line.price,
        sort: i,
      })),
    );
  if (spec.courier)
    await db.insert(dispatches).values({
      collection_uid: collection.uid,
      courier: spec.courier,
      shipping_address: { address_line_1: '1 Collins Street', suburb: 'Melbourne', country: 'AU' },
    });
  return {
    invoiceNumber: invoice.invoice_number,
    invoiceId: invoice.id,
    collectionId: collection.collection_id,
    caseId: theCase.case_id,
    caseMkey: theCase.case_mkey,
  };
};

/** RFC 4180 parsing, enough to read back what the export wrote. */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"' && text.charAt(i + 1) === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text.charAt(i + 1) === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
};

/** The rows as records keyed by the header. */
export const csvRecords = (text: string): { header: string[]; records: Record<string, string>[] } => {
  const [header = [], ...rows] = parseCsv(text);
  return {
    header,
    records: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? '']))),
  };
};
