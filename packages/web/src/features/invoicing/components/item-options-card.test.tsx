import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoiceMessages } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { anInvoice, optionSets, upperCase } from '../testing/invoice-fixture';
import { ItemOptionsCard } from './item-options-card';

const answer = (call: ApiCall) => {
  if (call.path === `/api/v2/case/${upperCase.case_id}/item_options/`) return json(optionSets);
  if (call.method === 'POST') return json(upperCase);
  return undefined;
};

const caseSection = (caseMkey: string) => screen.findByRole('region', { name: caseMkey });
const amountOf = (option: HTMLElement) => within(option).getByLabelText('Amount');

describe('ItemOptionsCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each case of the invoice with its options: fixed in dollars, percentages in percent', async () => {
    stubFetch(answer);
    renderWithQueries(<ItemOptionsCard invoice={anInvoice()} caseId={upperCase.case_id} />);
    const first = await caseSection('120034-01');
    const rush = within(first).getByRole('group', { name: 'Option Rush fee' });
    expect((amountOf(rush) as HTMLInputElement).value).toBe('25.00');
    expect(
      (within(rush).getByRole('checkbox', { name: 'Select Rush fee' }) as HTMLInputElement).checked,
    ).toBe(true);
    const gold = within(first).getByRole('group', { name: 'Option Gold finish' });
    expect((amountOf(gold) as HTMLInputElement).value).toBe('10');
    expect((within(gold).getByRole('switch', { name: 'Percentage' }) as HTMLInputElement).checked).toBe(true);
    expect(within(await caseSection('120034-02')).getByText('No options')).toBeTruthy();
  });

  it('refuses a negative or fractional-cent amount and a percentage above 100, and sends none of them', async () => {
    const calls = stubFetch(answer);
    renderWithQueries(<ItemOptionsCard invoice={anInvoice()} caseId={upperCase.case_id} />);
    const first = await caseSection('120034-01');
    const rush = within(first).getByRole('group', { name: 'Option Rush fee' });
    const gold = within(first).getByRole('group', { name: 'Option Gold finish' });

    fireEvent.change(amountOf(rush), { target: { value: '-5' } });
    expect(within(rush).getByText(invoiceMessages.mustBeInteger)).toBeTruthy();
    fireEvent.change(amountOf(rush), { target: { value: '1.234' } });
    expect(within(rush).getByText(invoiceMessages.mustBeInteger)).toBeTruthy();
    fireEvent.change(amountOf(gold), { target: { value: '150' } });
    expect(within(gold).getByText(invoiceMessages.percentRange)).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: 'Save options of 120034-01' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('adds an option and saves the case’s list in the API units (cents, whole percent)', async () => {
    const calls = stubFetch(answer);
    renderWithQueries(<ItemOptionsCard invoice={anInvoice()} caseId={upperCase.case_id} />);
    const first = await caseSection('120034-01');
    fireEvent.click(within(first).getByRole('button', { name: 'Add Option' }));
    const added = within(first).getByRole('group', { name: 'Option new option' });
    fireEvent.click(within(first).getByRole('button', { name: 'Save options of 120034-01' }));
    // A refused save shows every message of the new row.
    expect(within(added).getByText('Cannot be blank')).toBeTruthy();
    expect(within(added).getByText(invoiceMessages.mustBeInteger)).toBeTruthy();

    fireEvent.change(within(added).getByLabelText('Description'), { target: { value: 'Shade match' } });
    fireEvent.change(amountOf(added), { target: { value: '12.5' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Save options of 120034-01' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/v2/case/${upperCase.case_id}/`,
      body: {
        action: 'edit_case_items',
        case_item_options: [
          { description: 'Rush fee', is_selected: true, amount: 2500, is_percentage: false, case_id: 501 },
          { description: 'Gold finish', is_selected: false, amount: 10, is_percentage: true, case_id: 501 },
          { description: 'Shade match', is_selected: true, amount: 1250, is_percentage: false, case_id: 501 },
        ],
      },
    });
    // And says so, beside the options.
    expect((await screen.findByRole('status')).textContent).toBe('Options of 120034-01 saved');
  });

  it('is read-only on a closed invoice', async () => {
    stubFetch(answer);
    renderWithQueries(
      <ItemOptionsCard invoice={anInvoice({ finalised: true })} caseId={upperCase.case_id} />,
    );
    const first = await caseSection('120034-01');
    expect(
      (amountOf(within(first).getByRole('group', { name: 'Option Rush fee' })) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(within(first).queryByRole('button', { name: /Save options/ })).toBeNull();
  });
});
