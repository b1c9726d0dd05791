import { z } from 'zod';
import {
  amountsOfTotal,
  centsToMoneyText,
  dentates,
  invoiceMessages,
  invoicePlatforms,
  invoiceReadMessages,
  invoiceTotalCents,
  isReadyToFinalise,
  lineTotalCents,
  parseMoneyCents,
  shippingAddressSchema,
  sortLinesByAmount,
  taxRateFor,
  taxRates,
  type Invoice,
  type InvoiceIssue,
  type InvoiceLine,
  type ShippingAddress,
} from '@lab/domain';
import type { CaseCollection } from './find-case-collection';
import type { InvoiceLineRow, InvoiceRow, RelatedCaseRow } from './invoice-selects';
import { centsOfStored, nullableMoneyOfStored } from './money-text';

// Invoice rows → the answer of GET /api/cases/{case_id}/invoicing/. Amounts go through the domain rules
// (integer cents), so the total shown is the one the Billing view and finalise compute.

type ClientColumns = InvoiceRow['shipping'];

const addressOf = (client: ClientColumns): ShippingAddress => ({
  address_line_1: client.address_line_1,
  address_line_2: client.address_line_2,
  suburb: client.suburb,
  state: client.state,
  postcode: client.postcode,
  country: client.country,
});

// A finalised invoice keeps the bill as issued: its snapshot's name and address win over later client
// edits. Each part is read on its own so a snapshot missing one still gives the other.
const snapshotName = z.object({ shipping_client_name: z.string() });
const snapshotAddress = z.object({ shipping_address: shippingAddressSchema });

const shippingOf = (row: InvoiceRow): { name: string; address: ShippingAddress } => {
  const snapshot: unknown = row.finalised ? row.finalised_snapshot : null;
  const name = snapshotName.safeParse(snapshot);
  const address = snapshotAddress.safeParse(snapshot);
  return {
    name: name.success ? name.data.shipping_client_name : row.shipping.name,
    address: address.success ? address.data.shipping_address : addressOf(row.shipping),
  };
};

type BillTo = Pick<
  ClientColumns,
  'name' | 'invoice_email' | 'is_cash_customer' | 'credit_limit' | 'current_balance' | 'country'
>;

/** The billing client, else the shipping client (a collection without one is paid by its shipper). */
const billToOf = (row: InvoiceRow): BillTo => {
  const billing = row.billing;
  // A left join: the columns are null together when there is no billing client.
  if (billing?.name == null) return row.shipping;
  return {
    name: billing.name,
    invoice_email: billing.invoice_email,
    is_cash_customer: billing.is_cash_customer ?? false,
    credit_limit: billing.credit_limit,
    current_balance: billing.current_balance ?? '0.00',
    country: billing.country ?? row.shipping.country,
  };
};

// The row with its amounts as the domain rules take them (InvoiceLineAmounts).
type PricedLine = { row: InvoiceLineRow; total_qty: number | null; unit_price_cents: number | null };

const priced = (row: InvoiceLineRow): PricedLine => ({
  row,
  total_qty: row.total_qty === null ? null : Number(row.total_qty),
  // A price the rules cannot read counts as no price: the line is then reported, not guessed.
  unit_price_cents: row.unit_price === null ? null : parseMoneyCents(row.unit_price),
});

const presentLine = (line: PricedLine): InvoiceLine => ({
  case_mkey: line.row.case_mkey,
  case_id: line.row.case_id,
  dentate: line.row.dentate,
  description: line.row.description,
  total_qty: nullableMoneyOfStored(line.row.total_qty),
  unit_price: nullableMoneyOfStored(line.row.unit_price),
  total_amount: centsToMoneyText(lineTotalCents(line)),
  is_fixed: line.row.is_fixed,
});

/** The issues card: lines the total leaves out, and the cash-customer warning while the invoice is open. */
const issuesOf = (lines: readonly PricedLine[], isOpen: boolean, isCash: boolean): InvoiceIssue[] => [
  ...lines
    .filter((line) => line.total_qty === null || line.unit_price_cents === null)
    .map((line) => ({
      case_mkey: line.row.case_mkey,
      case_id: line.row.case_id,
      bar_style_name: 'error' as const,
      error: invoiceReadMessages.lineWithoutPrice,
    })),
  ...(isOpen && isCash
    ? [
        {
          case_mkey: null,
          case_id: null,
          bar_style_name: 'warning' as const,
          error: invoiceMessages.cashCustomer,
        },
      ]
    : []),
];

const dentateOf = (stored: string | null): Invoice['related_case_details'][number]['dentate'] =>
  dentates.find((d) => d === stored) ?? null;

const platformOf = (stored: string): Invoice['invoice_platform'] => {
  const platform = invoicePlatforms.find((p) => p === stored);
  // The table's check constraint allows only these two.
  if (!platform) throw new Error(`unknown invoice platform in the database: '${stored}'`);
  return platform;
};

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

/**
 * The invoice's total, tax and amount due: as issued for an issued invoice (kept when it was finalised,
 * with the rate its figures show), worked out by the rate of its branch and client today while open.
 */
const figuresOf = (row: InvoiceRow, billToCountry: string, liveExCents: number) => {
  const issuedEx = row.issued_ex === null ? null : parseMoneyCents(row.issued_ex);
  const issuedTax = row.issued_tax === null ? null : parseMoneyCents(row.issued_tax);
  if (issuedEx === null || issuedTax === null) {
    const taxRate = taxRateFor(row.branch_country, billToCountry);
    return { taxRate, amounts: amountsOfTotal(liveExCents, taxRate) };
  }
  const percent = issuedEx === 0 ? 0 : Math.round((issuedTax * 100) / issuedEx);
  const taxRate =
    issuedTax === 0 ? null : (Object.values(taxRates).find((rate) => rate.percent === percent) ?? null);
  return { taxRate, amounts: { exCents: issuedEx, taxCents: issuedTax, incCents: issuedEx + issuedTax } };
};

export const presentInvoices = (input: {
  collection: CaseCollection;
  /** Oldest first: the first invoice of each group is its main one. */
  invoiceRows: readonly InvoiceRow[];
  relatedCases: readonly RelatedCaseRow[];
  lines: readonly InvoiceLineRow[];
  courier: string | null;
}): Invoice[] => {
  const { collection, invoiceRows, courier } = input;
  const casesByInvoice = groupBy(input.relatedCases, (c) => c.invoice_id);
  const linesByInvoice = groupBy(input.lines, (l) => l.invoice_id);
  const mainByGroup = new Map<string, InvoiceRow>();
  for (const row of invoiceRows)
    if (!mainByGroup.has(row.invoice_group_uid)) mainByGroup.set(row.invoice_group_uid, row);

  return invoiceRows.map((row) => {
    const related = casesByInvoice.get(row.id) ?? [];
    const lines = sortLinesByAmount((linesByInvoice.get(row.id) ?? []).map(priced));
    const main = mainByGroup.get(row.invoice_group_uid) ?? row;
    const billTo = billToOf(row);
    const shipping = shippingOf(row);
    const manuallyInvoiced = row.manually_invoiced_at !== null;
    const isOpen = !row.finalised && !manuallyInvoiced;
    const freightCents = centsOfStored(row.freight);
    const { taxRate, amounts } = figuresOf(
      row,
      billTo.country,
      invoiceTotalCents({ lines, freight_cents: freightCents }),
    );
    return {
      invoice_number: row.invoice_number,
      invoice_group_invoice_number: main.invoice_number,
      invoice_group_main_case_mkey: casesByInvoice.get(main.id)?.[0]?.case_mkey ?? null,
      invoice_group_uid: row.invoice_group_uid,
      case_number: collection.collection_id,
      case_collection_uid: collection.uid,
      patient_name: collection.patient_reference,
      related_mkey_cases: related.map((c) => c.case_mkey),
      related_case_details: related.map((c) => ({
        case_mkey: c.case_mkey,
        case_id: c.case_id,
        job_type_name: c.job_type_name,
        status: c.status,
        status_code: c.status_code,
        split_amount: nullableMoneyOfStored(c.split_amount),
        dentate: dentateOf(c.dentate),
        teeth: c.teeth,
      })),
      purchase_order_number: row.purchase_order_number,
      shipping_client_name: shipping.name,
      shipping_address: shipping.address,
      courier,
      billing_client_name: billTo.name,
      billing_invoice_email: billTo.invoice_email,
      client_email_address: row.shipping.email,
      bill_to_credit_limit: nullableMoneyOfStored(billTo.credit_limit),
      bill_to_current_balance: nullableMoneyOfStored(billTo.current_balance),
      invoice_platform: platformOf(row.invoice_platform),
      currency: row.currency,
      finalised: row.finalised,
      manually_invoiced: manuallyInvoiced,
      invoice_date: row.invoice_date,
      ready_to_finalise: !collection.awaiting_dispatch && isReadyToFinalise(related),
      split_invoice_allowed: isOpen,
      is_cash_customer: billTo.is_cash_customer,
      freight: centsToMoneyText(freightCents),
      lines: lines.map(presentLine),
      total: centsToMoneyText(amounts.exCents),
      tax_name: taxRate?.name ?? null,
      tax_percent: taxRate?.percent ?? null,
      tax: centsToMoneyText(amounts.taxCents),
      amount_due: centsToMoneyText(amounts.incCents),
      errors: issuesOf(lines, isOpen, billTo.is_cash_customer),
    };
  });
};
