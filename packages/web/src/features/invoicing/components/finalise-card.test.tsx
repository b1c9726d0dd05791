import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { finaliseFailureText, invoiceMessages } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { invoicingTexts } from '../invoice-rules';
import { anInvoice, upperCase } from '../testing/invoice-fixture';
import { FinaliseCard } from './finalise-card';

const accepted = (call: ApiCall) => (call.method === 'POST' ? json(upperCase) : undefined);

describe('FinaliseCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('finalises after the spec’s confirmation', async () => {
    const calls = stubFetch(accepted);
    renderWithQueries(<FinaliseCard invoice={anInvoice()} caseId={501} isAdmin />);
    fireEvent.click(screen.getByRole('button', { name: 'Finalise' }));
    const dialog = screen.getByRole('dialog', { name: 'Finalise Invoice' });
    expect(within(dialog).getByText(invoiceMessages.finaliseConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/v2/case/501/',
      body: { action: 'finalise_invoice', invoice_number: 200001 },
    });
  });

  it('asks the manual invoicing question verbatim; Cancel sends nothing', () => {
    const calls = stubFetch(accepted);
    renderWithQueries(<FinaliseCard invoice={anInvoice()} caseId={501} isAdmin />);
    fireEvent.click(screen.getByRole('button', { name: 'Manual Invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Manual Invoice' });
    expect(within(dialog).getByText(invoiceMessages.manualInvoiceConfirm)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
  });

  it('keeps Finalise disabled with the reason while cases await dispatch', () => {
    stubFetch(accepted);
    renderWithQueries(
      <FinaliseCard invoice={anInvoice({ ready_to_finalise: false })} caseId={501} isAdmin />,
    );
    const finalise = screen.getByRole('button', { name: 'Finalise' });
    expect((finalise as HTMLButtonElement).disabled).toBe(true);
    expect(finalise.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(invoiceMessages.awaitingDispatch).id).toBe(
      finalise.getAttribute('aria-describedby'),
    );
    expect((screen.getByRole('button', { name: 'Manual Invoice' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('warns about a cash customer and offers only Manual Invoice', () => {
    stubFetch(accepted);
    renderWithQueries(
      <FinaliseCard
        invoice={anInvoice({ is_cash_customer: true, ready_to_finalise: false })}
        caseId={501}
        isAdmin
      />,
    );
    expect(screen.getByText(invoiceMessages.cashCustomer)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalise' })).toBeNull();
    expect(screen.queryByText(invoiceMessages.awaitingDispatch)).toBeNull();
    expect(screen.getByRole('button', { name: 'Manual Invoice' })).toBeTruthy();
  });

  it("shows the server's message followed by the spec's text when it fails", async () => {
    stubFetch((call) =>
      call.method === 'POST'
        ? json({ error: { code: 'conflict', message: invoiceMessages.alreadyFinalised } }, 409)
        : undefined,
    );
    renderWithQueries(<FinaliseCard invoice={anInvoice()} caseId={501} isAdmin />);
    fireEvent.click(screen.getByRole('button', { name: 'Finalise' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(finaliseFailureText(invoiceMessages.alreadyFinalised))).toBeTruthy();
  });

  it('offers no action to a user who is not an admin', () => {
    stubFetch(accepted);
    renderWithQueries(<FinaliseCard invoice={anInvoice()} caseId={501} isAdmin={false} />);
    expect(screen.getByText(invoicingTexts.adminOnly)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
