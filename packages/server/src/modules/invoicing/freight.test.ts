import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '@lab/domain';
import { branches, courier_rates, couriers, invoices } from '../../db/schema/index';
import { signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CaseRow, type CreatedCollection } from '../../testing/factories';
import { firstId } from '../cases/cases-test-kit';
import { invoicingKit } from './invoicing-test-kit';

// Freight from the courier's rate (issue 32, raise-case-invoice.ts): a New Dispatch raises the invoice
// with the rate of its courier from the collection's branch (courier_rates); a case dispatched without a
// courier, or with one that has no rate there, adds none; freight already on the invoice stays. The
// invoice's audit row names the change.

let test: TestApp;
let staff: SignedInUser;
let admin: SignedInUser;
let starTrackId: number;
let nzPostId: number;
const { start, caseAt, act, dispatch, onlyInvoice, invoicesOf, invoiceAudit } = invoicingKit();

/** StarTrack's rate from Melbourne in these tests (not the seeded one, so it is surely the one read). */
const starTrackRate = '23.45';

beforeAll(async () => {
  ({ test, staff } = await start());
  admin = await signInAs(test, { admin: true });
  const courierId = (name: string) =>
    firstId(test.db.select({ id: couriers.id }).from(couriers).where(eq(couriers.name, name)), name);
  starTrackId = await courierId('StarTrack');
  nzPostId = await courierId('NZ Post');
  const melbourne = await firstId(
    test.db.select({ id: branches.id }).from(branches).where(eq(branches.name, 'Melbourne')),
    'Melbourne branch',
  );
  await test.db
    .insert(courier_rates)
    .values({ courier_id: starTrackId, branch_id: melbourne, freight: starTrackRate })
    .onConflictDoUpdate({
      target: [courier_rates.courier_id, courier_rates.branch_id],
      set: { freight: starTrackRate },
    });
  // NZ Post carries from Auckland only: no rate from Melbourne.
  await test.db.delete(courier_rates).where(eq(courier_rates.courier_id, nzPostId));
});
afterAll(() => test.close());

/** POST /api/v2/collection/{uid}/dispatches/: the cases leave with the courier. */
const newDispatch = async (collection: CreatedCollection, cases: CaseRow[], courierId = starTrackId) => {
  const response = await test.app.inject({
    method: 'POST',
    url: `/api/v2/collection/${collection.uid}/dispatches/`,
    headers: staff.headers,
    payload: {
      case_uids: cases.map((c) => c.uid),
      courier_id: courierId,
      tracking_reference: 'ST000111222',
      shipping_address: {
        address_line_1: '1 Collins Street',
        suburb: 'Melbourne',
        state: 'VIC',
        postcode: '3000',
        country: 'AU',
      },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return collectionSchema.parse(response.json());
};

/** An AU client's collection at the Melbourne branch: cases ready for dispatch, or still in design. */
const collectionOf = (...statuses: ('Ready for Dispatch' | 'Design In Progress')[]) =>
  createCollection(test.db, {
    branch: 'Melbourne',
    cases: statuses.map((statusName) => ({ statusName })),
  });

/** The audit rows' freight changes, in order (none: no freight key). */
const freightChanges = async (invoiceNumber: number) =>
  (await invoiceAudit(invoiceNumber)).map((row) => ({
    action: row.action,
    freight: (row.changes as Record<string, unknown> | null)?.freight,
  }));

describe('freight on the invoice a dispatch raises', () => {
  it("adds the courier's rate from the branch on a New Dispatch, once, and audits it", async () => {
    const collection = await collectionOf('Ready for Dispatch', 'Ready for Dispatch');
    const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
    const answer = await newDispatch(collection, [a, b]);
    expect(answer.dispatches[0]?.courier).toBe('StarTrack');

    const invoice = await onlyInvoice(a);
    expect(invoice.freight).toBe(starTrackRate);
    // The total is the lines and the freight; both cases on it, freight counted once.
    const linesCents = invoice.lines.reduce(
      (sum, line) => sum + Math.round(Number(line.total_amount) * 100),
      0,
    );
    expect(linesCents).toBeGreaterThan(0);
    expect(Math.round(Number(invoice.total) * 100)).toBe(linesCents + 2345);
    expect(await onlyInvoice(b)).toEqual(invoice);
    // The first case raised it with the freight; the second added its lines only.
    expect(await freightChanges(invoice.invoice_number)).toEqual([
      { action: 'created', freight: { old: '0.00', new: starTrackRate } },
      { action: 'updated', freight: undefined },
    ]);
    expect((await invoiceAudit(invoice.invoice_number))[0]).toMatchObject({ actor: staff.username });
  });

  it('leaves freight 0.00 when the cases are dispatched by a status edit, without a courier', async () => {
    const collection = await collectionOf('Design In Progress', 'Design In Progress');
    await dispatch(caseAt(collection, 0));
    await dispatch(caseAt(collection, 1));
    const invoice = await onlyInvoice(caseAt(collection, 0));
    expect(invoice.freight).toBe('0.00');
    expect(await freightChanges(invoice.invoice_number)).toEqual([
      { action: 'created', freight: undefined },
      { action: 'updated', freight: undefined },
    ]);
  });

  it('adds none for a courier without a rate from the branch', async () => {
    const collection = await collectionOf('Ready for Dispatch');
    await newDispatch(collection, [caseAt(collection, 0)], nzPostId);
    const invoice = await onlyInvoice(caseAt(collection, 0));
    expect(invoice.freight).toBe('0.00');
    expect(await freightChanges(invoice.invoice_number)).toEqual([{ action: 'created', freight: undefined }]);
  });

  it('keeps freight already on the invoice when a courier carries the next case', async () => {
    const collection = await collectionOf('Design In Progress', 'Ready for Dispatch');
    const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
    await dispatch(a);
    const raised = await onlyInvoice(a);
    expect(raised.freight).toBe('0.00');
    // Set by hand before the courier takes the other case.
    await test.db
      .update(invoices)
      .set({ freight: '40.00' })
      .where(eq(invoices.invoice_number, raised.invoice_number));

    await newDispatch(collection, [b]);
    const invoice = await onlyInvoice(b);
    expect(invoice.invoice_number).toBe(raised.invoice_number);
    expect(invoice.freight).toBe('40.00');
    expect(await freightChanges(invoice.invoice_number)).toEqual([
      { action: 'created', freight: undefined },
      { action: 'updated', freight: undefined },
    ]);
  });

  it("charges a case dispatched without a courier no freight, though an earlier case's courier had", async () => {
    // The first case leaves with StarTrack and is invoiced by hand; the second, dispatched by a status
    // edit, goes on a new invoice that no courier's rate belongs to.
    const collection = await collectionOf('Ready for Dispatch', 'Design In Progress');
    const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
    await newDispatch(collection, [a]);
    const first = await onlyInvoice(a);
    expect(first.freight).toBe(starTrackRate);
    const closed = await act(a, { action: 'manually_invoiced', invoice_number: first.invoice_number }, admin);
    expect(closed.statusCode, closed.body).toBe(200);

    await dispatch(b);
    const all = await invoicesOf(b);
    const second = all.find((i) => i.invoice_number !== first.invoice_number);
    if (!second) throw new Error('no second invoice');
    expect(second.freight).toBe('0.00');
    expect(all.find((i) => i.invoice_number === first.invoice_number)?.freight).toBe(starTrackRate);
    expect(await freightChanges(second.invoice_number)).toEqual([{ action: 'created', freight: undefined }]);
  });
});
