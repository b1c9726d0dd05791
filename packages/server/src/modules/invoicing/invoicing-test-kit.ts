import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { caseInvoicesSchema, type Invoice } from '@lab/domain';
import { audit_events, statuses } from '../../db/schema/index';
import { createTestApp, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCollection, type CaseRow, type CreatedCollection } from '../../testing/factories';
import { createCaseCalls } from '../cases/cases-test-kit';

// What the invoicing action tests share: an app with a warehouse user, dispatching a case (which bills
// it), reading the invoices as the Billing view does, and their audit rows.

export const invoicingKit = () => {
  const state = {} as {
    test: TestApp;
    staff: SignedInUser;
    calls: ReturnType<typeof createCaseCalls>;
    dispatchedStatusId: number;
  };

  const start = async () => {
    state.test = await createTestApp();
    // The front office dispatches, edits item options and works invoices (domain permission table).
    state.staff = await signInAs(state.test, { department: 'ADMIN' });
    state.calls = createCaseCalls(state.test, state.staff);
    const [status] = await state.test.db
      .select()
      .from(statuses)
      .where(eq(statuses.name, 'Dispatched'))
      .limit(1);
    if (!status) throw new Error('no Dispatched status');
    state.dispatchedStatusId = status.id;
    return state;
  };

  const caseAt = (collection: CreatedCollection, index: number): CaseRow => {
    const found = collection.cases[index];
    if (!found) throw new Error(`no case ${index}`);
    return found;
  };

  const act = async (caseRow: CaseRow, body: unknown, user: SignedInUser = state.staff) =>
    state.calls.act(caseRow.case_id, body, user.headers);

  const dispatch = async (caseRow: CaseRow) => {
    const response = await act(caseRow, {
      action: 'edit_case',
      case: { status_id: state.dispatchedStatusId },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const invoicesOf = async (caseRow: CaseRow): Promise<Invoice[]> => {
    const response = await state.test.app.inject({
      method: 'GET',
      url: `/api/cases/${caseRow.case_id}/invoicing/`,
      headers: state.staff.headers,
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
    state.test.db
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
    createCollection(state.test.db, {
      cases: [{ statusName: 'Design In Progress' }, { statusName: 'Design In Progress' }],
      ...options,
    });

  return {
    start,
    caseAt,
    act,
    dispatch,
    invoicesOf,
    onlyInvoice,
    invoiceAudit,
    descriptions,
    twoCaseCollection,
  };
};
