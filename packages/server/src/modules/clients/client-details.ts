import { sql } from 'drizzle-orm';
import type { ClientDetails } from '@lab/domain';
import { selectRows, type Queryable } from '../../db/client';
import { clientBalanceSql, invoiceFiguresSql } from '../invoicing/invoice-figures';
import { requireClientRecord } from './client-record';

// GET /api/v2/client/{id}/: the client's own columns, the account that pays for its orders, what is
// billed but not yet invoiced, and how many collections it has.

type BillingRow = { client_id: number; uid: string; name: string; country: string };
type CountRow = { collection_count: number; active_collection_count: number };
type OpenInvoiceRow = { currency: string; invoice_count: number; total: string };

// The clients table has no billing client of its own: a collection names who pays. The client page
// shows the payer of the newest collection billed to someone else (a group account), the one accounts
// would ask about.
const findBillingClient = async (q: Queryable, clientId: number) => {
  const [row] = await selectRows<BillingRow>(
    q,
    sql`SELECT b.client_id, b.uid, b.name, b.country
        FROM collections col JOIN clients b ON b.id = col.billing_client_id
        WHERE col.shipping_client_id = ${clientId} AND col.billing_client_id <> ${clientId}
        ORDER BY col.added DESC, col.collection_id DESC LIMIT 1`,
  );
  return row ? { id: Number(row.client_id), uid: row.uid, name: row.name, country: row.country } : null;
};

const countCollections = async (q: Queryable, clientId: number): Promise<CountRow> => {
  const [row] = await selectRows<CountRow>(
    q,
    sql`SELECT count(*)::int AS collection_count,
               count(*) FILTER (WHERE EXISTS (
                 SELECT 1 FROM cases c WHERE c.collection_uid = col.uid AND c.active))::int
                 AS active_collection_count
        FROM collections col WHERE col.shipping_client_id = ${clientId}`,
  );
  return {
    collection_count: Number(row?.collection_count ?? 0),
    active_collection_count: Number(row?.active_collection_count ?? 0),
  };
};

// An invoice's total is its priced lines plus freight (collection-views §5 'Invoice total'), worked out
// by the invoicing module's figures, as the Accounts page does. It is billed to its billing client, else
// its shipping client.
const findOpenInvoices = (q: Queryable, clientId: number) =>
  selectRows<OpenInvoiceRow>(
    q,
    sql`SELECT f.currency, count(*)::int AS invoice_count, sum(f.ex)::numeric(12,2)::text AS total
        FROM (${invoiceFiguresSql(
          sql`coalesce(i.billing_client_id, i.shipping_client_id) = ${clientId}
              AND NOT i.finalised AND i.manually_invoiced_at IS NULL`,
        )}) f
        GROUP BY f.currency ORDER BY f.currency`,
  );

const findBalance = async (q: Queryable, clientId: number): Promise<string> => {
  const [row] = await selectRows<{ balance: string }>(
    q,
    sql`SELECT ${clientBalanceSql(sql`${clientId}`)} AS balance`,
  );
  return row?.balance ?? '0.00';
};

export const findClientDetails = async (q: Queryable, rawId: string): Promise<ClientDetails> => {
  const client = await requireClientRecord(q, rawId);
  const billingClient = await findBillingClient(q, client.id);
  const counts = await countCollections(q, client.id);
  const openInvoices = await findOpenInvoices(q, client.id);
  return {
    id: client.client_id,
    uid: client.uid,
    name: client.name,
    country: client.country,
    account_number: client.account_number,
    email: client.email,
    mobile: client.mobile,
    invoice_email: client.invoice_email,
    address_line_1: client.address_line_1,
    address_line_2: client.address_line_2,
    suburb: client.suburb,
    state: client.state,
    postcode: client.postcode,
    is_active: client.is_active,
    is_cash_customer: client.is_cash_customer,
    billing_client: billingClient,
    credit_limit: client.credit_limit,
    current_balance: await findBalance(q, client.id),
    open_invoices: openInvoices.map((row) => ({
      currency: row.currency,
      invoice_count: Number(row.invoice_count),
      total: row.total,
    })),
    ...counts,
  };
};
