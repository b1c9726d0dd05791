import { z } from 'zod';
import { invoiceStates } from '../rules/accounts/payments';
import { accountsMessages } from '../rules/accounts/accounts-messages';
import { commonMessages, isStorableText, maxDatabaseInteger } from './common';
import { invoiceMoneyText, invoicePlatforms } from './invoicing';

// The Accounts page (issue 32, /static/v2/accounts.html), the lab's billing desk: every invoice with its
// figures, the ready ones finalised in a batch, what each client owes aged, payments against invoices.
// Reads: every employee but the restricted (restrictedSystem 'Accounts'); writes: administrators.
// Money travels as two-decimal text, as on the Billing view.

const isoDay = z.iso.date({ message: 'Enter a date as YYYY-MM-DD' });

/** The filters of the invoice list: an invoice's state (payments.ts), or an open cash customer's. */
export const accountsInvoiceFilters = [...invoiceStates, 'cash'] as const;
export type AccountsInvoiceFilter = (typeof accountsInvoiceFilters)[number];

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(maxDatabaseInteger, message);

export const accountsInvoicesQuerySchema = z
  .object({
    state: z.enum(accountsInvoiceFilters, { message: 'Unknown invoice state' }).optional(),
    invoice_number: positiveId(accountsMessages.invoiceNotFound).optional(),
    // The client's public number (client_id), as the client page shows it: the bill-to client.
    client_id: positiveId(accountsMessages.clientNotFound).optional(),
    branch_id: positiveId('Branch not found').optional(),
    platform: z.enum(invoicePlatforms, { message: 'Unknown platform' }).optional(),
    // The invoice date of an issued invoice, the day it was raised for an open one.
    from: isoDay.optional(),
    to: isoDay.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: accountsMessages.periodBackwards,
    path: ['to'],
  });
export type AccountsInvoicesQuery = z.output<typeof accountsInvoicesQuerySchema>;

const figures = {
  /** Lines plus freight, ex-tax: the invoice's Total. */
  ex: invoiceMoneyText,
  tax: invoiceMoneyText,
  /** The amount due, including tax. */
  inc: invoiceMoneyText,
  paid: invoiceMoneyText,
  outstanding: invoiceMoneyText,
};

export const accountsInvoiceSchema = z.object({
  invoice_number: z.number().int(),
  collection_uid: z.uuid(),
  case_number: z.number().int(),
  patient_name: z.string(),
  bill_to: z.object({ client_id: z.number().int(), name: z.string(), is_cash_customer: z.boolean() }),
  branch: z.string().nullable(),
  platform: z.enum(invoicePlatforms),
  currency: z.string(),
  state: z.enum(invoiceStates),
  invoice_date: z.iso.date().nullable(),
  raised_on: z.iso.date(),
  ...figures,
});
export type AccountsInvoice = z.infer<typeof accountsInvoiceSchema>;

export const accountsTotalsSchema = z.object({ currency: z.string(), count: z.number().int(), ...figures });

export const accountsInvoicesSchema = z.object({
  invoices: z.array(accountsInvoiceSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Of the whole filtered set, per currency (never AUD and NZD added together). */
  totals: z.array(accountsTotalsSchema),
});
export type AccountsInvoices = z.infer<typeof accountsInvoicesSchema>;

export const batchFinaliseBodySchema = z.strictObject({
  invoice_numbers: z
    .array(z.number().int().positive().max(maxDatabaseInteger), { error: accountsMessages.nothingToFinalise })
    .min(1, accountsMessages.nothingToFinalise)
    .max(500, accountsMessages.tooManyToFinalise),
});

export const batchFinaliseSchema = z.object({
  finalised: z.array(z.object({ invoice_number: z.number().int(), inc: invoiceMoneyText })),
  refused: z.array(z.object({ invoice_number: z.number().int(), reason: z.string() })),
});
export type BatchFinalise = z.infer<typeof batchFinaliseSchema>;

export const balancesQuerySchema = z.object({ as_of: isoDay.optional() });

const aging = z.object({
  current: invoiceMoneyText,
  days30: invoiceMoneyText,
  days60: invoiceMoneyText,
  days90: invoiceMoneyText,
});

export const clientBalanceSchema = z.object({
  client_id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  /** Raised but not yet issued (open invoices), ex-tax. */
  open: invoiceMoneyText,
  /** Issued and unpaid, including tax: the bands add up to it. */
  balance: invoiceMoneyText,
  aging,
  credit_limit: invoiceMoneyText.nullable(),
  credit_left: invoiceMoneyText.nullable(),
  over_limit: z.boolean(),
});
export type ClientBalance = z.infer<typeof clientBalanceSchema>;

export const balancesSchema = z.object({ as_of: z.iso.date(), clients: z.array(clientBalanceSchema) });
export type Balances = z.infer<typeof balancesSchema>;

const moneyAmount = z
  .string({ error: accountsMessages.paymentMustBePositive })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, accountsMessages.paymentMustBePositive);

export const paymentBodySchema = z.strictObject({
  invoice_number: z
    .number({ error: accountsMessages.invoiceNotFound })
    .int()
    .positive()
    .max(maxDatabaseInteger),
  amount: moneyAmount,
  paid_on: isoDay,
  reference: z
    .string({ error: 'Cannot be blank' })
    .trim()
    .min(1, 'Cannot be blank')
    .max(100, 'Must be at most 100 characters')
    .refine(isStorableText, commonMessages.unstorableText),
});
export type PaymentBody = z.output<typeof paymentBodySchema>;

/** GET /api/v2/accounts/statement/: a client's statement for a period, as a PDF. */
export const statementQuerySchema = z
  .object({
    client_id: positiveId(accountsMessages.clientNotFound),
    from: isoDay,
    to: isoDay,
  })
  .refine((q) => q.from <= q.to, { message: accountsMessages.periodBackwards, path: ['to'] });
export type StatementQuery = z.output<typeof statementQuerySchema>;

// The price list (issue 32): what the lab charges per market (country and currency), and per client where
// a client has its own price. A job type without a row is charged its own default price. A row names
// exactly one item: a job type, a pricing kit or a stocked part.
export const priceItemKinds = ['job_type', 'kit', 'component'] as const;
export type PriceItemKind = (typeof priceItemKinds)[number];

export const priceMessages = {
  unknownItem: 'Choose a job type, kit or part',
  priceInvalid: 'Value must be a dollar amount, e.g. 15.00',
  countryInvalid: 'Choose a country',
  currencyInvalid: 'Choose a currency',
  priceNotFound: 'Price not found',
} as const;

const priceAmount = z
  .string({ error: priceMessages.priceInvalid })
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, priceMessages.priceInvalid);

export const priceRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(priceItemKinds),
  item_id: z.number().int(),
  item_name: z.string(),
  /** The warehouse code of a part or kit; null for a job type. */
  item_code: z.string().nullable(),
  country: z.string(),
  currency: z.string(),
  client: z.object({ client_id: z.number().int(), name: z.string() }).nullable(),
  unit_price: invoiceMoneyText,
});
export type PriceRow = z.infer<typeof priceRowSchema>;

export const pricesQuerySchema = z.object({
  client_id: positiveId(accountsMessages.clientNotFound).optional(),
  kind: z.enum(priceItemKinds, { message: priceMessages.unknownItem }).optional(),
});

export const pricesSchema = z.object({
  rows: z.array(priceRowSchema),
  /** Every job type with its default price (charged where no row of the market or client beats it). */
  job_types: z.array(
    z.object({ id: z.number().int(), name: z.string(), price: invoiceMoneyText.nullable() }),
  ),
});
export type Prices = z.infer<typeof pricesSchema>;

/** POST /api/v2/accounts/prices/: sets the price of an item in a market (for one client, or for all). */
export const priceBodySchema = z.strictObject({
  kind: z.enum(priceItemKinds, { message: priceMessages.unknownItem }),
  item_id: z.number({ error: priceMessages.unknownItem }).int().positive().max(maxDatabaseInteger),
  country: z.enum(['AU', 'NZ'], { message: priceMessages.countryInvalid }),
  currency: z.enum(['AUD', 'NZD'], { message: priceMessages.currencyInvalid }),
  client_id: positiveId(accountsMessages.clientNotFound).nullable().default(null),
  unit_price: priceAmount,
});
export type PriceBody = z.output<typeof priceBodySchema>;

export const priceParams = z.object({ price_id: z.coerce.number().int().positive().max(maxDatabaseInteger) });

/** PATCH /api/v2/accounts/job_types/{id}/: a job type's default price. */
export const jobTypePriceBodySchema = z.strictObject({ price: priceAmount });
export const jobTypeParams = z.object({
  job_type_id: z.coerce.number().int().positive().max(maxDatabaseInteger),
});
