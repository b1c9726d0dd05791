import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { clientBalanceSql } from './invoice-figures';
import {
  cases,
  clients,
  implants,
  invoice_cases,
  invoice_lines,
  invoices,
  job_types,
  statuses,
} from '../../db/schema/index';

// The selects every invoice read shares (the Billing view, the invoice PDF, the accounting export), each
// scoped by a condition on `invoices`, and the rows they answer, which present-invoice.ts turns into
// invoices. Apart from find-case-invoices.ts so the presenter can name the rows without a cycle.

// The shipping client joins as `clients`; the billing client is a second join of the same table.
const billingClients = alias(clients, 'billing_client');

/** The invoices of one collection, as the scope of the selects below. */
export const inCollection = (collectionUid: string): SQL => eq(invoices.collection_uid, collectionUid);

export const selectInvoices = (db: Queryable, scope: SQL) =>
  db
    .select({
      id: invoices.id,
      collection_uid: invoices.collection_uid,
      invoice_number: invoices.invoice_number,
      invoice_group_uid: invoices.invoice_group_uid,
      purchase_order_number: invoices.purchase_order_number,
      invoice_platform: invoices.invoice_platform,
      currency: invoices.currency,
      freight: invoices.freight,
      issued_ex: invoices.issued_ex,
      issued_tax: invoices.issued_tax,
      finalised: invoices.finalised,
      finalised_snapshot: invoices.finalised_snapshot,
      invoice_date: invoices.invoice_date,
      manually_invoiced_at: invoices.manually_invoiced_at,
      shipping: {
        name: clients.name,
        invoice_email: clients.invoice_email,
        is_cash_customer: clients.is_cash_customer,
        credit_limit: clients.credit_limit,
        current_balance: sql<string>`${clientBalanceSql(sql`${clients.id}`)}`,
        email: clients.email,
        address_line_1: clients.address_line_1,
        address_line_2: clients.address_line_2,
        suburb: clients.suburb,
        state: clients.state,
        postcode: clients.postcode,
        country: clients.country,
      },
      // The issuing branch's country, for the tax (accounts/tax.ts).
      branch_country: sql<string | null>`(SELECT b.country FROM collections col
        JOIN branches b ON b.id = col.fulfillment_branch_id WHERE col.uid = ${invoices.collection_uid})`,
      billing: {
        name: billingClients.name,
        country: billingClients.country,
        invoice_email: billingClients.invoice_email,
        is_cash_customer: billingClients.is_cash_customer,
        credit_limit: billingClients.credit_limit,
        current_balance: sql<
          string | null
        >`CASE WHEN ${billingClients.id} IS NULL THEN NULL ELSE ${clientBalanceSql(sql`${billingClients.id}`)} END`,
      },
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.shipping_client_id))
    .leftJoin(billingClients, eq(billingClients.id, invoices.billing_client_id))
    .where(scope)
    // Oldest first, so each group's first row is its main invoice.
    .orderBy(asc(invoices.created_at), asc(invoices.id));

export const selectRelatedCases = (db: Queryable, scope: SQL) =>
  db
    .select({
      invoice_id: invoice_cases.invoice_id,
      split_amount: invoice_cases.split_amount,
      case_mkey: cases.case_mkey,
      case_id: cases.case_id,
      job_type_name: job_types.name,
      status: statuses.name,
      status_code: statuses.parent_name,
      dispatched: cases.dispatched,
      cancelled: cases.cancelled,
      dentate: cases.dentate,
      teeth: sql<
        number[]
      >`coalesce((SELECT array_agg(${implants.tooth} ORDER BY ${implants.tooth}) FROM ${implants} WHERE ${implants.case_uid} = ${cases.uid} AND ${implants.deleted_at} IS NULL), '{}')`,
    })
    .from(invoice_cases)
    .innerJoin(invoices, eq(invoices.id, invoice_cases.invoice_id))
    .innerJoin(cases, eq(cases.uid, invoice_cases.case_uid))
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .where(scope)
    .orderBy(asc(cases.ordinal));

export const selectLines = (db: Queryable, scope: SQL) =>
  db
    .select({
      invoice_id: invoice_lines.invoice_id,
      case_mkey: cases.case_mkey,
      case_id: cases.case_id,
      dentate: invoice_lines.dentate,
      description: invoice_lines.description,
      total_qty: invoice_lines.total_qty,
      unit_price: invoice_lines.unit_price,
      is_fixed: invoice_lines.is_fixed,
    })
    .from(invoice_lines)
    .innerJoin(invoices, eq(invoices.id, invoice_lines.invoice_id))
    .leftJoin(cases, eq(cases.uid, invoice_lines.case_uid))
    .where(scope)
    // The entered order; sorting by amount (stable) keeps it among equal amounts.
    .orderBy(asc(invoice_lines.sort), asc(invoice_lines.id));

export type InvoiceRow = Awaited<ReturnType<typeof selectInvoices>>[number];
export type RelatedCaseRow = Awaited<ReturnType<typeof selectRelatedCases>>[number];
export type InvoiceLineRow = Awaited<ReturnType<typeof selectLines>>[number];
