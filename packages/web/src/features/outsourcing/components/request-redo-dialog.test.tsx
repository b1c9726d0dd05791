import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outsourceMessages } from '@lab/domain';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { aCase, aCollection, aQueryClient, casePath } from '../testing/outsourcing-fixture';
import { RequestRedoDialog } from './request-redo-dialog';

const renderDialog = () => {
  const collection = aCollection(aCase());
  const onClose = vi.fn();
  renderWithQueries(
    <RequestRedoDialog
      isOpen
      collectionUid={collection.uid}
      caseId={501}
      outsourceId={71}
      onClose={onClose}
    />,
    aQueryClient(collection),
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Request Outsource Redo' }) };
};

describe('RequestRedoDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("refuses blank notes ('Cannot be blank')", async () => {
    const calls = stubFetch();
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText(/Notes/), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Redo' }));
    expect(await within(dialog).findByText(outsourceMessages.blank)).toBeTruthy();
    expect(calls.filter((call) => call.path === casePath)).toEqual([]);
  });

  it('sends the notes as the note and the payload Notes', async () => {
    const calls = stubFetch((call) => (call.path === casePath ? json(aCase()) : undefined));
    const { dialog, onClose } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText(/Notes/), { target: { value: 'Margin too thick' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Redo' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.path === casePath).map((call) => call.body)).toEqual([
      {
        action: 'redo_integrated_outsource',
        outsource_id: 71,
        note: 'Margin too thick',
        payload: { Notes: 'Margin too thick' },
      },
    ]);
  });
});
