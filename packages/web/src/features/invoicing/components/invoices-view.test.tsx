import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoiceMessages } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { aCollection } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { formatInvoiceDate, invoicingTexts } from '../invoice-rules';
import { anInvoice, billingCollection, optionSets, upperCase } from '../testing/invoice-fixture';
import { InvoicesView } from './invoices-view';

const finalised = anInvoice({
  invoice_number: 199990,
  finalised: true,
  invoice_date: '2025-03-12',
  split_invoice_allowed: false,
  related_mkey_cases: ['120034-01'],
  purchase_order_number: 'PO-77',
});

const answerWith =
  (invoices = [finalised, anInvoice()]) =>
  (call: ApiCall) => {
    if (call.path === `/api/cases/${upperCase.case_id}/invoicing/`) return json(invoices);
    if (call.path === `/api/v2/case/${upperCase.case_id}/item_options/`) return json(optionSets);
    if (call.method === 'POST') return json(upperCase);
    return undefined;
  };

const card = (name: string) => screen.getByRole('region', { name });

describe('InvoicesView', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the invoices and shows the open one: parties, lines, freight and total', async () => {
    stubFetch(answerWith());
    renderWithQueries(<InvoicesView collection={billingCollection} isAdmin />);
    const list = await screen.findByRole('navigation', { name: 'Invoices' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(`Finalised ${formatInvoiceDate('2025-03-12')}`),
      expect.stringContaining('Not Finalised'),
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('true');

    const details = card('Invoice 200001');
    expect(within(details).getByText('Bayside Dental Group')).toBeTruthy();
    expect(within(details).getByText('accounts@bayside.example')).toBeTruthy();
    expect(within(details).getByText('$5,000.00')).toBeTruthy();
    expect(within(details).getByText('Brighton VIC 3186')).toBeTruthy();
    expect(within(details).getByText('StarTrack')).toBeTruthy();
    const lines = within(details).getByRole('table', { name: 'Invoice lines' });
    // Header, four lines, freight, total, GST and the amount due.
    expect(within(lines).getAllByRole('row')).toHaveLength(1 + 4 + 4);
    expect(within(lines).getByText('$15.00')).toBeTruthy();
    expect(within(lines).getByLabelText('Invoice total').textContent).toBe('$1,015.00 AUD');
    expect(within(lines).getByText('GST 10 %')).toBeTruthy();
    expect(within(lines).getByLabelText('Invoice tax').textContent).toBe('$101.50');
    expect(within(lines).getByLabelText('Amount due').textContent).toBe('$1,116.50 AUD');
    expect(within(details).getByRole('link', { name: 'PDF of invoice 200001' }).getAttribute('href')).toBe(
      '/api/v2/invoices/200001/pdf/',
    );
    expect(within(details).getByRole('button', { name: 'Split' })).toBeTruthy();
    expect(within(card('Issues')).getByText(invoicingTexts.noIssues)).toBeTruthy();
  });

  it('shows a finalised invoice when chosen: no split, no actions, options read-only', async () => {
    stubFetch(answerWith());
    renderWithQueries(<InvoicesView collection={billingCollection} isAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: /Invoice 199990/ }));
    const details = card('Invoice 199990');
    expect(within(details).queryByRole('button', { name: 'Split' })).toBeNull();
    expect((within(details).getByLabelText('PO#') as HTMLInputElement).value).toBe('PO-77');
    expect((within(details).getByLabelText('PO#') as HTMLInputElement).disabled).toBe(true);
    expect(
      within(card('Finalise')).getByText(`Finalised on ${formatInvoiceDate('2025-03-12')}`),
    ).toBeTruthy();
    expect(within(card('Finalise')).queryByRole('button', { name: 'Finalise' })).toBeNull();
    expect(await within(card('Item Options')).findByText(invoicingTexts.closedOptions)).toBeTruthy();
  });

  it('lists the issues, coloured by their bar style', async () => {
    stubFetch(
      answerWith([
        anInvoice({
          errors: [
            {
              case_mkey: '120034-02',
              case_id: 502,
              bar_style_name: 'error',
              error: 'No price for the job type',
            },
            { case_mkey: null, case_id: null, bar_style_name: 'warning', error: 'No billing e-mail' },
          ],
        }),
      ]),
    );
    renderWithQueries(<InvoicesView collection={billingCollection} isAdmin />);
    const alerts = within(await screen.findByRole('region', { name: 'Issues' })).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      '120034-02: No price for the job type',
      'No billing e-mail',
    ]);
    expect(alerts[0]?.className).toMatch(/colorError|standardError/);
    expect(alerts[1]?.className).toMatch(/colorWarning|standardWarning/);
  });

  it('saves the PO# of the open invoices, and says so when it fails', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? json({ error: { code: 'conflict', message: 'nope' } }, 409)
        : answerWith()(call),
    );
    renderWithQueries(<InvoicesView collection={billingCollection} isAdmin />);
    const details = await screen.findByRole('region', { name: 'Invoice 200001' });
    fireEvent.change(within(details).getByLabelText('PO#'), { target: { value: ' PO-123 ' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save PO#' }));
    expect(await within(details).findByText(invoiceMessages.purchaseOrderFailed)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/v2/case/${upperCase.case_id}/`,
      body: {
        action: 'invoice_purchase_order',
        case_collection_uid: billingCollection.uid,
        purchase_order_number: 'PO-123',
      },
    });
  });

  it("says 'No Fulfillment Branch Selected' and reads no invoices without a branch", () => {
    const calls = stubFetch(answerWith());
    renderWithQueries(
      <InvoicesView
        collection={{ ...billingCollection, fulfillment_branch_id: null, fulfillment_branch: null }}
        isAdmin
      />,
    );
    expect(screen.getByText(invoiceMessages.noFulfillmentBranch)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says so when the collection has no invoice yet', async () => {
    stubFetch(answerWith([]));
    renderWithQueries(<InvoicesView collection={billingCollection} isAdmin />);
    expect(await screen.findByText(invoicingTexts.noInvoices)).toBeTruthy();
  });

  it('says so when the collection has no case to invoice', async () => {
    stubFetch();
    renderWithQueries(<InvoicesView collection={aCollection()} isAdmin />);
    await waitFor(() => expect(screen.getByText(invoicingTexts.noCases)).toBeTruthy());
  });
});
