import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { centsToMoneyText, parseMoneyCents } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { selectRows, type Tx } from '../../db/client';
import { collection_pricing_kits, invoice_cases, invoice_lines, invoices, kits } from '../../db/schema/index';
import type { ActionCase } from '../cases/kernel';
import { buildCaseLines, type NewInvoiceLine } from './case-lines';
import { recordInvoiceChange } from './invoice-records';
import { loadPriceBook, type PriceBook } from './price-book';

// A case is invoiced when it is dispatched (any way: edit, finishing, New Dispatch, Mark as Done): it
// and its lines go onto the collection's open invoice (not finalised, not manually invoiced), which is
// created when there is none. The collection's pricing kits go onto its first invoice, fixed (a split
// leaves them). A case already on an invoice is left as it is (a case dispatched again is not billed twice).
// The courier's freight comes on with the first case a courier carries.

const currencyOfCountry = (country: string): string => (country === 'NZ' ? 'NZD' : 'AUD');

type OpenInvoice = {
  id: number;
  invoice_number: number;
  currency: string;
  collection_uid: string;
  freight: string;
};

const openInvoiceColumns = {
  id: invoices.id,
  invoice_number: invoices.invoice_number,
  currency: invoices.currency,
  collection_uid: invoices.collection_uid,
  freight: invoices.freight,
};

/**
 * What carrying the order costs (issue 32): the rate of the courier of the dispatch that carries the case
 * (New Dispatch stores it, with its cases, before they move) from the branch it left; null when the case
 * was dispatched without a courier — even if an earlier case of the collection left with one — or the
 * courier has no rate there.
 */
const courierFreight = async (tx: Tx, caseUid: string): Promise<string | null> => {
  const [rate] = await selectRows<{ freight: string }>(
    tx,
    sql`SELECT r.freight::text AS freight FROM dispatch_cases dc
        JOIN dispatches d ON d.id = dc.dispatch_id
        JOIN couriers c ON c.name = d.courier
        JOIN courier_rates r ON r.courier_id = c.id AND r.branch_id = d.branch_id
        WHERE dc.case_uid = ${caseUid}
        ORDER BY d.dispatched_at DESC, d.id DESC LIMIT 1`,
  );
  return rate?.freight ?? null;
};

/** The collection's oldest open invoice (the main one of its group), locked. */
const findOpenInvoice = async (tx: Tx, collectionUid: string): Promise<OpenInvoice | undefined> => {
  const [open] = await tx
    .select(openInvoiceColumns)
    .from(invoices)
    .where(
      and(
        eq(invoices.collection_uid, collectionUid),
        eq(invoices.finalised, false),
        isNull(invoices.manually_invoiced_at),
      ),
    )
    .orderBy(asc(invoices.created_at), asc(invoices.id))
    .limit(1)
    .for('update');
  return open;
};

/** The pricing kits, billed once per collection: on its first invoice only. */
const kitLines = async (tx: Tx, collectionUid: string, prices: PriceBook): Promise<NewInvoiceLine[]> => {
  const [earlier] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.collection_uid, collectionUid))
    .limit(1);
  if (earlier) return [];
  const rows = await tx
    .select({ kit_id: kits.id, name: kits.name, dentate: collection_pricing_kits.dentate })
    .from(collection_pricing_kits)
    .innerJoin(kits, eq(kits.id, collection_pricing_kits.kit_id))
    .where(eq(collection_pricing_kits.collection_uid, collectionUid))
    .orderBy(asc(collection_pricing_kits.kit_collection_id));
  return rows.map((kit) => {
    const unit = prices.kit(kit.kit_id);
    const amount = unit === null ? null : centsToMoneyText(unit);
    return {
      case_uid: null,
      dentate: kit.dentate,
      description: kit.name,
      total_qty: '1.00',
      unit_price: amount,
      total_amount: amount,
      is_fixed: true,
      source: 'kit' as const,
    };
  });
};

/** Appends lines after the invoice's last one. */
export const insertInvoiceLines = async (
  tx: Tx,
  invoiceId: number,
  lines: readonly NewInvoiceLine[],
): Promise<void> => {
  if (lines.length === 0) return;
  const [last] = await tx
    .select({ sort: invoice_lines.sort })
    .from(invoice_lines)
    .where(eq(invoice_lines.invoice_id, invoiceId))
    .orderBy(desc(invoice_lines.sort))
    .limit(1);
  const first = (last?.sort ?? -1) + 1;
  await tx
    .insert(invoice_lines)
    .values(lines.map((l, i) => ({ ...l, invoice_id: invoiceId, sort: first + i })));
};

/** The price book of an invoice's market and bill-to client. */
export const priceBookFor = (
  tx: Tx,
  collection: ActionCase['collection'],
  currency: string,
): Promise<PriceBook> =>
  loadPriceBook(tx, {
    country: collection.country,
    currency,
    clientId: collection.billing_client_id ?? collection.shipping_client_id,
  });

/** Adds the case and its lines to the open invoice; answers that invoice's number, or null when the
 * case is on an invoice already. */
export const raiseCaseInvoice = async (
  tx: Tx,
  options: { actionCase: ActionCase; actor: StaffActor; now: Date },
): Promise<number | null> => {
  const { actionCase, actor, now } = options;
  const { row, collection } = actionCase;
  const [already] = await tx
    .select({ invoice_id: invoice_cases.invoice_id })
    .from(invoice_cases)
    .where(eq(invoice_cases.case_uid, row.uid))
    .limit(1);
  if (already) return null;

  const open = await findOpenInvoice(tx, collection.uid);
  const currency = open?.currency ?? currencyOfCountry(collection.country);
  const prices = await priceBookFor(tx, collection, currency);
  const kitsToAdd = open ? [] : await kitLines(tx, collection.uid, prices);
  const invoice =
    open ??
    (
      await tx
        .insert(invoices)
        .values({
          collection_uid: collection.uid,
          shipping_client_id: collection.shipping_client_id,
          billing_client_id: collection.billing_client_id,
          invoice_platform: collection.ordering_platform === 'nexus_ios' ? 'NEXUS' : 'OEP',
          currency,
          created_at: now,
        })
        .returning(openInvoiceColumns)
    )[0];
  if (!invoice) throw new Error('invoice insert returned no row');

  const lines = [...(await buildCaseLines(tx, [row.uid], prices)), ...kitsToAdd];
  await tx.insert(invoice_cases).values({ invoice_id: invoice.id, case_uid: row.uid });
  await insertInvoiceLines(tx, invoice.id, lines);
  // The courier's freight, on an invoice that carries none yet (an admin may have set it by hand).
  const freight = parseMoneyCents(invoice.freight) === 0 ? await courierFreight(tx, row.uid) : null;
  if (freight !== null) await tx.update(invoices).set({ freight }).where(eq(invoices.id, invoice.id));
  await recordInvoiceChange(tx, {
    invoice,
    action: open ? 'updated' : 'created',
    caseUid: row.uid,
    changes: {
      lines_added: { old: null, new: lines.map((l) => `${row.case_mkey} ${l.description}`) },
      ...(freight === null ? {} : { freight: { old: invoice.freight, new: freight } }),
    },
    actor,
    now,
  });
  return invoice.invoice_number;
};
