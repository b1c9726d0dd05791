import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsInvoiceSchema,
  accountsInvoicesSchema,
  accountsMessages,
  balancesSchema,
  batchFinaliseSchema,
  centsToMoneyText,
  clientDetailsSchema,
  formatMoney,
  invoiceAmounts,
  invoiceMessages,
  parseMoneyCents,
  taxRateFor,
  type AccountsInvoice,
  type AccountsInvoices,
  type ClientBalance,
  type Invoice,
} from '@lab/domain';
import { clients, invoice_lines, invoice_payments, invoices } from '../../../db/schema/index';
import { errorMessage, signInAs, type SignedInUser, type TestApp } from '../../../testing';
import { createClient, type ClientRow } from '../../../testing/factories';
import { invoicingKit } from '../invoicing-test-kit';
import { labToday } from './balances';

// The Accounts page's calls (issue 32) through the real app: the invoice list with its figures and
// filters, the batch finalise, payments and the aged balances. Every refusal with its message, and a
// refused write changes nothing.

let test: TestApp;
let staff: SignedInUser;
let admin: SignedInUser;
let designer: SignedInUser;
let restricted: SignedInUser;
const { start, caseAt, act, dispatch, onlyInvoice, invoiceAudit, twoCaseCollection } = invoicingKit();
beforeAll(async () => {
  ({ test, staff } = await start());
  admin = await signInAs(test, { admin: true });
  designer = await signInAs(test, { department: 'DESIGN' });
  restricted = await signInAs(test, { department: 'ADMIN', restricted: true });
});
afterAll(() => test.close());

const adminOnly = 'Only an administrator may do this';
const accountsRestricted = 'Accounts is not available to your account';

const dayMs = 86_400_000;
/** The calendar date `days` after `date` ('YYYY-MM-DD'; negative: before). */
const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const cents = (text: string): number => {
  const value = parseMoneyCents(text);
  if (value === null) throw new Error(`not money: ${text}`);
  return value;
};

const get = (url: string, user: SignedInUser = admin) =>
  test.app.inject({ method: 'GET', url, headers: user.headers });
const post = (url: string, payload: object, user: SignedInUser = admin) =>
  test.app.inject({ method: 'POST', url, headers: user.headers, payload });

type ListQuery = Record<string, string | number>;
const invoicesUrl = (query: ListQuery = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `/api/v2/accounts/invoices/?${params.toString()}`;
};

const listInvoices = async (query: ListQuery = {}, user: SignedInUser = admin): Promise<AccountsInvoices> => {
  const response = await get(invoicesUrl(query), user);
  expect(response.statusCode, response.body).toBe(200);
  return accountsInvoicesSchema.parse(response.json());
};

/** Every page of a filtered list. */
const allRows = async (query: ListQuery = {}): Promise<AccountsInvoice[]> => {
  const rows: AccountsInvoice[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listInvoices({ ...query, page });
    rows.push(...answer.invoices);
    if (answer.invoices.length < answer.page_size) return rows;
  }
};

const numbersOf = (answer: { invoices: AccountsInvoice[] }) => answer.invoices.map((i) => i.invoice_number);

/** The invoice's row on the Accounts page. */
const rowOf = async (invoiceNumber: number): Promise<AccountsInvoice> => {
  const [row, ...others] = (await listInvoices({ invoice_number: invoiceNumber })).invoices;
  expect(others).toEqual([]);
  if (!row) throw new Error(`no row for invoice ${invoiceNumber}`);
  return row;
};

const finalise = (invoiceNumbers: unknown, user: SignedInUser = admin) =>
  post('/api/v2/accounts/invoices/finalise/', { invoice_numbers: invoiceNumbers }, user);

const pay = (body: object, user: SignedInUser = admin) => post('/api/v2/accounts/payments/', body, user);

const loadBalances = async (asOf?: string) => {
  const response = await get(`/api/v2/accounts/balances/${asOf ? `?as_of=${asOf}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return balancesSchema.parse(response.json());
};

const balanceOf = async (client: ClientRow, asOf?: string): Promise<ClientBalance | undefined> =>
  (await loadBalances(asOf)).clients.find((c) => c.client_id === client.client_id);

const invoiceIdOf = async (invoiceNumber: number): Promise<number> => {
  const [row] = await test.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.invoice_number, invoiceNumber));
  if (!row) throw new Error(`no invoice ${invoiceNumber}`);
  return row.id;
};

const paymentsOf = async (invoiceNumber: number) =>
  test.db
    .select({ amount: invoice_payments.amount, paid_on: invoice_payments.paid_on })
    .from(invoice_payments)
    .where(eq(invoice_payments.invoice_id, await invoiceIdOf(invoiceNumber)))
    .orderBy(invoice_payments.id);

const allPaymentCount = async () => (await test.db.select().from(invoice_payments)).length;

/** A collection of `client` (a new AU one by default) with both its cases dispatched: a ready invoice. */
const readyInvoice = async (options: Parameters<typeof twoCaseCollection>[0] = {}) => {
  const collection = await twoCaseCollection(options);
  const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
  await dispatch(a);
  await dispatch(b);
  const invoice = await onlyInvoice(a);
  return { collection, case: a, invoice };
};

/** Only the first case dispatched: the invoice awaits the second. */
const awaitingInvoice = async (options: Parameters<typeof twoCaseCollection>[0] = {}) => {
  const collection = await twoCaseCollection(options);
  const a = caseAt(collection, 0);
  await dispatch(a);
  return { collection, case: a, invoice: await onlyInvoice(a) };
};

const finalisedInvoice = async (options: Parameters<typeof twoCaseCollection>[0] = {}) => {
  const ready = await readyInvoice(options);
  const response = await finalise([ready.invoice.invoice_number]);
  expect(response.statusCode, response.body).toBe(200);
  expect(batchFinaliseSchema.parse(response.json()).refused).toEqual([]);
  return ready;
};

/** The domain's figures of the invoice the Billing view shows, at a branch and client country. */
const domainFigures = (invoice: Invoice, branchCountry: string, clientCountry: string) => {
  const lines = invoice.lines.map((line) => ({
    total_qty: line.total_qty === null ? null : Number(line.total_qty),
    unit_price_cents: line.unit_price === null ? null : cents(line.unit_price),
  }));
  const amounts = invoiceAmounts(
    { lines, freight_cents: cents(invoice.freight) },
    taxRateFor(branchCountry, clientCountry),
  );
  return {
    ex: centsToMoneyText(amounts.exCents),
    tax: centsToMoneyText(amounts.taxCents),
    inc: centsToMoneyText(amounts.incCents),
  };
};

describe('GET /api/v2/accounts/invoices/', () => {
  it('gives an invoice its Billing-view total ex-tax, 10 % GST at an AU branch for an AU client, inc = ex + tax', async () => {
    // The factories' defaults: an AU client, its collection at the Melbourne branch.
    const client = await createClient(test.db);
    expect(client.country).toBe('AU');
    const { collection, case: a, invoice } = await readyInvoice({ client });
    expect(invoice.lines).toHaveLength(2);
    // Lines of half a cent each (1.5 × 33.33 = 49.995, 1.5 × 10.01 = 15.015), each rounded half away
    // from zero before they are added, and freight that makes the tax an exact half cent (10 % of 77.25):
    // the SQL rounds as the domain does, never half to even.
    const invoiceId = await invoiceIdOf(invoice.invoice_number);
    const lineIds = await test.db
      .select({ id: invoice_lines.id })
      .from(invoice_lines)
      .where(eq(invoice_lines.invoice_id, invoiceId))
      .orderBy(invoice_lines.id);
    for (const [line, price] of lineIds.map((l, i) => [l.id, ['33.33', '10.01'][i]] as const))
      await test.db
        .update(invoice_lines)
        .set({ total_qty: '1.50', unit_price: price })
        .where(eq(invoice_lines.id, line));
    await test.db.update(invoices).set({ freight: '12.23' }).where(eq(invoices.id, invoiceId));
    const billing = await onlyInvoice(a);
    expect(billing).toMatchObject({ freight: '12.23', total: '77.25' });

    const row = await rowOf(invoice.invoice_number);
    const expected = domainFigures(billing, 'AU', 'AU');
    expect(taxRateFor('AU', 'AU')?.percent).toBe(10);
    expect(row.ex).toBe(billing.total);
    expect(row).toMatchObject({ ...expected, paid: '0.00', outstanding: expected.inc });
    expect(row).toMatchObject({ ex: '77.25', tax: '7.73', inc: '84.98' });
    expect(cents(row.ex) + cents(row.tax)).toBe(cents(row.inc));
    expect(row).toMatchObject({
      collection_uid: collection.uid,
      case_number: collection.collection_id,
      patient_name: collection.patient_reference,
      bill_to: { client_id: client.client_id, name: client.name, is_cash_customer: false },
      branch: 'Melbourne',
      platform: 'OEP',
      currency: 'AUD',
      state: 'ready',
      invoice_date: null,
      raised_on: labToday(),
    });
  });

  it('charges no tax on an export (an NZ client served from an AU branch), and NZ GST at an NZ branch', async () => {
    const abroad = await createClient(test.db, { country: 'NZ' });
    const exported = await readyInvoice({ client: abroad, branch: 'Melbourne' });
    const exportRow = await rowOf(exported.invoice.invoice_number);
    expect(taxRateFor('AU', 'NZ')).toBeNull();
    expect(exportRow).toMatchObject({
      ...domainFigures(exported.invoice, 'AU', 'NZ'),
      ex: exported.invoice.total,
      tax: '0.00',
      inc: exported.invoice.total,
      currency: 'NZD',
      branch: 'Melbourne',
    });
    expect(cents(exportRow.ex)).toBeGreaterThan(0);

    const local = await readyInvoice({ client: await createClient(test.db, { country: 'NZ' }) });
    const localRow = await rowOf(local.invoice.invoice_number);
    expect(localRow).toMatchObject({
      ...domainFigures(local.invoice, 'NZ', 'NZ'),
      ex: local.invoice.total,
      currency: 'NZD',
      branch: 'Auckland',
    });
    expect(cents(localRow.tax)).toBe(Math.round(cents(localRow.ex) * 0.15));
  });

  it('filters by state: each answers exactly the invoices in it', async () => {
    const payer = await createClient(test.db);
    const cash = await createClient(test.db, { isCashCustomer: true });
    const awaiting = await awaitingInvoice({ client: payer });
    const ready = await readyInvoice({ client: payer });
    const finalised = await finalisedInvoice({ client: payer });
    const manual = await readyInvoice({ client: payer });
    const closeByHand = (x: { case: typeof manual.case; invoice: Invoice }) =>
      act(x.case, { action: 'manually_invoiced', invoice_number: x.invoice.invoice_number }, admin);
    expect((await closeByHand(manual)).statusCode).toBe(200);
    const cashOpen = await readyInvoice({ client: cash });
    const cashClosed = await readyInvoice({ client: cash });
    expect((await closeByHand(cashClosed)).statusCode).toBe(200);

    const expected = {
      awaiting_dispatch: [awaiting.invoice.invoice_number],
      ready: [ready.invoice.invoice_number],
      finalised: [finalised.invoice.invoice_number],
      manually_invoiced: [manual.invoice.invoice_number],
    } as const;
    for (const [state, numbers] of Object.entries(expected)) {
      const mine = await listInvoices({ state, client_id: payer.client_id });
      expect(numbersOf(mine), state).toEqual(numbers);
      // Across the lab: every row is in the state, and ours are among them.
      const everyone = await allRows({ state });
      expect(
        everyone.every((row) => row.state === state),
        state,
      ).toBe(true);
      expect(everyone.map((row) => row.invoice_number)).toEqual(expect.arrayContaining([...numbers]));
    }
    // The client's whole list, newest first, each row in its state.
    const all = await listInvoices({ client_id: payer.client_id });
    expect(all.invoices.map((row) => [row.invoice_number, row.state])).toEqual(
      [
        [awaiting.invoice.invoice_number, 'awaiting_dispatch'],
        [ready.invoice.invoice_number, 'ready'],
        [finalised.invoice.invoice_number, 'finalised'],
        [manual.invoice.invoice_number, 'manually_invoiced'],
      ].toReversed(),
    );

    // Cash: the open invoices of cash customers only; one invoiced by hand is closed, no longer cash.
    const cashRows = await allRows({ state: 'cash' });
    expect(cashRows.map((row) => row.invoice_number)).toContain(cashOpen.invoice.invoice_number);
    expect(cashRows.map((row) => row.invoice_number)).not.toContain(cashClosed.invoice.invoice_number);
    for (const row of cashRows) {
      expect(row.bill_to.is_cash_customer).toBe(true);
      expect(['ready', 'awaiting_dispatch']).toContain(row.state);
    }
    expect(numbersOf(await listInvoices({ state: 'cash', client_id: cash.client_id }))).toEqual([
      cashOpen.invoice.invoice_number,
    ]);
    expect(numbersOf(await listInvoices({ state: 'cash', client_id: payer.client_id }))).toEqual([]);
    expect(numbersOf(await listInvoices({ state: 'manually_invoiced', client_id: cash.client_id }))).toEqual([
      cashClosed.invoice.invoice_number,
    ]);
  });

  it('filters by bill-to client, invoice number and period', async () => {
    const payer = await createClient(test.db);
    const practice = await createClient(test.db);
    // Billed to the payer, shipped to the practice: the payer's invoice.
    const billed = await readyInvoice({ client: practice, billingClient: payer });
    const own = await readyInvoice({ client: practice });
    expect(numbersOf(await listInvoices({ client_id: payer.client_id }))).toEqual([
      billed.invoice.invoice_number,
    ]);
    expect(numbersOf(await listInvoices({ client_id: practice.client_id }))).toEqual([
      own.invoice.invoice_number,
    ]);
    expect(numbersOf(await listInvoices({ invoice_number: own.invoice.invoice_number }))).toEqual([
      own.invoice.invoice_number,
    ]);

    const today = labToday();
    const period = (from: string, to: string) =>
      listInvoices({ client_id: payer.client_id, from, to }).then(numbersOf);
    expect(await period(today, today)).toEqual([billed.invoice.invoice_number]);
    expect(await period(addDays(today, 1), addDays(today, 9))).toEqual([]);
    expect(await period(addDays(today, -9), addDays(today, -1))).toEqual([]);
    // Issued, the invoice counts from its invoice date.
    expect((await finalise([billed.invoice.invoice_number])).statusCode).toBe(200);
    await test.db
      .update(invoices)
      .set({ invoice_date: addDays(today, -20) })
      .where(eq(invoices.invoice_number, billed.invoice.invoice_number));
    expect(await period(today, today)).toEqual([]);
    expect(await period(addDays(today, -20), addDays(today, -20))).toEqual([billed.invoice.invoice_number]);
    // The payer owes it, not the practice it was shipped to: the Billing view shows the payer's balance.
    const issued = await rowOf(billed.invoice.invoice_number);
    expect(await balanceOf(payer)).toMatchObject({ balance: issued.inc });
    expect((await balanceOf(practice))?.balance ?? '0.00').toBe('0.00');
    expect((await onlyInvoice(billed.case)).bill_to_current_balance).toBe(issued.inc);
  });

  it('totals the whole filtered set per currency: the sums of its rows', async () => {
    await readyInvoice({ client: await createClient(test.db, { country: 'NZ' }) });
    await readyInvoice();
    const rows = await allRows();
    const first = await listInvoices();
    const currencies = [...new Set(rows.map((row) => row.currency))].toSorted();
    expect(currencies).toEqual(['AUD', 'NZD']);
    expect(first.totals.map((t) => t.currency)).toEqual(currencies);
    for (const total of first.totals) {
      const mine = rows.filter((row) => row.currency === total.currency);
      const sum = (field: 'ex' | 'tax' | 'inc' | 'paid' | 'outstanding') =>
        centsToMoneyText(mine.reduce((s, row) => s + cents(row[field]), 0));
      expect(total).toEqual({
        currency: total.currency,
        count: mine.length,
        ex: sum('ex'),
        tax: sum('tax'),
        inc: sum('inc'),
        paid: sum('paid'),
        outstanding: sum('outstanding'),
      });
    }
    // A filtered set's totals are its own.
    const client = await createClient(test.db);
    const one = await readyInvoice({ client });
    const row = await rowOf(one.invoice.invoice_number);
    expect((await listInvoices({ client_id: client.client_id })).totals).toEqual([
      {
        currency: 'AUD',
        count: 1,
        ex: row.ex,
        tax: row.tax,
        inc: row.inc,
        paid: '0.00',
        outstanding: row.inc,
      },
    ]);
    expect((await listInvoices({ client_id: client.client_id, state: 'finalised' })).totals).toEqual([]);
    // A page past the end has no rows, and the same totals.
    const past = await listInvoices({ client_id: client.client_id, page: 2 });
    expect(past.invoices).toEqual([]);
    expect(past.totals).toEqual((await listInvoices({ client_id: client.client_id })).totals);
  });

  it('answers 400 with the message for a bad filter', async () => {
    const cases: [ListQuery, string][] = [
      [{ state: 'paid' }, 'Unknown invoice state'],
      [{ from: '2024-05-02', to: '2024-05-01' }, accountsMessages.periodBackwards],
      [{ from: '2 May 2024' }, 'Enter a date as YYYY-MM-DD'],
      [{ platform: 'FAX' }, 'Unknown platform'],
      [{ client_id: 'abc' }, accountsMessages.clientNotFound],
      [{ invoice_number: '-1' }, accountsMessages.invoiceNotFound],
    ];
    for (const [query, message] of cases) {
      const response = await get(invoicesUrl(query));
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorMessage(response)).toBe(message);
    }
  });

  it('is every employee’s but the restricted: 403 on each read', async () => {
    expect((await get(invoicesUrl(), designer)).statusCode).toBe(200);
    expect((await get('/api/v2/accounts/balances/', staff)).statusCode).toBe(200);
    for (const url of [invoicesUrl(), '/api/v2/accounts/balances/']) {
      const response = await get(url, restricted);
      expect(response.statusCode, url).toBe(403);
      expect(errorMessage(response)).toBe(accountsRestricted);
    }
    const anonymous = await test.app.inject({ method: 'GET', url: invoicesUrl() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/v2/accounts/invoices/finalise/', () => {
  it('finalises the ready ones and answers why each other one cannot go', async () => {
    const first = await readyInvoice();
    const second = await readyInvoice();
    const awaiting = await awaitingInvoice();
    const cash = await readyInvoice({ client: await createClient(test.db, { isCashCustomer: true }) });
    const [last] = await test.db
      .select({ max: sql<number>`max(${invoices.invoice_number})::int` })
      .from(invoices);
    const unknown = Number(last?.max) + 1000;
    const firstInc = (await rowOf(first.invoice.invoice_number)).inc;
    const secondInc = (await rowOf(second.invoice.invoice_number)).inc;
    const auditBefore = {
      awaiting: await invoiceAudit(awaiting.invoice.invoice_number),
      cash: await invoiceAudit(cash.invoice.invoice_number),
    };

    const response = await finalise([
      first.invoice.invoice_number,
      awaiting.invoice.invoice_number,
      unknown,
      second.invoice.invoice_number,
      cash.invoice.invoice_number,
      first.invoice.invoice_number,
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(batchFinaliseSchema.parse(response.json())).toEqual({
      finalised: [
        { invoice_number: first.invoice.invoice_number, inc: firstInc },
        { invoice_number: second.invoice.invoice_number, inc: secondInc },
      ],
      refused: [
        { invoice_number: awaiting.invoice.invoice_number, reason: invoiceMessages.awaitingDispatch },
        { invoice_number: unknown, reason: accountsMessages.invoiceNotFound },
        { invoice_number: cash.invoice.invoice_number, reason: invoiceMessages.cashCustomer },
      ],
    });

    for (const done of [first, second]) {
      const audit = await invoiceAudit(done.invoice.invoice_number);
      expect(audit.filter((row) => row.action === 'finalised')).toHaveLength(1);
      expect(audit.at(-1)).toMatchObject({ action: 'finalised', actor: admin.username });
      const billing = await onlyInvoice(done.case);
      expect(billing).toMatchObject({ finalised: true, invoice_date: labToday(), total: done.invoice.total });
      expect(await rowOf(done.invoice.invoice_number)).toMatchObject({
        state: 'finalised',
        invoice_date: labToday(),
      });
    }
    expect(await invoiceAudit(awaiting.invoice.invoice_number)).toEqual(auditBefore.awaiting);
    expect(await invoiceAudit(cash.invoice.invoice_number)).toEqual(auditBefore.cash);
    expect(await rowOf(awaiting.invoice.invoice_number)).toMatchObject({ state: 'awaiting_dispatch' });
    expect(await rowOf(cash.invoice.invoice_number)).toMatchObject({ state: 'ready', invoice_date: null });

    // Again: each is closed now.
    const again = await finalise([first.invoice.invoice_number]);
    expect(again.json()).toEqual({
      finalised: [],
      refused: [{ invoice_number: first.invoice.invoice_number, reason: invoiceMessages.alreadyFinalised }],
    });
  });

  it('is the administrator’s: 403 for other staff and the restricted, changing nothing', async () => {
    const ready = await readyInvoice();
    const before = await invoiceAudit(ready.invoice.invoice_number);
    for (const [user, message] of [
      [designer, adminOnly],
      [staff, adminOnly],
      [restricted, adminOnly],
    ] as const) {
      const response = await finalise([ready.invoice.invoice_number], user);
      expect(response.statusCode, user.username).toBe(403);
      expect(errorMessage(response)).toBe(message);
    }
    expect(await invoiceAudit(ready.invoice.invoice_number)).toEqual(before);
    expect(await onlyInvoice(ready.case)).toMatchObject({ finalised: false, invoice_date: null });
    expect((await rowOf(ready.invoice.invoice_number)).state).toBe('ready');
  });

  it('answers 400 for an empty list, or no list, or too long a list', async () => {
    const ready = await readyInvoice();
    for (const [body, message] of [
      [{ invoice_numbers: [] }, accountsMessages.nothingToFinalise],
      [{}, accountsMessages.nothingToFinalise],
      [
        { invoice_numbers: [...Array.from({ length: 500 }, (_, i) => i + 1), ready.invoice.invoice_number] },
        accountsMessages.tooManyToFinalise,
      ],
    ] as const) {
      const response = await post('/api/v2/accounts/invoices/finalise/', body);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe(message);
    }
    expect((await rowOf(ready.invoice.invoice_number)).state).toBe('ready');
  });
});

describe('POST /api/v2/accounts/payments/', () => {
  it('takes part payments on a finalised invoice, never more than is still owed', async () => {
    const { invoice } = await finalisedInvoice();
    const number = invoice.invoice_number;
    const issued = await rowOf(number);
    const today = labToday();

    const part = await pay({
      invoice_number: number,
      amount: '12.50',
      paid_on: today,
      reference: 'EFT 0001',
    });
    expect(part.statusCode, part.body).toBe(200);
    const owed = cents(issued.inc) - 1250;
    const answered = accountsInvoiceSchema.parse(part.json());
    expect(answered).toMatchObject({
      invoice_number: number,
      state: 'finalised',
      inc: issued.inc,
      paid: '12.50',
      outstanding: centsToMoneyText(owed),
    });
    expect(await rowOf(number)).toEqual(answered);
    expect((await invoiceAudit(number)).at(-1)).toMatchObject({
      action: 'paid',
      actor: admin.username,
      changes: { amount: '12.50', paid_on: today, reference: 'EFT 0001' },
    });
    expect(await paymentsOf(number)).toEqual([{ amount: '12.50', paid_on: today }]);

    // One cent above what is owed: 409, with the amount still owed.
    const above = await pay({
      invoice_number: number,
      amount: centsToMoneyText(owed + 1),
      paid_on: today,
      reference: 'EFT 0002',
    });
    expect(above.statusCode).toBe(409);
    expect(errorMessage(above)).toBe(accountsMessages.paymentAboveDue(formatMoney(owed, 'AUD')));
    expect(await paymentsOf(number)).toHaveLength(1);

    // Exactly the rest settles it; then nothing more is owed.
    const rest = await pay({
      invoice_number: number,
      amount: centsToMoneyText(owed),
      paid_on: today,
      reference: 'EFT 0003',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ paid: issued.inc, outstanding: '0.00' });
    const more = await pay({ invoice_number: number, amount: '0.01', paid_on: today, reference: 'EFT 0004' });
    expect(more.statusCode).toBe(409);
    expect(errorMessage(more)).toBe(accountsMessages.paymentAboveDue('$0.00'));
    expect(await paymentsOf(number)).toHaveLength(2);
  });

  it('lets only one of two payments entered at once through when together they pass what is owed', async () => {
    const { invoice } = await finalisedInvoice();
    const number = invoice.invoice_number;
    const inc = cents((await rowOf(number)).inc);
    const half = centsToMoneyText(Math.floor(inc / 2) + 1);
    const payment = (reference: string) =>
      pay({ invoice_number: number, amount: half, paid_on: labToday(), reference });
    const answers = await Promise.all([payment('EFT A'), payment('EFT B')]);
    expect(answers.map((r) => r.statusCode).toSorted()).toEqual([200, 409]);
    expect(await paymentsOf(number)).toHaveLength(1);
    expect((await rowOf(number)).paid).toBe(half);
  });

  it('refuses an open invoice and one invoiced manually with 409, writing nothing', async () => {
    const open = await readyInvoice();
    const manual = await readyInvoice();
    const closed = await act(
      manual.case,
      { action: 'manually_invoiced', invoice_number: manual.invoice.invoice_number },
      admin,
    );
    expect(closed.statusCode).toBe(200);
    const count = await allPaymentCount();
    for (const [invoice, message] of [
      [open.invoice, accountsMessages.paymentNotFinalised],
      [manual.invoice, accountsMessages.paymentManuallyInvoiced],
    ] as const) {
      const audit = await invoiceAudit(invoice.invoice_number);
      const response = await pay({
        invoice_number: invoice.invoice_number,
        amount: '1.00',
        paid_on: labToday(),
        reference: 'EFT',
      });
      expect(response.statusCode).toBe(409);
      expect(errorMessage(response)).toBe(message);
      expect(await invoiceAudit(invoice.invoice_number)).toEqual(audit);
    }
    expect(await allPaymentCount()).toBe(count);
  });

  it('answers 400 for a bad amount, a day to come or no reference; 404 for an unknown invoice', async () => {
    const { invoice } = await finalisedInvoice();
    const number = invoice.invoice_number;
    const today = labToday();
    const valid = { invoice_number: number, amount: '5.00', paid_on: today, reference: 'EFT' };
    const audit = await invoiceAudit(number);
    const count = await allPaymentCount();

    const refusals: [object, number, string][] = [
      [{ ...valid, amount: '0' }, 400, accountsMessages.paymentMustBePositive],
      [{ ...valid, amount: '0.00' }, 400, accountsMessages.paymentMustBePositive],
      [{ ...valid, amount: '-5.00' }, 400, accountsMessages.paymentMustBePositive],
      [{ ...valid, amount: '1.234' }, 400, accountsMessages.paymentMustBePositive],
      [{ ...valid, amount: 5 }, 400, accountsMessages.paymentMustBePositive],
      [{ ...valid, paid_on: addDays(today, 1) }, 400, accountsMessages.paidOnInFuture],
      [{ ...valid, paid_on: '1/2/2024' }, 400, 'Enter a date as YYYY-MM-DD'],
      [{ ...valid, reference: '   ' }, 400, 'Cannot be blank'],
      [{ ...valid, reference: undefined }, 400, 'Cannot be blank'],
      [
        { ...valid, invoice_number: (await invoiceIdOf(number)) + 1_000_000 },
        404,
        accountsMessages.invoiceNotFound,
      ],
    ];
    for (const [body, status, message] of refusals) {
      const response = await pay(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorMessage(response)).toBe(message);
    }
    expect(await allPaymentCount()).toBe(count);
    expect(await invoiceAudit(number)).toEqual(audit);
    expect((await rowOf(number)).paid).toBe('0.00');
  });

  it('is the administrator’s: 403 for other staff and the restricted, writing nothing', async () => {
    const { invoice } = await finalisedInvoice();
    const count = await allPaymentCount();
    for (const [user, message] of [
      [designer, adminOnly],
      [staff, adminOnly],
      [restricted, adminOnly],
    ] as const) {
      const response = await pay(
        { invoice_number: invoice.invoice_number, amount: '1.00', paid_on: labToday(), reference: 'EFT' },
        user,
      );
      expect(response.statusCode, user.username).toBe(403);
      expect(errorMessage(response)).toBe(message);
    }
    expect(await allPaymentCount()).toBe(count);
  });
});

describe('GET /api/v2/accounts/balances/', () => {
  it('owes the amount due less what was paid, aged by invoice date, with what is raised but not issued', async () => {
    const client = await createClient(test.db);
    const issued = await finalisedInvoice({ client });
    const number = issued.invoice.invoice_number;
    const today = labToday();
    expect(
      (await pay({ invoice_number: number, amount: '20.00', paid_on: today, reference: 'EFT' })).statusCode,
    ).toBe(200);
    const row = await rowOf(number);
    const balance = centsToMoneyText(cents(row.inc) - 2000);
    expect(row.outstanding).toBe(balance);
    // Raised, not issued: open, ex-tax, not in the balance.
    const open = await readyInvoice({ client });
    const openRow = await rowOf(open.invoice.invoice_number);

    const now = await balanceOf(client);
    expect(now).toEqual({
      client_id: client.client_id,
      name: client.name,
      currency: 'AUD',
      open: openRow.ex,
      balance,
      aging: { current: balance, days30: '0.00', days60: '0.00', days90: '0.00' },
      credit_limit: null,
      credit_left: null,
      over_limit: false,
    });

    // The client page and the Billing view show the same balance.
    const details = await get(`/api/v2/client/${client.client_id}/`);
    expect(details.statusCode).toBe(200);
    expect(clientDetailsSchema.parse(details.json()).current_balance).toBe(balance);
    expect((await onlyInvoice(open.case)).bill_to_current_balance).toBe(balance);
    expect((await onlyInvoice(issued.case)).bill_to_current_balance).toBe(balance);

    // Issued 45 days ago: in the 30-day band, the bands still adding up to the balance.
    const issuedOn = addDays(today, -45);
    await test.db.update(invoices).set({ invoice_date: issuedOn }).where(eq(invoices.invoice_number, number));
    const aged = await balanceOf(client, today);
    expect(aged?.balance).toBe(balance);
    expect(aged?.aging).toEqual({ current: '0.00', days30: balance, days60: '0.00', days90: '0.00' });
    const bands = Object.values(aged?.aging ?? {}).reduce((sum, band) => sum + cents(band), 0);
    expect(bands).toBe(cents(balance));

    // Ten days after the invoice date nothing was paid yet; the day before it, nothing was owed.
    expect(await balanceOf(client, addDays(issuedOn, 10))).toMatchObject({
      balance: row.inc,
      aging: { current: row.inc, days30: '0.00', days60: '0.00', days90: '0.00' },
    });
    expect(await balanceOf(client, addDays(issuedOn, -1))).toMatchObject({
      balance: '0.00',
      open: openRow.ex,
    });

    // Paid in full: nothing owed, only the open invoice left.
    expect(
      (await pay({ invoice_number: number, amount: balance, paid_on: today, reference: 'EFT 2' })).statusCode,
    ).toBe(200);
    expect(await balanceOf(client)).toMatchObject({ balance: '0.00', open: openRow.ex });
  });

  it('puts a client over its credit limit first, with the credit left below zero', async () => {
    const client = await createClient(test.db);
    const within = await createClient(test.db);
    await finalisedInvoice({ client });
    await finalisedInvoice({ client: within });
    await test.db.update(clients).set({ credit_limit: '10.00' }).where(eq(clients.id, client.id));
    await test.db.update(clients).set({ credit_limit: '100000.00' }).where(eq(clients.id, within.id));

    const { clients: rows } = await loadBalances();
    const [top] = rows;
    expect(top?.client_id).toBe(client.client_id);
    const balanceCents = cents(top?.balance ?? '');
    expect(balanceCents).toBeGreaterThan(1000);
    expect(top).toMatchObject({
      over_limit: true,
      credit_limit: '10.00',
      credit_left: centsToMoneyText(1000 - balanceCents),
    });
    expect(cents(top?.credit_left ?? '')).toBeLessThan(0);
    expect(rows.filter((row) => row.over_limit)).toHaveLength(1);
    const other = rows.find((row) => row.client_id === within.client_id);
    expect(other).toMatchObject({
      over_limit: false,
      credit_limit: '100000.00',
      credit_left: centsToMoneyText(10_000_000 - cents(other?.balance ?? '')),
    });
  });

  it('answers 400 for a bad day', async () => {
    const response = await get('/api/v2/accounts/balances/?as_of=yesterday');
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('Enter a date as YYYY-MM-DD');
  });
});
