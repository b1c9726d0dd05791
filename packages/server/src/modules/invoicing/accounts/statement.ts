import { sql } from 'drizzle-orm';
import {
  AppError,
  accountsMessages,
  parseMoneyCents,
  statementOf,
  type LedgerEntry,
  type Statement,
  type StatementQuery,
} from '@lab/domain';
import { selectRows, type Queryable } from '../../../db/client';
import { invoiceFiguresSql } from '../invoice-figures';

// A client's statement (GET /api/v2/accounts/statement/): its ledger — every finalised invoice billed to
// it (the amount due, on its invoice date) and every payment against them (on the day received) — up to
// the period's end, made into opening balance, the period's lines and closing balance by the domain rule
// (accounts/statement.ts). The same figures as the balances.

export type StatementDocument = {
  client: {
    client_id: number;
    name: string;
    country: string;
    address_line_1: string | null;
    address_line_2: string | null;
    suburb: string | null;
    state: string | null;
    postcode: string | null;
  };
  currency: string;
  statement: Statement;
};

type ClientRow = StatementDocument['client'] & { id: number };
type EntryRow = {
  kind: 'invoice' | 'payment';
  date: string;
  amount: string;
  reference: string;
  currency: string;
};

export const loadStatement = async (q: Queryable, query: StatementQuery): Promise<StatementDocument> => {
  const [client] = await selectRows<ClientRow>(
    q,
    sql`SELECT id, client_id, name, country, address_line_1, address_line_2, suburb, state, postcode
        FROM clients WHERE client_id = ${query.client_id}`,
  );
  if (!client) throw new AppError('not_found', { message: accountsMessages.clientNotFound });
  const rows = await selectRows<EntryRow>(
    q,
    sql`WITH issued AS (
          SELECT f.invoice_id, f.inc, f.currency FROM (${invoiceFiguresSql(
            sql`i.finalised AND bill.id = ${client.id} AND i.invoice_date <= ${query.to}::date`,
          )}) f
        )
        SELECT 'invoice' AS kind, i.invoice_date::text AS date, issued.inc::numeric(12,2)::text AS amount,
               'Invoice ' || i.invoice_number || coalesce(' · PO ' || i.purchase_order_number, '') AS reference,
               issued.currency, i.invoice_number AS seq
        FROM issued JOIN invoices i ON i.id = issued.invoice_id
        UNION ALL
        SELECT 'payment', p.paid_on::text, p.amount::text,
               'Payment ' || p.reference || ' · invoice ' || i.invoice_number, issued.currency, p.id
        FROM invoice_payments p JOIN issued ON issued.invoice_id = p.invoice_id
        JOIN invoices i ON i.id = p.invoice_id
        WHERE p.paid_on <= ${query.to}::date
        ORDER BY date, kind, seq`,
  );
  const entries: LedgerEntry[] = rows.map((row) => ({
    kind: row.kind,
    date: row.date,
    cents: parseMoneyCents(row.amount) ?? 0,
    reference: row.reference,
  }));
  const { id: _id, ...details } = client;
  return {
    client: { ...details, client_id: Number(details.client_id) },
    currency: rows[0]?.currency ?? (client.country === 'NZ' ? 'NZD' : 'AUD'),
    statement: statementOf(entries, query.from, query.to),
  };
};
