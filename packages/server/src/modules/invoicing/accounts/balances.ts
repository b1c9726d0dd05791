import { sql, type SQL } from 'drizzle-orm';
import {
  ageBalance,
  centsToMoneyText,
  creditLeftCents,
  parseMoneyCents,
  type Balances,
  type ClientBalance,
} from '@lab/domain';
import { selectRows, type Queryable } from '../../../db/client';
import { invoiceFiguresSql } from '../invoice-figures';

// GET /api/v2/accounts/balances/: what each client owes on the day asked (today in Melbourne by default):
// issued invoices still unpaid, aged by their invoice date (domain accounts/aging.ts), against its credit
// limit; and what is raised but not issued yet. Clients over their limit first, then the largest balances.

type Row = {
  client_id: number;
  name: string;
  credit_limit: string | null;
  currency: string;
  finalised: boolean;
  invoice_date: string | null;
  ex: string;
  outstanding: string;
};

type Account = {
  client_id: number;
  name: string;
  currency: string;
  creditLimitCents: number | null;
  openCents: number;
  owed: { invoiceDate: string; outstandingCents: number }[];
};

const cents = (text: string | null): number => (text === null ? 0 : (parseMoneyCents(text) ?? 0));

/** Today's date where the lab is. */
export const labToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(now);

const present = (account: Account, asOf: string): ClientBalance => {
  const aging = ageBalance(account.owed, asOf);
  const left = creditLeftCents(account.creditLimitCents, aging.totalCents);
  return {
    client_id: account.client_id,
    name: account.name,
    currency: account.currency,
    open: centsToMoneyText(account.openCents),
    balance: centsToMoneyText(aging.totalCents),
    aging: {
      current: centsToMoneyText(aging.current),
      days30: centsToMoneyText(aging.days30),
      days60: centsToMoneyText(aging.days60),
      days90: centsToMoneyText(aging.days90),
    },
    credit_limit: account.creditLimitCents === null ? null : centsToMoneyText(account.creditLimitCents),
    credit_left: left === null ? null : centsToMoneyText(left),
    over_limit: left !== null && left < 0,
  };
};

const overFirst = (a: ClientBalance, b: ClientBalance): number =>
  Number(b.over_limit) - Number(a.over_limit) ||
  cents(b.balance) - cents(a.balance) ||
  a.name.localeCompare(b.name);

/** Every invoice owed or open on `asOf`, worked out from the lines and payments (any day). */
const owedOn = (q: Queryable, asOf: string, scope: SQL = sql`TRUE`, isToday = false) =>
  selectRows<Row>(
    q,
    sql`SELECT bill.client_id, bill.name, bill.credit_limit::text AS credit_limit, f.currency,
               i.finalised, i.invoice_date::text AS invoice_date, f.ex::text AS ex,
               (f.inc - f.paid)::numeric(12,2)::text AS outstanding
        FROM (${invoiceFiguresSql(
          sql`((i.finalised AND i.invoice_date <= ${asOf}::date) OR (NOT i.finalised AND i.manually_invoiced_at IS NULL))
              AND ${scope}`,
          // Today, what each invoice has been paid is kept on it; on an earlier day, count the payments.
          isToday ? {} : { paidBy: asOf },
        )}) f
        JOIN invoices i ON i.id = f.invoice_id
        JOIN clients bill ON bill.id = f.bill_to_id
        WHERE NOT i.finalised OR f.inc <> f.paid`,
  );

/**
 * Today's: the issued invoices not paid in full straight from their kept figures (a partial index holds
 * just those), then the open ones (and any issued one whose figures were never kept) worked out.
 */
const owedToday = async (q: Queryable, asOf: string): Promise<Row[]> => [
  ...(await selectRows<Row>(
    q,
    sql`SELECT bill.client_id, bill.name, bill.credit_limit::text AS credit_limit, i.currency, i.finalised,
               i.invoice_date::text AS invoice_date, i.issued_ex::text AS ex,
               (i.issued_ex + i.issued_tax - i.amount_paid)::numeric(12,2)::text AS outstanding
        FROM invoices i JOIN clients bill ON bill.id = coalesce(i.billing_client_id, i.shipping_client_id)
        WHERE i.finalised AND i.issued_ex + i.issued_tax > i.amount_paid AND i.invoice_date <= ${asOf}::date`,
  )),
  ...(await owedOn(q, asOf, sql`(NOT i.finalised OR i.issued_ex IS NULL)`, true)),
];

export const loadBalances = async (q: Queryable, asOf = labToday()): Promise<Balances> => {
  // No payment is received after today, so today's (or a later day's) balance reads the kept figures.
  const rows = asOf >= labToday() ? await owedToday(q, asOf) : await owedOn(q, asOf);
  const accounts = new Map<string, Account>();
  for (const row of rows) {
    const key = `${row.client_id}|${row.currency}`;
    const account = accounts.get(key) ?? {
      client_id: Number(row.client_id),
      name: row.name,
      currency: row.currency,
      creditLimitCents: row.credit_limit === null ? null : cents(row.credit_limit),
      openCents: 0,
      owed: [],
    };
    accounts.set(key, account);
    if (!row.finalised) account.openCents += cents(row.ex);
    else if (row.invoice_date)
      account.owed.push({ invoiceDate: row.invoice_date, outstandingCents: cents(row.outstanding) });
  }
  return { as_of: asOf, clients: [...accounts.values()].map((a) => present(a, asOf)).toSorted(overFirst) };
};
