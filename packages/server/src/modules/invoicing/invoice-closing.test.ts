import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceActionMessages, invoiceMessages, parseMoneyCents } from '@lab/domain';
import { invoices, item_options } from '../../db/schema/index';
import { errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient, createCollection } from '../../testing/factories';
import { fieldsOf } from '../cases/cases-test-kit';
import { invoicingKit } from './invoicing-test-kit';

// split_invoice, finalise_invoice and manually_invoiced through the real app (collection-views §4, §5, §8;
// domain-decisions 'Roles'): each success with its audit row, each refusal with its message.

let test: TestApp;
let admin: SignedInUser;
const { start, caseAt, act, dispatch, invoicesOf, onlyInvoice, invoiceAudit, twoCaseCollection } =
  invoicingKit();
beforeAll(async () => {
  ({ test } = await start());
  admin = await signInAs(test, { admin: true });
});
afterAll(() => test.close());

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
