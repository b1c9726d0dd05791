import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsInvoiceSchema,
  accountsInvoicesSchema,
  accountsMessages,
  batchFinaliseSchema,
  formatMoney,
  parseMoneyCents,
  statementOf,
  type AccountsInvoice,
  type LedgerEntry,
} from '@lab/domain';
import { invoice_payments, invoices } from '../../../db/schema/index';
import { errorMessage, signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { createClient, type ClientRow } from '../../../testing/factories';
import { pdfPages } from '../documents/documents-fixture';
import { dateShown } from '../documents/document-text';
import { invoicingKit } from '../invoicing-test-kit';
import { labToday } from './balances';

// GET /api/v2/accounts/statement/ (issue 32): a client's statement for a period as a PDF, read back as
// text (testing/pdf-reading.ts) — the balance brought forward, the period's invoices and payments with the
// running balance, the closing balance — against the domain's statementOf on the same ledger. Refusals
// with their status and message.

let test: TestApp;
let staff: SignedInUser;
let admin: SignedInUser;
let restricted: SignedInUser;
const { start, caseAt, dispatch, onlyInvoice, twoCaseCollection } = invoicingKit();
beforeAll(async () => {
  ({ test, staff } = await start());
  admin = await signInAs(test, { admin: true });
  restricted = await signInAs(test, { department: 'ADMIN', restricted: true });
});
afterAll(() => test.close());

const dayMs = 86_400_000;
/** The calendar date `days` after `date` ('YYYY-MM-DD'; negative: before). */
const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const cents = (text: string): number => {
  const value = parseMoneyCents(text);
  if (value === null) throw new Error(`not money: ${text}`);
  return value;
};
const aud = (amount: number) => formatMoney(amount, 'AUD');
/** A regular expression matching `text` literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Cells of one printed row, in order, columns apart. */
const rowPattern = (...cells: string[]) => new RegExp(cells.map(literal).join('\\s+'));

const statementUrl = (query: Record<string, string | number>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `/api/v2/accounts/statement/?${params.toString()}`;
};

const getStatement = (
  query: Record<string, string | number>,
  headers: Record<string, string> = staff.headers,
) => test.app.inject({ method: 'GET', url: statementUrl(query), headers });

/** The invoice's row on the Accounts page (its figures: inc is the amount due). */
const rowOf = async (invoiceNumber: number): Promise<AccountsInvoice> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/accounts/invoices/?invoice_number=${invoiceNumber}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = accountsInvoicesSchema.parse(response.json()).invoices;
  if (!row) throw new Error(`no row for invoice ${invoiceNumber}`);
  return row;
};

/**
 * A collection of `client` with both its cases dispatched and its invoice finalised, dated `invoiceDate`;
 * `freight` set first (so two invoices differ, and the GST is not whole dollars).
 */
const issuedInvoice = async (
  client: ClientRow,
  invoiceDate: string,
  options: { purchaseOrder?: string; freight?: string } = {},
) => {
  const collection = await twoCaseCollection({ client });
  await dispatch(caseAt(collection, 0));
  await dispatch(caseAt(collection, 1));
  const { invoice_number: invoiceNumber } = await onlyInvoice(caseAt(collection, 0));
  await test.db
    .update(invoices)
    .set({ freight: options.freight ?? '0', purchase_order_number: options.purchaseOrder ?? null })
    .where(eq(invoices.invoice_number, invoiceNumber));
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/v2/accounts/invoices/finalise/',
    headers: admin.headers,
    payload: { invoice_numbers: [invoiceNumber] },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(batchFinaliseSchema.parse(response.json()).refused).toEqual([]);
  await test.db
    .update(invoices)
    .set({ invoice_date: invoiceDate })
    .where(eq(invoices.invoice_number, invoiceNumber));
  return { invoiceNumber, inc: cents((await rowOf(invoiceNumber)).inc) };
};

const pay = async (invoiceNumber: number, amount: string, paidOn: string, reference: string) => {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/v2/accounts/payments/',
    headers: admin.headers,
    payload: { invoice_number: invoiceNumber, amount, paid_on: paidOn, reference },
  });
  expect(response.statusCode, response.body).toBe(200);
  return accountsInvoiceSchema.parse(response.json());
};

const invoiceIdOf = async (invoiceNumber: number): Promise<number> => {
  const [row] = await test.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.invoice_number, invoiceNumber));
  if (!row) throw new Error(`no invoice ${invoiceNumber}`);
  return row.id;
};

const textOf = async (response: { rawPayload: Buffer }) => (await pdfPages(response.rawPayload)).join('\n');

describe('GET /api/v2/accounts/statement/', () => {
  it('brings the earlier invoice forward, lists the period with the running balance and closes', async () => {
    const client = await createClient(test.db, { name: 'Statement Dental Studio' });
    const today = labToday();
    const [from, to] = [addDays(today, -30), addDays(today, -1)];
    const earlierDate = addDays(today, -45);
    const withinDate = addDays(today, -20);
    const paidOn = addDays(today, -10);

    const earlier = await issuedInvoice(client, earlierDate, { freight: '7.05' });
    const within = await issuedInvoice(client, withinDate, { purchaseOrder: 'PO-STMT-9', freight: '12.34' });
    // The amounts due include GST: 10 % of an ex-tax total with cents, rounded to the cent.
    const earlierRow = await rowOf(earlier.invoiceNumber);
    expect(cents(earlierRow.tax)).toBe(Math.round(cents(earlierRow.ex) / 10));
    expect(earlier.inc).toBe(cents(earlierRow.ex) + cents(earlierRow.tax));
    expect(earlier.inc % 100).not.toBe(0);
    expect(within.inc).not.toBe(earlier.inc);
    // Part of the earlier invoice paid in the period; a payment after the period and an invoice not yet
    // issued are not on it, nor is another client's invoice.
    await pay(earlier.invoiceNumber, '25.40', paidOn, 'EFT 7781');
    await pay(within.invoiceNumber, '1.00', today, 'EFT LATE');
    const open = await twoCaseCollection({ client });
    await dispatch(caseAt(open, 0));
    const openNumber = (await onlyInvoice(caseAt(open, 0))).invoice_number;
    const other = await issuedInvoice(await createClient(test.db), withinDate);

    const response = await getStatement({ client_id: client.client_id, from, to });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="statement-${client.client_id}-${from}-${to}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The same ledger through the domain rule: the figures the PDF must show.
    const ledger: LedgerEntry[] = [
      {
        kind: 'invoice',
        date: earlierDate,
        cents: earlier.inc,
        reference: `Invoice ${earlier.invoiceNumber}`,
      },
      {
        kind: 'invoice',
        date: withinDate,
        cents: within.inc,
        reference: `Invoice ${within.invoiceNumber} · PO PO-STMT-9`,
      },
      {
        kind: 'payment',
        date: paidOn,
        cents: 2540,
        reference: `Payment EFT 7781 · invoice ${earlier.invoiceNumber}`,
      },
    ];
    const expected = statementOf(ledger, from, to);
    expect(expected.openingCents).toBe(earlier.inc);
    expect(expected.closingCents).toBe(earlier.inc + within.inc - 2540);
    expect(expected.lines.map((line) => line.balanceCents)).toEqual([
      earlier.inc + within.inc,
      earlier.inc + within.inc - 2540,
    ]);

    const pages = await pdfPages(response.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages.join('\n');
    for (const shown of [
      'STATEMENT',
      'Statement Dental Studio',
      `Client ${client.client_id}`,
      `Period ${dateShown(from)} to ${dateShown(to)}`,
    ])
      expect(text).toContain(shown);
    expect(text).toMatch(rowPattern('DATE', 'DETAILS', 'CHARGES', 'PAYMENTS', 'BALANCE'));
    expect(text).toMatch(rowPattern(dateShown(from), 'Balance brought forward', aud(earlier.inc)));
    expect(text).toMatch(
      rowPattern(
        dateShown(withinDate),
        `Invoice ${within.invoiceNumber} · PO PO-STMT-9`,
        aud(within.inc),
        aud(earlier.inc + within.inc),
      ),
    );
    expect(text).toMatch(
      rowPattern(
        dateShown(paidOn),
        `Payment EFT 7781 · invoice ${earlier.invoiceNumber}`,
        aud(2540),
        aud(earlier.inc + within.inc - 2540),
      ),
    );
    expect(text).toMatch(
      rowPattern(
        dateShown(to),
        'Closing balance',
        aud(expected.invoicedCents),
        aud(expected.paidCents),
        aud(expected.closingCents),
      ),
    );
    // The period in date order: brought forward, the invoice, the payment, the close.
    const order = [
      'Balance brought forward',
      `Invoice ${within.invoiceNumber}`,
      'Payment EFT 7781',
      'Closing balance',
    ];
    const positions = order.map((part) => text.indexOf(part));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual(positions.toSorted((a, b) => a - b));
    // The earlier invoice only brought forward; nothing after the period, open or of another client.
    expect(text).not.toContain(`Invoice ${earlier.invoiceNumber}`);
    expect(text).not.toContain('EFT LATE');
    expect(text).not.toContain(`Invoice ${openNumber}`);
    expect(text).not.toContain(`Invoice ${other.invoiceNumber}`);

    // From the earlier invoice's day: nothing brought forward, it on the statement; the same close.
    const wider = await getStatement({ client_id: client.client_id, from: earlierDate, to });
    expect(wider.statusCode).toBe(200);
    const widerText = await textOf(wider);
    expect(widerText).toMatch(rowPattern(dateShown(earlierDate), 'Balance brought forward', aud(0)));
    expect(widerText).toMatch(
      rowPattern(
        dateShown(earlierDate),
        `Invoice ${earlier.invoiceNumber}`,
        aud(earlier.inc),
        aud(earlier.inc),
      ),
    );
    const widerExpected = statementOf(ledger, earlierDate, to);
    expect(widerExpected.closingCents).toBe(expected.closingCents);
    expect(widerText).toMatch(
      rowPattern(
        dateShown(to),
        'Closing balance',
        aud(earlier.inc + within.inc),
        aud(2540),
        aud(expected.closingCents),
      ),
    );
  });

  it('flows a long statement over pages, the table header on each, every line and the close at the end', async () => {
    const client = await createClient(test.db);
    const today = labToday();
    const from = addDays(today, -90);
    const issued = await issuedInvoice(client, addDays(today, -80));
    // Many small payments: more lines than a page holds. The first with the longest reference allowed.
    const longReference = `Remittance ${'ABCDEFGHIJ'.repeat(8)} END`;
    expect(longReference.length).toBeLessThanOrEqual(100);
    await pay(issued.invoiceNumber, '1.00', addDays(today, -70), longReference);
    for (let i = 1; i < 60; i += 1)
      await test.db.insert(invoice_payments).values({
        invoice_id: await invoiceIdOf(issued.invoiceNumber),
        amount: '1.00',
        paid_on: addDays(today, -70 + Math.floor(i / 2)),
        reference: `EFT ${String(i).padStart(3, '0')}`,
      });
    const response = await getStatement({ client_id: client.client_id, from, to: today });
    expect(response.statusCode).toBe(200);
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toMatch(rowPattern('DATE', 'DETAILS', 'CHARGES', 'PAYMENTS', 'BALANCE'));
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(page).toContain(`Statement for client ${client.client_id} (continued)`);
    });
    const text = pages.join('\n');
    const lines = text.split('\n');
    // Each payment a row of its own, whole on its line (nothing printed over it), the balance falling a
    // dollar a row.
    for (let i = 1; i < 60; i += 1) {
      const paidOn = addDays(today, -70 + Math.floor(i / 2));
      const pattern = new RegExp(
        `^${rowPattern(dateShown(paidOn), `Payment EFT ${String(i).padStart(3, '0')} · invoice ${issued.invoiceNumber}`, aud(100), aud(issued.inc - 100 * (i + 1))).source}$`,
      );
      expect(
        lines.some((line) => pattern.test(line)),
        `EFT ${i}`,
      ).toBe(true);
    }
    // The long reference wraps within its column, whole, before the next row.
    const first = lines.findIndex((line) => line.includes('Payment Remittance'));
    expect(first).toBeGreaterThan(0);
    expect(lines[first]).toMatch(rowPattern(dateShown(addDays(today, -70)), 'Payment Remittance'));
    expect(lines[first]).toMatch(rowPattern(aud(100), aud(issued.inc - 100)));
    const next = lines.findIndex((line, i) => i > first && /^\d{1,2} [A-Z][a-z]{2} \d{4}\s/.test(line));
    const wrapped = [
      (lines[first] ?? '').split(/\s{2,}/)[1] ?? '',
      ...lines.slice(first + 1, next).map((line) => line.trim()),
    ].join('');
    expect(wrapped.replace(/\s/g, '')).toBe(
      `Payment ${longReference} · invoice ${issued.invoiceNumber}`.replace(/\s/g, ''),
    );
    expect(lines[next]).toMatch(/^\S.*Payment EFT 001 · invoice/);
    // The close on the last page, after every line.
    expect(pages.at(-1)).toMatch(
      rowPattern(dateShown(today), 'Closing balance', aud(issued.inc), aud(6000), aud(issued.inc - 6000)),
    );
    expect(pages.at(-1)).toContain('Please quote your client number with any payment.');
  });

  it('opens with the session cookie alone (a link on the page), and a client without invoices owes nothing', async () => {
    const client = await createClient(test.db, { name: 'Quiet Dental' });
    const today = labToday();
    const query = { client_id: client.client_id, from: today, to: today };
    const response = await test.app.inject({
      method: 'GET',
      url: statementUrl(query),
      headers: { cookie: staff.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await textOf(response);
    expect(text).toContain('Quiet Dental');
    expect(text).toMatch(rowPattern(dateShown(today), 'Balance brought forward', aud(0)));
    expect(text).toMatch(rowPattern(dateShown(today), 'Closing balance', aud(0), aud(0), aud(0)));

    const anonymous = await test.app.inject({ method: 'GET', url: statementUrl(query) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 for a period that ends before it starts and for a bad date', async () => {
    const client = await createClient(test.db);
    const cases: [Record<string, string | number>, string][] = [
      [
        { client_id: client.client_id, from: '2026-05-02', to: '2026-05-01' },
        accountsMessages.periodBackwards,
      ],
      [{ client_id: client.client_id, from: '2 May 2026', to: '2026-05-31' }, 'Enter a date as YYYY-MM-DD'],
      [{ client_id: client.client_id, from: '2026-05-01', to: '2026-02-30' }, 'Enter a date as YYYY-MM-DD'],
      [{ client_id: client.client_id, from: '2026-05-01' }, 'Enter a date as YYYY-MM-DD'],
      [{ client_id: 'abc', from: '2026-05-01', to: '2026-05-31' }, accountsMessages.clientNotFound],
    ];
    expect(accountsMessages.periodBackwards).toBe('The period must end on or after its start');
    for (const [query, message] of cases) {
      const response = await getStatement(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorMessage(response), JSON.stringify(query)).toBe(message);
    }
  });

  it("answers 404 'Client not found' for an unknown client", async () => {
    const unknown = 999_999_999;
    const response = await getStatement({ client_id: unknown, from: '2026-05-01', to: '2026-05-31' });
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe(accountsMessages.clientNotFound);
    expect(accountsMessages.clientNotFound).toBe('Client not found');
  });

  it('is refused to a restricted employee, with a token or the cookie', async () => {
    const client = await createClient(test.db);
    const query = { client_id: client.client_id, from: '2026-05-01', to: '2026-05-31' };
    for (const headers of [restricted.headers, { cookie: restricted.cookie }]) {
      const response = await getStatement(query, headers);
      expect(response.statusCode).toBe(403);
      expect(errorMessage(response)).toBe('Accounts is not available to your account');
    }
  });
});
