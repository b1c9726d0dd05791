import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseInvoicesSchema,
  centsToMoneyText,
  flagsForStatusParent,
  invoiceMessages,
  invoiceReadMessages,
  invoiceTotalCents,
  itemOptionSetsSchema,
  type Invoice,
  type ItemOptionSet,
} from '@lab/domain';
import {
  cases,
  clients,
  invoice_cases,
  invoice_lines,
  invoices,
  item_options,
  statuses,
} from '../../db/schema/index';
import { countingStatements } from '../../testing/count-statements';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  createClient,
  createCollection,
  type CaseRow,
  type CreatedCollection,
} from '../../testing/factories';
import { findCaseInvoices } from './find-case-invoices';
import { findItemOptions } from './find-item-options';

// Expectations from collection-views §3 'Invoice' and 'Item option', §4 'Invoice', §5 'Invoice total' and
// §7 (GET /api/cases/{case_id}/invoicing/, GET /api/v2/case/{case_id}/item_options/).

let test: TestApp;
let staff: SignedInUser;
beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test);
});
afterAll(() => test.close());

const invoicingUrl = (caseId: number | string) => `/api/cases/${caseId}/invoicing/`;
const itemOptionsUrl = (caseId: number | string) => `/api/v2/case/${caseId}/item_options/`;

const getInvoices = async (caseId: number): Promise<Invoice[]> => {
  const response = await test.app.inject({
    method: 'GET',
    url: invoicingUrl(caseId),
    headers: staff.headers,
  });
  expect(response.statusCode).toBe(200);
  return caseInvoicesSchema.parse(response.json());
};

const caseOf = (collection: CreatedCollection, index: number): CaseRow => {
  const found = collection.cases[index];
  if (!found) throw new Error(`no case ${index}`);
  return found;
};

/** An invoice of the collection covering the given cases, as mark_as_done would leave it. */
const insertInvoice = async (
  collection: CreatedCollection,
  covered: CaseRow[],
  values: Partial<typeof invoices.$inferInsert> = {},
) => {
  const [row] = await test.db
    .insert(invoices)
    .values({ collection_uid: collection.uid, shipping_client_id: collection.shipping_client_id, ...values })
    .returning();
  if (!row) throw new Error('invoice not inserted');
  if (covered.length > 0)
    await test.db.insert(invoice_cases).values(covered.map((c) => ({ invoice_id: row.id, case_uid: c.uid })));
  return row;
};

const moveToStatus = async (caseRow: CaseRow, statusName: string, parent: 'DISPATCHED') => {
  const [status] = await test.db.select().from(statuses).where(eq(statuses.name, statusName)).limit(1);
  if (!status) throw new Error(`no status ${statusName}`);
  await test.db
    .update(cases)
    .set({ status_id: status.id, ...flagsForStatusParent(parent), department: null })
    .where(eq(cases.uid, caseRow.uid));
};

describe('access and unknown cases', () => {
  it('answers 401 without a token', async () => {
    for (const url of [invoicingUrl(1), itemOptionsUrl(1)]) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
  });

  it("answers 404 'Case not found' for an unknown id and for one that cannot exist", async () => {
    for (const id of ['999999', '0', 'abc', '99999999999']) {
      for (const url of [invoicingUrl(id), itemOptionsUrl(id)]) {
        const response = await test.app.inject({ method: 'GET', url, headers: staff.headers });
        expect(response.statusCode).toBe(404);
        expect(errorMessage(response)).toBe(invoiceReadMessages.caseNotFound);
      }
    }
  });
});

describe('GET /api/cases/{case_id}/invoicing/', () => {
  it('answers an empty list for a collection without invoices', async () => {
    const collection = await createCollection(test.db);
    expect(await getInvoices(caseOf(collection, 0).case_id)).toEqual([]);
  });

  it('answers the invoice with its lines sorted by amount and the total of lines plus freight', async () => {
    const shipper = await createClient(test.db, {
      name: 'Shipper Dental',
      suburb: 'Richmond',
      postcode: '3121',
    });
    const payer = await createClient(test.db, { name: 'Payer Group' });
    await test.db
      .update(clients)
      .set({ invoice_email: 'accounts@payer.example.com', credit_limit: '5000' })
      .where(eq(clients.id, payer.id));
    const collection = await createCollection(test.db, {
      client: shipper,
      billingClient: payer,
      patientReference: 'Jane Citizen',
      orderingPlatform: 'nexus_ios',
      cases: [{ statusName: 'Dispatched', dentate: 'UPPER' }],
    });
    const first = caseOf(collection, 0);
    const invoice = await insertInvoice(collection, [first], {
      billing_client_id: payer.id,
      invoice_platform: 'NEXUS',
      freight: '15',
      purchase_order_number: 'PO-77',
    });
    // Entered smaller first: the answer must put the larger line first.
    await test.db.insert(invoice_lines).values([
      {
        invoice_id: invoice.id,
        case_uid: first.uid,
        dentate: 'UPPER',
        description: 'Screws',
        total_qty: '1',
        unit_price: '100',
        sort: 0,
      },
      {
        invoice_id: invoice.id,
        case_uid: first.uid,
        dentate: 'UPPER',
        description: 'Bridge',
        total_qty: '2',
        unit_price: '250.50',
        sort: 1,
      },
    ]);

    const [answer, ...others] = await getInvoices(first.case_id);
    expect(others).toEqual([]);
    expect(answer).toMatchObject({
      invoice_number: invoice.invoice_number,
      invoice_group_invoice_number: invoice.invoice_number,
      invoice_group_main_case_mkey: first.case_mkey,
      invoice_group_uid: invoice.invoice_group_uid,
      case_number: collection.collection_id,
      case_collection_uid: collection.uid,
      patient_name: 'Jane Citizen',
      related_mkey_cases: [first.case_mkey],
      related_case_details: [
        {
          case_mkey: first.case_mkey,
          case_id: first.case_id,
          job_type_name: 'Screw-Retained Bridge',
          status: 'Dispatched',
          status_code: 'DISPATCHED',
          split_amount: null,
        },
      ],
      purchase_order_number: 'PO-77',
      shipping_client_name: 'Shipper Dental',
      shipping_address: {
        address_line_1: expect.any(String),
        address_line_2: null,
        suburb: 'Richmond',
        state: 'VIC',
        postcode: '3121',
        country: 'AU',
      },
      courier: null,
      billing_client_name: 'Payer Group',
      billing_invoice_email: 'accounts@payer.example.com',
      client_email_address: shipper.email,
      bill_to_credit_limit: '5000.00',
      // Nothing finalised is billed to the payer yet: it owes nothing.
      bill_to_current_balance: '0.00',
      invoice_platform: 'NEXUS',
      currency: 'AUD',
      finalised: false,
      manually_invoiced: false,
      invoice_date: null,
      ready_to_finalise: true,
      split_invoice_allowed: true,
      is_cash_customer: false,
      freight: '15.00',
      errors: [],
    });
    expect(answer?.lines).toEqual([
      {
        case_mkey: first.case_mkey,
        case_id: first.case_id,
        dentate: 'UPPER',
        description: 'Bridge',
        total_qty: '2.00',
        unit_price: '250.50',
        total_amount: '501.00',
        is_fixed: false,
      },
      {
        case_mkey: first.case_mkey,
        case_id: first.case_id,
        dentate: 'UPPER',
        description: 'Screws',
        total_qty: '1.00',
        unit_price: '100.00',
        total_amount: '100.00',
        is_fixed: false,
      },
    ]);
    const rule = invoiceTotalCents({
      lines: [
        { total_qty: 2, unit_price_cents: 25_050 },
        { total_qty: 1, unit_price_cents: 10_000 },
      ],
      freight_cents: 1_500,
    });
    expect(answer?.total).toBe(centsToMoneyText(rule));
    expect(answer?.total).toBe('616.00');
  });

  it('reports a line without a price and a cash customer in errors, leaving the line out of the total', async () => {
    const cash = await createClient(test.db, { isCashCustomer: true });
    const collection = await createCollection(test.db, { client: cash });
    const only = caseOf(collection, 0);
    const invoice = await insertInvoice(collection, [only], { freight: '10.00' });
    await test.db.insert(invoice_lines).values([
      { invoice_id: invoice.id, case_uid: only.uid, description: 'Unpriced work', total_qty: '1' },
      {
        invoice_id: invoice.id,
        description: 'Pricing kit',
        total_qty: '1',
        unit_price: '250',
        is_fixed: true,
      },
    ]);

    const [answer] = await getInvoices(only.case_id);
    expect(answer?.is_cash_customer).toBe(true);
    expect(answer?.total).toBe('260.00');
    expect(answer?.lines.map((l) => [l.description, l.case_mkey, l.total_amount, l.is_fixed])).toEqual([
      ['Pricing kit', null, '250.00', true],
      ['Unpriced work', only.case_mkey, '0.00', false],
    ]);
    expect(answer?.errors).toEqual([
      {
        case_mkey: only.case_mkey,
        case_id: only.case_id,
        bar_style_name: 'error',
        error: invoiceReadMessages.lineWithoutPrice,
      },
      { case_mkey: null, case_id: null, bar_style_name: 'warning', error: invoiceMessages.cashCustomer },
    ]);
  });

  it('is not ready to finalise while a case awaits dispatch, and is once it is dispatched', async () => {
    const collection = await createCollection(test.db, {
      cases: [{ statusName: 'Dispatched' }, {}, { statusName: 'Dispatched' }],
    });
    const [done, waiting] = [caseOf(collection, 0), caseOf(collection, 1)];
    await insertInvoice(collection, [done, waiting]);

    expect((await getInvoices(done.case_id))[0]?.ready_to_finalise).toBe(false);
    await moveToStatus(waiting, 'Dispatched', 'DISPATCHED');
    expect((await getInvoices(done.case_id))[0]?.ready_to_finalise).toBe(true);
  });

  it('names the main invoice of a split group on both invoices, and closes a finalised one to splits', async () => {
    const collection = await createCollection(test.db, {
      cases: [{ statusName: 'Dispatched' }, { statusName: 'Dispatched' }],
    });
    const [a, b] = [caseOf(collection, 0), caseOf(collection, 1)];
    const main = await insertInvoice(collection, [a]);
    await insertInvoice(collection, [b], {
      invoice_group_uid: main.invoice_group_uid,
      finalised: true,
      finalised_at: new Date(),
      invoice_date: '2026-11-20',
    });
    await test.db
      .update(invoice_cases)
      .set({ split_amount: '120.5' })
      .where(eq(invoice_cases.case_uid, b.uid));

    const answers = await getInvoices(b.case_id);
    expect(answers.map((i) => [i.invoice_group_invoice_number, i.invoice_group_main_case_mkey])).toEqual([
      [main.invoice_number, a.case_mkey],
      [main.invoice_number, a.case_mkey],
    ]);
    expect(answers[1]).toMatchObject({
      finalised: true,
      invoice_date: '2026-11-20',
      split_invoice_allowed: false,
    });
    expect(answers[1]?.related_case_details[0]?.split_amount).toBe('120.50');
  });

  it('reads with the same number of statements whatever the number of invoices and lines', async () => {
    const small = await createCollection(test.db, { cases: [{}] });
    await insertInvoice(small, [caseOf(small, 0)]);
    const large = await createCollection(test.db, { cases: [{}, {}, {}] });
    for (const c of large.cases) {
      const invoice = await insertInvoice(large, [c]);
      await test.db.insert(invoice_lines).values([
        { invoice_id: invoice.id, case_uid: c.uid, description: 'A', total_qty: '1', unit_price: '1' },
        { invoice_id: invoice.id, case_uid: c.uid, description: 'B', total_qty: '1', unit_price: '2' },
      ]);
    }
    const counted = async (caseId: number, read: typeof findCaseInvoices | typeof findItemOptions) => {
      const counting = countingStatements(test.db);
      await read(counting.db, caseId);
      return counting.count();
    };
    const smallId = caseOf(small, 0).case_id;
    const largeId = caseOf(large, 0).case_id;
    // The case, then the invoices, their cases, their lines and the latest courier.
    expect(await counted(smallId, findCaseInvoices)).toBe(5);
    expect(await counted(largeId, findCaseInvoices)).toBe(5);
    expect(await counted(smallId, findItemOptions)).toBe(2);
    expect(await counted(largeId, findItemOptions)).toBe(2);
  });
});

describe('GET /api/v2/case/{case_id}/item_options/', () => {
  it("answers a set per case of the collection, amounts in the rule's unit", async () => {
    const collection = await createCollection(test.db, { cases: [{}, {}] });
    const [first, second] = [caseOf(collection, 0), caseOf(collection, 1)];
    await test.db.insert(item_options).values([
      { case_uid: first.uid, description: 'Loyalty discount', amount: '5.00', is_percentage: true, sort: 1 },
      {
        case_uid: first.uid,
        description: 'Express turnaround',
        amount: '150.00',
        is_selected: true,
        sort: 0,
      },
    ]);

    const response = await test.app.inject({
      method: 'GET',
      url: itemOptionsUrl(second.case_id),
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(200);
    const sets: ItemOptionSet[] = itemOptionSetsSchema.parse(response.json());
    expect(sets).toEqual([
      {
        case_id: first.case_id,
        case_mkey: first.case_mkey,
        options: [
          {
            description: 'Express turnaround',
            is_selected: true,
            amount: 15_000,
            is_percentage: false,
            case_id: first.case_id,
          },
          {
            description: 'Loyalty discount',
            is_selected: false,
            amount: 5,
            is_percentage: true,
            case_id: first.case_id,
          },
        ],
      },
      { case_id: second.case_id, case_mkey: second.case_mkey, options: [] },
    ]);
  });
});
