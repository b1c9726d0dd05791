import { cleanup, createEvent, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoiceMessages } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { anInvoice, upperCase } from '../testing/invoice-fixture';
import { SplitInvoiceDialog } from './split-invoice-dialog';

const accepted = (call: ApiCall) => (call.method === 'POST' ? json(upperCase) : undefined);

const renderDialog = (onClose = vi.fn()) => {
  renderWithQueries(<SplitInvoiceDialog isOpen invoice={anInvoice()} caseId={501} onClose={onClose} />);
  return screen.getByRole('dialog', { name: 'Split Invoice 200001' });
};

const listed = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const amount = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label).textContent;
const confirmButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;

describe('SplitInvoiceDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts with every case on the invoice, the fixed kit among them, and Confirm disabled', () => {
    stubFetch(accepted);
    const dialog = renderDialog();
    expect(listed(dialog, 'Invoice 200001')).toEqual([
      expect.stringContaining('120034-01'),
      expect.stringContaining('120034-02'),
      expect.stringContaining('120034-03'),
      expect.stringContaining('Pricing kit UPPER'),
    ]);
    expect(within(dialog).getByRole('list', { name: 'New Invoice' }).children).toHaveLength(0);
    expect(amount(dialog, 'Split Amount')).toBe('$0.00');
    expect(amount(dialog, 'Remaining Total')).toBe('$1,015.00');
    expect(within(dialog).getByText(invoiceMessages.splitMustBePositive)).toBeTruthy();
    expect(confirmButton(dialog).disabled).toBe(true);
    // The fixed line cannot be dragged and has no move button.
    const kit = within(within(dialog).getByRole('list', { name: 'Invoice 200001' })).getAllByRole(
      'listitem',
    )[3];
    expect(kit?.getAttribute('draggable')).toBeNull();
    expect(within(kit as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('moves a case with its button, shows the computed split, and enables Confirm', () => {
    stubFetch(accepted);
    const dialog = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 120034-03 to the new invoice' }));
    expect(listed(dialog, 'New Invoice')).toEqual([expect.stringContaining('120034-03')]);
    expect(amount(dialog, 'Split Amount')).toBe('$200.00');
    expect(amount(dialog, 'Remaining Total')).toBe('$815.00');
    expect(within(dialog).queryByText(invoiceMessages.splitMustBePositive)).toBeNull();
    expect(confirmButton(dialog).disabled).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 120034-03 back to invoice 200001' }));
    expect(confirmButton(dialog).disabled).toBe(true);
  });

  it('keeps Confirm disabled when every case moves (the first list is empty)', () => {
    stubFetch(accepted);
    const dialog = renderDialog();
    for (const key of ['120034-01', '120034-02', '120034-03']) {
      fireEvent.click(within(dialog).getByRole('button', { name: `Move ${key} to the new invoice` }));
    }
    expect(amount(dialog, 'Split Amount')).toBe('$850.00');
    expect(confirmButton(dialog).disabled).toBe(true);
    // And says why, beside it.
    expect(within(dialog).getByText(invoiceMessages.splitGroupEmpty).getAttribute('role')).toBe('status');
  });

  it('splits by arch: the lower cases (by teeth, else by dentate) go to the new invoice', () => {
    stubFetch(accepted);
    const dialog = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split by arch' }));
    expect(listed(dialog, 'New Invoice')).toEqual([
      expect.stringContaining('120034-02'),
      expect.stringContaining('120034-03'),
    ]);
    expect(amount(dialog, 'Split Amount')).toBe('$450.00');
    expect(confirmButton(dialog).disabled).toBe(false);
  });

  it('moves a case dropped on the other list', () => {
    stubFetch(accepted);
    const dialog = renderDialog();
    const source = within(dialog)
      .getByText(/^120034-02/)
      .closest('li') as HTMLElement;
    const target = within(dialog).getByRole('list', { name: 'New Invoice' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      dropEffect: 'none',
      effectAllowed: 'all',
    };
    fireEvent.dragStart(source, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    const drop = createEvent.drop(target, { dataTransfer });
    fireEvent(target, drop);
    expect(listed(dialog, 'New Invoice')).toEqual([expect.stringContaining('120034-02')]);
  });

  it('sends the two lists and closes; says so when the split fails', async () => {
    const calls = stubFetch(accepted);
    const onClose = vi.fn();
    const dialog = renderDialog(onClose);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split by arch' }));
    fireEvent.click(confirmButton(dialog));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/v2/case/501/',
      body: {
        action: 'split_invoice',
        split_invoice: {
          invoice_group_uid: anInvoice().invoice_group_uid,
          groups: [['120034-01'], ['120034-02', '120034-03']],
        },
      },
    });

    cleanup();
    stubFetch(() => json({ error: { code: 'conflict', message: 'This invoice cannot be split' } }, 409));
    const again = renderDialog();
    fireEvent.click(within(again).getByRole('button', { name: 'Split by arch' }));
    fireEvent.click(confirmButton(again));
    expect(await within(again).findByText(invoiceMessages.splitFailed)).toBeTruthy();
  });
});
