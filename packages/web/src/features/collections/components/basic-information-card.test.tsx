import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectionConfirmTexts, type Branch } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { aCollection } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { BasicInformationCard } from './basic-information-card';

const branches: Branch[] = [
  { id: 1, name: 'Melbourne' },
  { id: 2, name: 'Sydney' },
];

const renderEditing = (collection = aCollection()) => {
  const onEditingChange = vi.fn();
  renderWithQueries(
    <BasicInformationCard collection={collection} isEditing onEditingChange={onEditingChange} />,
  );
  return { onEditingChange };
};

const chooseOption = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(label) }));
  fireEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
};

// MUI selects and the first render are slow on a shared CPU.
describe('BasicInformationCard in edit mode', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(apiClient, 'get').mockImplementation((path: string) =>
      Promise.resolve(path === '/api/v2/case/branches/' ? branches : []),
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows 'Cannot be blank' under a blank patient reference and does not save", async () => {
    const request = vi.spyOn(apiClient, 'request');
    renderEditing();
    fireEvent.change(screen.getByRole('textbox', { name: /Patient Reference/ }), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot be blank')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it("shows 'Cannot be blank' under a missing fulfillment branch and a new kit left empty", async () => {
    renderEditing(aCollection({ fulfillment_branch: null, fulfillment_branch_id: null }));
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    // Only one new unsaved kit at a time.
    expect(screen.getByRole('button', { name: 'New' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Cannot be blank')).toHaveLength(2));
  });

  it('asks the WARNING before a branch change, and cancelling restores the branch', async () => {
    renderEditing();
    await chooseOption('Fulfillment Branch', 'Sydney');
    const dialog = await screen.findByRole('dialog', { name: collectionConfirmTexts.branchChangeTitle });
    expect(within(dialog).getByText(collectionConfirmTexts.branchChange)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Fulfillment Branch/ }).textContent).toBe('Melbourne'),
    );
  });

  it('saves the form with PATCH and leaves edit mode', async () => {
    const request = vi.spyOn(apiClient, 'request').mockResolvedValue({});
    const collection = aCollection();
    const { onEditingChange } = renderEditing(collection);
    fireEvent.change(screen.getByRole('textbox', { name: /Patient Reference/ }), {
      target: { value: ' JONES K ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onEditingChange).toHaveBeenCalledWith(false));
    expect(request).toHaveBeenCalledWith('PATCH', `/api/v2/collection/${collection.uid}/`, {
      schema: expect.anything() as unknown,
      body: {
        patient_reference: 'JONES K',
        ordering_platform: 'oep',
        fulfillment_branch_id: 1,
        shipping_client_uid: collection.shipping_client.uid,
        billing_client_uid: null,
        pricing_kits: [],
      },
    });
  });
});

describe('BasicInformationCard in read mode', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('lists the referrals with their status (Accepted, Canceled, Pending)', () => {
    const referral = {
      created_at: '2025-02-01T01:00:00.000Z',
      referrer_client_name: 'Bayside Dental',
      referree_client_name: null,
      accepted_at: null,
      canceled_at: null,
    };
    renderWithQueries(
      <BasicInformationCard
        collection={aCollection({
          referrals: [
            {
              ...referral,
              referree_identification: 'a@b.co',
              referree_client_name: 'Manly Dental',
              accepted_at: referral.created_at,
            },
            { ...referral, referree_identification: '+61412345678', canceled_at: referral.created_at },
            { ...referral, referree_identification: 'front@c.co' },
          ],
        })}
        isEditing={false}
        onEditingChange={vi.fn()}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Referrals' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Bayside Dental referred Manly Dental on .*Accepted$/),
      expect.stringMatching(/referred \+61412345678 on .*Canceled$/),
      expect.stringMatching(/referred front@c\.co on .*Pending$/),
    ]);
  });

  it("shows 'None' without referrals", () => {
    renderWithQueries(
      <BasicInformationCard collection={aCollection()} isEditing={false} onEditingChange={vi.fn()} />,
    );
    expect(screen.queryByRole('list', { name: 'Referrals' })).toBeNull();
    expect(screen.getByText('Referrals').nextElementSibling?.textContent).toBe('None');
  });
});
