import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, invoice_lines, invoices } from '../../../db/schema/index';
import { selectRows } from '../../../db/client';
import { signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { invoicingKit } from '../invoicing-test-kit';
import { invoiceFiguresSql } from '../invoice-figures';
import { labToday } from './balances';

// An issued invoice keeps the figures it was issued with (issued_ex, issued_tax) and what it has been paid
// (amount_paid), so lists and balances over many invoices need not work them out again. They must equal
// what the lines and payments give, and stay as issued when what they were worked from changes later.

let test: TestApp;
let admin: SignedInUser;
const { start, caseAt, act, dispatch, onlyInvoice, twoCaseCollection } = invoicingKit();
beforeAll(async () => {
  ({ test } = await start());
  admin = await signInAs(test, { admin: true });
});
afterAll(() => test.close());

type Kept = { issued_ex: string | null; issued_tax: string | null; amount_paid: string };
type Live = { ex: string; tax: string; paid: string };

const kept = async (invoiceNumber: number): Promise<Kept> => {
  const [row] = await test.db
    .select({
      issued_ex: invoices.issued_ex,
      issued_tax: invoices.issued_tax,
      amount_paid: invoices.amount_paid,
    })
    .from(invoices)
    .where(eq(invoices.invoice_number, invoiceNumber));
  if (!row) throw new Error('no invoice');
  return row;
};

const live = async (invoiceNumber: number): Promise<Live> => {
  const [row] = await selectRows<Live>(
    test.db,
    sql`SELECT f.ex::text AS ex, f.tax::text AS tax,
               (SELECT coalesce(sum(amount), 0)::numeric(12,2)::text FROM invoice_payments p
                WHERE p.invoice_id = f.invoice_id) AS paid
        FROM (${invoiceFiguresSql(sql`i.invoice_number = ${invoiceNumber}`, { isLive: true })}) f`,
  );
  if (!row) throw new Error('no invoice');
  return row;
};

describe('the figures an issued invoice keeps', () => {
  it('are none while open, the lines’ own once finalised, and its payments’ sum as they come', async () => {
    const collection = await twoCaseCollection();
    const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
    await dispatch(a);
    await dispatch(b);
    const open = await onlyInvoice(a);
    // A price with half a cent of tax, so the kept tax shows the rounding rule.
    await test.db
      .update(invoice_lines)
      .set({ total_qty: '1.5', unit_price: '33.33' })
      .where(eq(invoice_lines.case_uid, a.uid));
    expect(await kept(open.invoice_number)).toEqual({
      issued_ex: null,
      issued_tax: null,
      amount_paid: '0.00',
    });

    const finalised = await act(
      a,
      { action: 'finalise_invoice', invoice_number: open.invoice_number },
      admin,
    );
    expect(finalised.statusCode, finalised.body).toBe(200);
    const figures = await live(open.invoice_number);
    expect(await kept(open.invoice_number)).toEqual({
      issued_ex: figures.ex,
      issued_tax: figures.tax,
      amount_paid: '0.00',
    });

    for (const amount of ['10.00', '5.55']) {
      const paid = await test.app.inject({
        method: 'POST',
        url: '/api/v2/accounts/payments/',
        headers: admin.headers,
        payload: {
          invoice_number: open.invoice_number,
          amount,
          paid_on: labToday(),
          reference: `EFT ${amount}`,
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    expect((await kept(open.invoice_number)).amount_paid).toBe('15.55');
    expect((await live(open.invoice_number)).paid).toBe('15.55');
  });

  it('keep an open invoice’s lines plus freight as each change lands', async () => {
    const collection = await twoCaseCollection();
    const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
    const keptEx = async (invoiceNumber: number) => {
      const [row] = await test.db
        .select({ amount_ex: invoices.amount_ex })
        .from(invoices)
        .where(eq(invoices.invoice_number, invoiceNumber));
      return row?.amount_ex;
    };
    await dispatch(a);
    const open = await onlyInvoice(a);
    expect(await keptEx(open.invoice_number)).toBe((await live(open.invoice_number)).ex);
    await dispatch(b);
    expect(await keptEx(open.invoice_number)).toBe((await live(open.invoice_number)).ex);
    const freight = await act(a, {
      action: 'invoice_freight',
      invoice_number: open.invoice_number,
      freight: '17.35',
    });
    expect(freight.statusCode, freight.body).toBe(200);
    expect(await keptEx(open.invoice_number)).toBe((await live(open.invoice_number)).ex);
    expect((await onlyInvoice(a)).total).toBe(await keptEx(open.invoice_number));
  });

  it('stay as issued when the client later moves country', async () => {
    const collection = await twoCaseCollection();
    const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
    await dispatch(a);
    await dispatch(b);
    const open = await onlyInvoice(a);
    const closed = await act(a, { action: 'finalise_invoice', invoice_number: open.invoice_number }, admin);
    expect(closed.statusCode, closed.body).toBe(200);
    const issued = await kept(open.invoice_number);
    expect(Number(issued.issued_tax)).toBeGreaterThan(0);
    await test.db.update(clients).set({ country: 'NZ' }).where(eq(clients.id, collection.shipping_client_id));
    // Worked out again it would carry no GST now (an export); the list shows the invoice as issued.
    expect((await live(open.invoice_number)).tax).toBe('0.00');
    const list = await test.app.inject({
      method: 'GET',
      url: `/api/v2/accounts/invoices/?invoice_number=${open.invoice_number}`,
      headers: admin.headers,
    });
    expect(list.json<{ invoices: { tax: string }[] }>().invoices[0]?.tax).toBe(issued.issued_tax);
    // And so does the Billing view (and the PDF, which reads it), with the rate it was issued at.
    const billed = await onlyInvoice(a);
    expect(billed).toMatchObject({ tax: issued.issued_tax, tax_name: 'GST', tax_percent: 10 });
  });
});
