import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '../../../lib/api-client';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { AddIdentificationDialog } from './add-identification-dialog';

// collection-views §5 'Identification dialog'.

const clientId = 10042;

const renderDialog = () => {
  const onClose = vi.fn();
  const utils = renderWithQueries(<AddIdentificationDialog clientId={clientId} isOpen onClose={onClose} />);
  const reopen = (isOpen: boolean) =>
    utils.rerender(
      <QueryClientProvider client={utils.queryClient}>
        <AddIdentificationDialog clientId={clientId} isOpen={isOpen} onClose={onClose} />
      </QueryClientProvider>,
    );
  return { onClose, reopen };
};

const field = (name: 'Email Address' | 'Mobile Number') =>
  screen.getByRole('textbox', { name }) as HTMLInputElement;
const addButton = () => screen.getByRole('button', { name: 'Add' });
const type = (name: 'Email Address' | 'Mobile Number', value: string) =>
  fireEvent.change(field(name), { target: { value } });
const tab = (name: 'Email Address' | 'Mobile Number') => screen.getByRole('tab', { name });

describe('AddIdentificationDialog', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('does nothing on the email tab while the address is empty or not an address', () => {
    const post = vi.spyOn(apiClient, 'post');
    renderDialog();
    expect(tab('Email Address').getAttribute('aria-selected')).toBe('true');
    expect(addButton().hasAttribute('disabled')).toBe(true);
    type('Email Address', 'dr.nguyen@gmail');
    expect(addButton().hasAttribute('disabled')).toBe(true);
    fireEvent.submit(field('Email Address').closest('form') as HTMLFormElement);
    fireEvent.blur(field('Email Address'));
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('saves a valid address and closes', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({});
    const { onClose } = renderDialog();
    type('Email Address', ' Dr.Nguyen@Gmail.com ');
    fireEvent.click(addButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      `/api/v2/client/${clientId}/identifications/`,
      { kind: 'EMAIL', value: 'dr.nguyen@gmail.com' },
      expect.anything(),
    );
  });

  it('needs a valid mobile number and saves it in international form (default country AU)', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({});
    renderDialog();
    fireEvent.click(tab('Mobile Number'));
    expect(screen.getByRole('combobox', { name: 'Country' }).textContent).toContain('Australia (+61)');
    type('Mobile Number', '12345');
    expect(addButton().hasAttribute('disabled')).toBe(true);
    type('Mobile Number', '0412 345 678');
    expect(addButton().hasAttribute('disabled')).toBe(false);
    fireEvent.click(addButton());
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]?.[1]).toEqual({ kind: 'MOBILE', value: '+61412345678' });
  });

  it('lists AU and US first among the countries', async () => {
    renderDialog();
    fireEvent.click(tab('Mobile Number'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Country' }));
    const options = await screen.findAllByRole('option');
    expect(options.slice(0, 2).map((option) => option.textContent)).toEqual([
      'Australia (+61)',
      'United States (+1)',
    ]);
  });

  it('clears the value when the tab changes', () => {
    renderDialog();
    type('Email Address', 'dr.nguyen@gmail.com');
    fireEvent.click(tab('Mobile Number'));
    expect(field('Mobile Number').value).toBe('');
    type('Mobile Number', '0412 345 678');
    fireEvent.click(tab('Email Address'));
    expect(field('Email Address').value).toBe('');
  });

  it('goes back to the email tab, empty, after closing', async () => {
    const { onClose, reopen } = renderDialog();
    fireEvent.click(tab('Mobile Number'));
    type('Mobile Number', '0412 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    reopen(false);
    reopen(true);
    await waitFor(() => expect(tab('Email Address').getAttribute('aria-selected')).toBe('true'));
    expect(field('Email Address').value).toBe('');
  });

  it("shows the server's refusal (a duplicate) in the dialog and stays open", async () => {
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new ApiError(409, 'conflict', 'This client already has this identification'),
    );
    const { onClose } = renderDialog();
    type('Email Address', 'dr.nguyen@gmail.com');
    fireEvent.click(addButton());
    expect(await screen.findByText('This client already has this identification')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
