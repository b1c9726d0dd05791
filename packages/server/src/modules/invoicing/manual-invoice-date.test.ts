import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../../db/schema/index';
import { signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient, type CaseRow } from '../../testing/factories';
import { pdfPages } from './documents/documents-fixture';
import { dateShown } from './documents/document-text';
import { invoicingKit } from './invoicing-test-kit';

// manually_invoiced dates the invoice (issue 32, close-invoice.ts): billed outside the system, it is dated
// today where the collection's branch is, and its PDF (GET /api/v2/invoices/{n}/pdf/) shows that date
// instead of 'Not finalised'.

let test: TestApp;
let admin: SignedInUser;
const { start, caseAt, act, dispatch, onlyInvoice, invoiceAudit, twoCaseCollection } = invoicingKit();
beforeAll(async () => {
  ({ test } = await start());
  admin = await signInAs(test, { admin: true });
});
afterAll(() => test.close());

/** Today in the branch's time zone ('YYYY-MM-DD'). */
const todayAt = async (branchName: string, now = new Date()): Promise<string> => {
  const [branch] = await test.db
    .select({ zone: branches.time_zone })
    .from(branches)
    .where(eq(branches.name, branchName));
  if (!branch) throw new Error(`no branch ${branchName}`);
  return new Intl.DateTimeFormat('en-CA', { timeZone: branch.zone }).format(now);
};

const pdfText = async (invoiceNumber: number): Promise<string> => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/v2/invoices/${invoiceNumber}/pdf/`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return (await pdfPages(response.rawPayload)).join('\n');
};

const manuallyInvoice = async (caseRow: CaseRow, invoiceNumber: number) => {
  const response = await act(caseRow, { action: 'manually_invoiced', invoice_number: invoiceNumber }, admin);
  expect(response.statusCode, response.body).toBe(200);
};

describe('manually_invoiced', () => {
  it.each([
    ['an AU client at the Melbourne branch', 'AU', 'Melbourne'],
    ['an NZ client at the Auckland branch', 'NZ', 'Auckland'],
  ] as const)(
    'dates the invoice today where the branch is, and its PDF shows the date: %s',
    async (_, country, branch) => {
      const client = await createClient(test.db, { country });
      const collection = await twoCaseCollection({ client, branch });
      const [a, b] = [caseAt(collection, 0), caseAt(collection, 1)];
      await dispatch(a);
      await dispatch(b);
      const open = await onlyInvoice(a);
      expect(open).toMatchObject({ manually_invoiced: false, invoice_date: null });
      const openText = await pdfText(open.invoice_number);
      expect(openText).toMatch(/Invoice date\s+Not finalised/);

      const before = await todayAt(branch);
      await manuallyInvoice(a, open.invoice_number);
      const after = await todayAt(branch);

      const closed = await onlyInvoice(a);
      expect(closed).toMatchObject({ manually_invoiced: true, finalised: false });
      // The branch's today (either side of the call, should it straddle midnight there).
      expect([before, after]).toContain(closed.invoice_date);
      const date = closed.invoice_date ?? '';
      expect((await invoiceAudit(open.invoice_number)).at(-1)).toMatchObject({
        action: 'manually_invoiced',
        actor: admin.username,
        changes: { manually_invoiced: { old: false, new: true }, invoice_date: { old: null, new: date } },
      });

      const text = await pdfText(open.invoice_number);
      expect(text).toContain('MANUALLY INVOICED');
      expect(text).toMatch(new RegExp(`Invoice date\\s+${dateShown(date)}`));
      expect(text).not.toContain('Not finalised');
      expect(text).not.toContain('TAX INVOICE');
    },
  );

  it("dates a cash customer's invoice too (its only way to close), before its cases are all dispatched", async () => {
    const client = await createClient(test.db, { isCashCustomer: true });
    const collection = await twoCaseCollection({ client });
    const a = caseAt(collection, 0);
    await dispatch(a);
    const open = await onlyInvoice(a);
    const before = await todayAt('Melbourne');
    await manuallyInvoice(a, open.invoice_number);
    const closed = await onlyInvoice(a);
    expect([before, await todayAt('Melbourne')]).toContain(closed.invoice_date);
    const text = await pdfText(open.invoice_number);
    expect(text).toMatch(new RegExp(`Invoice date\\s+${dateShown(closed.invoice_date ?? '')}`));
    expect(text).not.toContain('Not finalised');
  });
});
