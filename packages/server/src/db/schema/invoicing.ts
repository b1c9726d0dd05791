import { dentates, invoiceLineSources } from '@lab/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { components, kits } from './catalogue';
import { clients } from './clients';
import { collections } from './collections';
import { money, oneOf, timestamptz } from './columns';
import { job_types } from './reference';
import { users } from './users';

// An invoice for (part of) a collection. Splitting makes a second invoice in the same invoice group;
// the group's first invoice is the main one. Finalising and manual invoicing are irreversible; once
// finalised, finalised_snapshot keeps the bill as issued (addresses, names, lines).
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoice_number: integer('invoice_number')
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 200000 }),
    invoice_group_uid: uuid('invoice_group_uid').notNull().defaultRandom(),
    collection_uid: uuid('collection_uid')
      .notNull()
      .references(() => collections.uid, { onDelete: 'restrict' }),
    shipping_client_id: integer('shipping_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    billing_client_id: integer('billing_client_id').references(() => clients.id, { onDelete: 'restrict' }),
    purchase_order_number: text('purchase_order_number'),
    invoice_platform: text('invoice_platform').notNull().default('OEP'),
    currency: text('currency').notNull().default('AUD'),
    freight: money('freight').notNull().default('0'),
    finalised: boolean('finalised').notNull().default(false),
    finalised_at: timestamptz('finalised_at'),
    finalised_by_id: integer('finalised_by_id').references(() => users.id, { onDelete: 'set null' }),
    finalised_snapshot: jsonb('finalised_snapshot'),
    // Local date of the branch the invoice is issued from.
    invoice_date: date('invoice_date'),
    // Billed outside the system (cash customers, special deals); also closes the invoice.
    manually_invoiced_at: timestamptz('manually_invoiced_at'),
    manually_invoiced_by_id: integer('manually_invoiced_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    // The figures as issued (ex tax, tax), kept when the invoice is finalised or invoiced manually: an issued
    // invoice's amounts never change, and lists and balances over many invoices read them instead of
    // working each out again (modules/invoicing/invoice-figures.ts). Null while the invoice is open.
    issued_ex: money('issued_ex'),
    issued_tax: money('issued_tax'),
    // Lines plus freight, ex tax, kept by every change to the invoice (invoice-records.ts) so lists and
    // totals over many open invoices need not add their lines up again. Null: not kept (worked out).
    amount_ex: money('amount_ex'),
    // What its payments add up to, kept with each payment (invoice_payments holds the rows).
    amount_paid: money('amount_paid').notNull().default('0'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoices_collection_idx').on(t.collection_uid),
    index('invoices_group_idx').on(t.invoice_group_uid),
    index('invoices_billing_client_idx').on(t.billing_client_id),
    // The Accounts page lists and ages invoices by client and date.
    index('invoices_shipping_client_idx').on(t.shipping_client_id),
    index('invoices_date_idx').on(t.invoice_date),
    // The balances read only what is owed: issued and not yet paid in full, and the open invoices.
    index('invoices_unsettled_idx')
      .on(sql`coalesce(${t.billing_client_id}, ${t.shipping_client_id})`)
      .where(sql`${t.finalised} AND ${t.issued_ex} + ${t.issued_tax} > ${t.amount_paid}`),
    index('invoices_open_idx')
      .on(t.collection_uid)
      .where(sql`NOT ${t.finalised} AND ${t.manually_invoiced_at} IS NULL`),
    check('invoices_platform_check', oneOf(t.invoice_platform, ['OEP', 'NEXUS'])),
    check('invoices_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('invoices_freight_check', sql`${t.freight} >= 0`),
    check('invoices_finalised_check', sql`${t.finalised} = (${t.finalised_at} IS NOT NULL)`),
  ],
);

// The cases an invoice covers (related_case_details). split_amount is the part of the case's amount
// moved onto this invoice by a split; null = the whole case.
export const invoice_cases = pgTable(
  'invoice_cases',
  {
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'restrict' }),
    split_amount: money('split_amount'),
  },
  (t) => [
    primaryKey({ columns: [t.invoice_id, t.case_uid] }),
    index('invoice_cases_case_idx').on(t.case_uid),
    check('invoice_cases_split_check', sql`${t.split_amount} IS NULL OR ${t.split_amount} > 0`),
  ],
);

// A billed line. total_amount is stored (not qty × price) because discounts and splits adjust it.
// is_fixed lines (freight-like, kits) cannot be dragged between invoices when splitting.
export const invoice_lines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    case_uid: uuid('case_uid').references(() => cases.uid, { onDelete: 'restrict' }),
    dentate: text('dentate'),
    description: text('description').notNull(),
    total_qty: numeric('total_qty', { precision: 10, scale: 2 }),
    unit_price: money('unit_price'),
    total_amount: money('total_amount'),
    is_fixed: boolean('is_fixed').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
    // Where the line came from, so a change to its source replaces exactly its lines (item options are
    // re-applied on every edit): the job type, implant positions, component lines, the collection's
    // pricing kits, selected item options, or another charge.
    source: text('source').notNull().default('charge'),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoice_id),
    index('invoice_lines_case_idx').on(t.case_uid),
    check('invoice_lines_dentate_check', sql`${t.dentate} IS NULL OR ${oneOf(t.dentate, dentates)}`),
    check('invoice_lines_source_check', oneOf(t.source, invoiceLineSources)),
  ],
);

// Per-case invoice options (Item options card): extras or discounts, fixed amount or percentage.
export const item_options = pgTable(
  'item_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    is_selected: boolean('is_selected').notNull().default(false),
    amount: money('amount').notNull().default('0'),
    is_percentage: boolean('is_percentage').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    index('item_options_case_idx').on(t.case_uid),
    check(
      'item_options_amount_check',
      sql`${t.amount} >= 0 AND (NOT ${t.is_percentage} OR ${t.amount} <= 100)`,
    ),
  ],
);

// Prices that override job_types.price: per country and currency, optionally for one client. Exactly one
// of job type, kit or component is priced by a row; the most specific matching row wins.
export const price_list = pgTable(
  'price_list',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    job_type_id: integer('job_type_id').references(() => job_types.id, { onDelete: 'cascade' }),
    kit_id: integer('kit_id').references(() => kits.id, { onDelete: 'cascade' }),
    component_id: integer('component_id').references(() => components.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    unit_price: money('unit_price').notNull(),
  },
  (t) => [
    index('price_list_job_type_idx').on(t.job_type_id),
    index('price_list_kit_idx').on(t.kit_id),
    index('price_list_component_idx').on(t.component_id),
    index('price_list_client_idx').on(t.client_id),
    // One price per item, market and client (or market alone): the Accounts page sets, never duplicates.
    uniqueIndex('price_list_item_market_unique').on(
      sql`coalesce(${t.job_type_id}, 0)`,
      sql`coalesce(${t.kit_id}, 0)`,
      sql`coalesce(${t.component_id}, 0)`,
      t.country,
      t.currency,
      sql`coalesce(${t.client_id}, 0)`,
    ),
    check(
      'price_list_one_item_check',
      sql`num_nonnulls(${t.job_type_id}, ${t.kit_id}, ${t.component_id}) = 1`,
    ),
    check('price_list_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('price_list_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('price_list_price_check', sql`${t.unit_price} >= 0`),
  ],
);

// A payment received against an issued invoice (issue 32): part payments allowed, never more than is
// still owed (domain rules/accounts/payments.ts). Balances, aging and statements read these rows.
export const invoice_payments = pgTable(
  'invoice_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    // The day the money arrived, in the lab's calendar.
    paid_on: date('paid_on').notNull(),
    // The bank's or the client's reference (remittance, cheque number).
    reference: text('reference').notNull(),
    recorded_by_id: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoice_id),
    check('invoice_payments_amount_check', sql`${t.amount} > 0`),
  ],
);
