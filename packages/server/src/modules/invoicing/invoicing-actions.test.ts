import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseInvoicesSchema,
  invoiceActionMessages,
  invoiceMessages,
  parseMoneyCents,
  type Invoice,
} from '@lab/domain';
import {
  audit_events,
  case_audit,
  collection_pricing_kits,
  invoices,
  item_options,
  kits,
  statuses,
} from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import {
  createClient,
  createCollection,
  createImplant,
  type CaseRow,
  type CreatedCollection,
} from '../../testing/factories';
import { createCaseCalls, fieldsOf } from '../cases/cases-test-kit';

// The invoicing actions of POST /api/v2/case/{case_number}/ through the real app (collection-views §4, §5,
// §7, §8; domain-decisions 'Roles'), and the invoice a dispatch raises (issue 13 §1): each success with
// its audit row, each refusal with its message and nothing changed.

let test: TestApp;
let staff: SignedInUser;
let admin: SignedInUser;
let calls: ReturnType<typeof createCaseCalls>;
let dispatchedStatusId: number;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'WAREHOUSE' });
  admin = await signInAs(test, { admin: true });
  calls = createCaseCalls(test, staff);
  const [status] = await test.db.select().from(statuses).where(eq(statuses.name, 'Dispatched')).limit(1);
  if (!status) throw new Error('no Dispatched status');
  dispatchedStatusId = status.id;
});
afterAll(() => test.close());

const caseAt = (collection: CreatedCollection, index: number): CaseRow => {
  const found = collection.cases[index];
  if (!found) throw new Error(`no case ${index}`);
  return found;
};

const act = async (caseRow: CaseRow, body: unknown, user: SignedInUser = staff) =>
  calls.act(caseRow.case_id, body, user.headers);

const dispatch = async (caseRow: CaseRow) => {
  const response = await act(caseRow, { action: 'edit_case', case: { status_id: dispatchedStatusId } });
  expect(response.statusCode, response.body).toBe(200);
};

const invoicesOf = async (caseRow: CaseRow): Promise<Invoice[]> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/cases/${caseRow.case_id}/invoicing/`,
    headers: staff.headers,
  });
  expect(response.statusCode).toBe(200);
  return caseInvoicesSchema.parse(response.json());
};

const onlyInvoice = async (caseRow: CaseRow): Promise<Invoice> => {
  const [invoice, ...others] = await invoicesOf(caseRow);
  expect(others).toEqual([]);
  if (!invoice) throw new Error('no invoice');
  return invoice;
};

const invoiceAudit = (invoiceNumber: number) =>
  test.db
    .select({
      action: audit_events.action,
      changes: audit_events.changed_values,
      actor: audit_events.actor_reference,
    })
    .from(audit_events)
    .where(and(eq(audit_events.entity_type, 'invoice'), eq(audit_events.entity_id, String(invoiceNumber))))
    .orderBy(audit_events.id);

const descriptions = (invoice: Invoice) => invoice.lines.map((l) => `${l.description} ${l.total_amount}`);

/** Two Screw-Retained Bridges (AU list price of the job type), in design. */
const twoCaseCollection = (options: Parameters<typeof createCollection>[1] = {}) =>
  createCollection(test.db, {
    cases: [{ statusName: 'Design In Progress' }, { statusName: 'Design In Progress' }],
    ...options,
  });

describe('a dispatch raises the invoice', () => {
  it('puts the case, its implant parts and the pricing kit on a new invoice, then adds the next case', async () => {
    const collection = await twoCaseCollection();
    const [first, second] = [caseAt(collection, 0), caseAt(collection, 1)];
    await createImplant(test.db, first.uid, { tooth: 36 });
    await createImplant(test.db, first.uid, { tooth: 46 });
    const [kit] = await test.db.select().from(kits).where(eq(kits.kind, 'PRICING')).limit(1);
    if (!kit) throw new Error('no pricing kit');
    await test.db
      .insert(collection_pricing_kits)
      .values({ collection_uid: collection.uid, kit_id: kit.id, dentate: 'LOWER' });

    await dispatch(first);
    const raised = await onlyInvoice(first);
    expect(raised.related_mkey_cases).toEqual([first.case_mkey]);
    const kitLine = raised.lines.find((l) => l.description === kit.name);
    expect(kitLine).toMatchObject({ case_mkey: null, is_fixed: true, total_amount: '250.00' });
    expect(raised.lines.find((l) => l.description.includes('Screw-Retained Bridge'))).toMatchObject({
      case_mkey: first.case_mkey,
      total_qty: '1.00',
      is_fixed: false,
    });
    // The implants' default screws at the list price (38.50 AUD each), counted per part.
    const screwLine = raised.lines.find((l) => l.unit_price === '38.50');
    expect(screwLine?.total_qty).toBe('2.00');
    expect(screwLine?.total_amount).toBe('77.00');

    await dispatch(second);
    const grown = await onlyInvoice(first);
    expect(grown.invoice_number).toBe(raised.invoice_number);
    expect(grown.related_mkey_cases).toEqual([first.case_mkey, second.case_mkey]);
    // The kit is billed once per collection.
    expect(grown.lines.filter((l) => l.description === kit.name)).toHaveLength(1);
    expect((await invoiceAudit(raised.invoice_number)).map((a) => a.action)).toEqual(['created', 'updated']);
  });
});

describe('edit_case_items', () => {
  it('stores the options and puts the selected ones on the open invoice, a percentage of the job type', async () => {
    const collection = await twoCaseCollection();
    const [first, second] = [caseAt(collection, 0), caseAt(collection, 1)];
    await dispatch(first);
    const before = await onlyInvoice(first);
    const jobLine = before.lines.find((l) => l.case_mkey === first.case_mkey);
    const base = parseMoneyCents(jobLine?.total_amount ?? '0') ?? 0;

    const response = await act(first, {
      action: 'edit_case_items',
      case_item_options: [
        {
          description: 'Express turnaround',
          is_selected: true,
          amount: 15000,
          is_percentage: false,
          case_id: first.case_id,
        },
        {
          description: 'Loyalty',
          is_selected: true,
          amount: 10,
          is_percentage: true,
          case_id: first.case_id,
        },
        {
          description: 'Shade',
          is_selected: false,
          amount: 4500,
          is_percentage: false,
          case_id: first.case_id,
        },
        {
          description: 'Gold',
          is_selected: true,
          amount: 2000,
          is_percentage: false,
          case_id: second.case_id,
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);

    const after = await onlyInvoice(first);
    expect(descriptions(after)).toEqual(
      expect.arrayContaining([
        'Express turnaround 150.00',
        `Loyalty ${(Math.round(base / 10) / 100).toFixed(2)}`,
      ]),
    );
    expect(descriptions(after).some((d) => d.startsWith('Shade'))).toBe(false);
    // The second case is not dispatched: its options are kept for when it is invoiced.
    expect(descriptions(after).some((d) => d.startsWith('Gold'))).toBe(false);
    const stored = await test.db.select().from(item_options).where(eq(item_options.case_uid, second.uid));
    expect(stored).toMatchObject([{ description: 'Gold', amount: '20.00', is_selected: true }]);
    const [audit] = await test.db
      .select()
      .from(case_audit)
      .where(eq(case_audit.case_uid, first.uid))
      .orderBy(case_audit.id);
    expect(audit).toBeDefined();
    expect((await invoiceAudit(after.invoice_number)).map((a) => a.action)).toContain('updated');

    await dispatch(second);
    expect(descriptions(await onlyInvoice(first))).toContain('Gold 20.00');

    // Saving again replaces the lines instead of adding to them.
    const again = await act(first, {
      action: 'edit_case_items',
      case_item_options: [
        {
          description: 'Express turnaround',
          is_selected: false,
          amount: 15000,
          is_percentage: false,
          case_id: first.case_id,
        },
      ],
    });
    expect(again.statusCode).toBe(200);
    const final = await onlyInvoice(first);
    expect(descriptions(final).filter((d) => d.startsWith('Express') || d.startsWith('Loyalty'))).toEqual([]);
  });

  it("refuses a negative amount with 'Value must be an integer' and a percentage above 100, changing nothing", async () => {
    const collection = await twoCaseCollection();
    const first = caseAt(collection, 0);
    const option = { description: 'Rush', is_selected: true, is_percentage: false, case_id: first.case_id };
    for (const [amount, isPercentage, message] of [
      [-5, false, invoiceMessages.mustBeInteger],
      [12.5, false, invoiceMessages.mustBeInteger],
      [101, true, invoiceMessages.percentRange],
    ] as const) {
      const response = await act(first, {
        action: 'edit_case_items',
        case_item_options: [{ ...option, amount, is_percentage: isPercentage }],
      });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe(message);
    }
    const blank = await act(first, {
      action: 'edit_case_items',
      case_item_options: [{ ...option, description: '  ', amount: 5 }],
    });
    expect(blank.statusCode).toBe(400);
    expect(errorMessage(blank)).toBe('Cannot be blank');
    expect(await test.db.select().from(item_options).where(eq(item_options.case_uid, first.uid))).toEqual([]);
  });

  it('answers 404 for a case of another collection', async () => {
    const mine = await twoCaseCollection();
    const other = await twoCaseCollection();
    const response = await act(caseAt(mine, 0), {
      action: 'edit_case_items',
      case_item_options: [
        {
          description: 'X',
          is_selected: true,
          amount: 100,
          is_percentage: false,
          case_id: caseAt(other, 0).case_id,
        },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Case not found');
  });
});

describe('invoice_purchase_order', () => {
  it('sets the PO# on the open invoice with its audit row; another collection is 404; none open is 409', async () => {
    const collection = await twoCaseCollection();
    const first = caseAt(collection, 0);
    const none = await act(first, {
      action: 'invoice_purchase_order',
      case_collection_uid: collection.uid,
      purchase_order_number: 'PO-1',
    });
    expect(none.statusCode).toBe(409);
    expect(errorMessage(none)).toBe(invoiceActionMessages.noOpenInvoice);

    await dispatch(first);
    const response = await act(first, {
      action: 'invoice_purchase_order',
      case_collection_uid: collection.uid,
      purchase_order_number: ' PO-7781 ',
    });
    expect(response.statusCode).toBe(200);
    const invoice = await onlyInvoice(first);
    expect(invoice.purchase_order_number).toBe('PO-7781');
    expect((await invoiceAudit(invoice.invoice_number)).at(-1)?.changes).toEqual({
      purchase_order_number: { old: null, new: 'PO-7781' },
    });

    const other = await twoCaseCollection();
    const wrong = await act(first, {
      action: 'invoice_purchase_order',
      case_collection_uid: other.uid,
      purchase_order_number: 'PO-9',
    });
    expect(wrong.statusCode).toBe(404);
    expect((await onlyInvoice(first)).purchase_order_number).toBe('PO-7781');
  });
});

describe('split_invoice', () => {
  it('moves the second list to a new invoice of the group, the total conserved', async () => {
    const collection = await createCollection(test.db, {
      cases: [
        { statusName: 'Design In Progress' },
        { statusName: 'Design In Progress' },
        { statusName: 'Design In Progress' },
      ],
    });
    const [a, b, c] = [caseAt(collection, 0), caseAt(collection, 1), caseAt(collection, 2)];
    for (const row of [a, b, c]) await dispatch(row);
    const before = await onlyInvoice(a);

    const response = await act(a, {
      action: 'split_invoice',
      split_invoice: {
        invoice_group_uid: before.invoice_group_uid,
        groups: [[a.case_mkey, b.case_mkey], [c.case_mkey]],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [kept, created] = await invoicesOf(a);
    expect(kept?.invoice_number).toBe(before.invoice_number);
    expect(kept?.related_mkey_cases).toEqual([a.case_mkey, b.case_mkey]);
    expect(created?.related_mkey_cases).toEqual([c.case_mkey]);
    expect(created?.invoice_group_uid).toBe(before.invoice_group_uid);
    expect(created?.invoice_group_invoice_number).toBe(before.invoice_number);
    const sum = (parseMoneyCents(kept?.total ?? '') ?? 0) + (parseMoneyCents(created?.total ?? '') ?? 0);
    expect(sum).toBe(parseMoneyCents(before.total));
    expect((await invoiceAudit(before.invoice_number)).at(-1)?.action).toBe('split');
    expect((await invoiceAudit(created?.invoice_number ?? 0)).map((x) => x.action)).toEqual(['created']);
  });

  it('refuses lists that do not hold the invoice cases, a split of $0 and one leaving $0', async () => {
    const collection = await twoCaseCollection();
    const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
    await dispatch(a);
    await dispatch(b);
    const invoice = await onlyInvoice(a);
    const split = (groups: unknown) =>
      act(a, {
        action: 'split_invoice',
        split_invoice: { invoice_group_uid: invoice.invoice_group_uid, groups },
      });

    const mismatch = await split([[a.case_mkey], ['999-01']]);
    expect(mismatch.statusCode).toBe(400);
    expect(errorMessage(mismatch)).toBe(invoiceActionMessages.splitCasesMismatch);
    const empty = await split([[a.case_mkey, b.case_mkey], []]);
    expect(empty.statusCode).toBe(400);
    expect(errorMessage(empty)).toBe(invoiceMessages.splitGroupEmpty);
    const twice = await split([[a.case_mkey], [a.case_mkey]]);
    expect(twice.statusCode).toBe(400);
    expect(errorMessage(twice)).toBe(invoiceMessages.splitCaseTwice);

    // Make b free (its line 0.00) and a the whole bill: moving b moves $0, moving a leaves $0.
    const aLine = invoice.lines.find((l) => l.case_mkey === a.case_mkey);
    const bLine = invoice.lines.find((l) => l.case_mkey === b.case_mkey);
    expect(aLine && bLine).toBeTruthy();
    await test.db.execute(
      `UPDATE invoice_lines SET unit_price = 0, total_amount = 0 WHERE case_uid = '${b.uid}'`,
    );
    const zero = await split([[a.case_mkey], [b.case_mkey]]);
    expect(zero.statusCode).toBe(400);
    expect(errorMessage(zero)).toBe(invoiceMessages.splitMustBePositive);
    expect(fieldsOf(zero)).toEqual({ split_amount: invoiceMessages.splitMustBePositive });
    const all = await split([[b.case_mkey], [a.case_mkey]]);
    expect(all.statusCode).toBe(400);
    expect(errorMessage(all)).toBe(invoiceMessages.splitExceedsTotal);
    expect(await invoicesOf(a)).toHaveLength(1);
  });
});

describe('finalise_invoice and manually_invoiced', () => {
  it('is the admin’s: 403 for other staff, changing nothing', async () => {
    const collection = await twoCaseCollection();
    const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
    await dispatch(a);
    await dispatch(b);
    const invoice = await onlyInvoice(a);
    for (const action of ['finalise_invoice', 'manually_invoiced']) {
      const response = await act(a, { action, invoice_number: invoice.invoice_number });
      expect(response.statusCode).toBe(403);
      expect(errorMessage(response)).toBe(invoiceActionMessages.adminOnly);
    }
    expect(await onlyInvoice(a)).toMatchObject({ finalised: false, manually_invoiced: false });
  });

  it('waits while a case awaits dispatch, then finalises once: every later change is 409', async () => {
    const collection = await twoCaseCollection();
    const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
    await dispatch(a);
    const open = await onlyInvoice(a);
    expect(open.ready_to_finalise).toBe(false);
    const early = await act(a, { action: 'finalise_invoice', invoice_number: open.invoice_number }, admin);
    expect(early.statusCode).toBe(409);
    expect(errorMessage(early)).toBe(invoiceMessages.awaitingDispatch);

    await dispatch(b);
    const ready = await onlyInvoice(a);
    expect(ready.ready_to_finalise).toBe(true);
    const response = await act(
      a,
      { action: 'finalise_invoice', invoice_number: ready.invoice_number },
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    const finalised = await onlyInvoice(a);
    expect(finalised).toMatchObject({ finalised: true, split_invoice_allowed: false, total: ready.total });
    expect(finalised.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const audit = await invoiceAudit(ready.invoice_number);
    expect(audit.at(-1)).toMatchObject({ action: 'finalised', actor: admin.username });

    const second = await act(a, { action: 'finalise_invoice', invoice_number: ready.invoice_number }, admin);
    expect(second.statusCode).toBe(409);
    expect(errorMessage(second)).toBe(invoiceMessages.alreadyFinalised);
    const manual = await act(a, { action: 'manually_invoiced', invoice_number: ready.invoice_number }, admin);
    expect(manual.statusCode).toBe(409);
    const options = await act(a, {
      action: 'edit_case_items',
      case_item_options: [
        { description: 'Late', is_selected: true, amount: 100, is_percentage: false, case_id: a.case_id },
      ],
    });
    expect(options.statusCode).toBe(409);
    expect(errorMessage(options)).toBe(invoiceActionMessages.invoiceClosed);
    const po = await act(a, {
      action: 'invoice_purchase_order',
      case_collection_uid: collection.uid,
      purchase_order_number: 'X',
    });
    expect(po.statusCode).toBe(409);
    const split = await act(a, {
      action: 'split_invoice',
      split_invoice: { invoice_group_uid: ready.invoice_group_uid, groups: [[a.case_mkey], [b.case_mkey]] },
    });
    expect(split.statusCode).toBe(409);
    expect(await onlyInvoice(a)).toEqual(finalised);
    expect(await test.db.select().from(item_options).where(eq(item_options.case_uid, a.uid))).toEqual([]);
  });

  it('answers 404 for an invoice of another collection', async () => {
    const mine = await twoCaseCollection();
    const other = await twoCaseCollection();
    await dispatch(caseAt(other, 0));
    const foreign = await onlyInvoice(caseAt(other, 0));
    const response = await act(
      caseAt(mine, 0),
      { action: 'manually_invoiced', invoice_number: foreign.invoice_number },
      admin,
    );
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe(invoiceActionMessages.unknownInvoice);
  });

  it('never finalises a cash customer’s invoice: it is invoiced manually, once', async () => {
    const client = await createClient(test.db, { isCashCustomer: true });
    const collection = await createCollection(test.db, {
      client,
      cases: [{ statusName: 'Design In Progress' }],
    });
    const only = caseAt(collection, 0);
    await dispatch(only);
    const invoice = await onlyInvoice(only);
    expect(invoice.is_cash_customer).toBe(true);
    expect(invoice.errors.map((e) => e.error)).toContain(invoiceMessages.cashCustomer);

    const finalise = await act(
      only,
      { action: 'finalise_invoice', invoice_number: invoice.invoice_number },
      admin,
    );
    expect(finalise.statusCode).toBe(409);
    expect(errorMessage(finalise)).toBe(invoiceMessages.cashCustomer);
    const manual = await act(
      only,
      { action: 'manually_invoiced', invoice_number: invoice.invoice_number },
      admin,
    );
    expect(manual.statusCode).toBe(200);
    const closed = await onlyInvoice(only);
    expect(closed).toMatchObject({ manually_invoiced: true, finalised: false, split_invoice_allowed: false });
    expect(closed.errors).toEqual([]);
    const again = await act(
      only,
      { action: 'manually_invoiced', invoice_number: invoice.invoice_number },
      admin,
    );
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(invoiceMessages.alreadyManuallyInvoiced);
    const [row] = await test.db
      .select()
      .from(invoices)
      .where(eq(invoices.invoice_number, invoice.invoice_number));
    expect(row?.manually_invoiced_by_id).not.toBeNull();
  });
});
