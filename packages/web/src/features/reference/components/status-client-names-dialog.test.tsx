import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionTable, statusMessages, type Status } from '@lab/domain';
import { json, stubFetch, type Answer } from '../../../testing/fetch-stub';
import { aTestQueryClient, renderWithQueries } from '../../../testing/render-with-queries';
import { StatusClientNamesDialog } from './status-client-names-dialog';

// The administrator's status names as clients see them: one row per status, each saved on its own through
// the admin route, the statuses list updated from the answer; the route's rules are checked before
// sending, and a refusal shows on its row.

const status = (id: number, name: string, clientName: string | null): Status => ({
  id,
  name,
  parent_name: 'IN DESIGN',
  description: '',
  in_finishing: false,
  in_production: false,
  in_design: true,
  dispatch_ready: false,
  client_name: clientName,
});

const outsourced = status(3, 'Design Outsourced', 'Design In Progress');
const awaiting = status(4, 'Awaiting Client Approval', null);

const renderDialog = (answer: Answer) => {
  const calls = stubFetch(answer);
  const queryClient = aTestQueryClient();
  queryClient.setQueryData(['reference', 'statuses'], [outsourced, awaiting]);
  const onClose = vi.fn();
  const utils = renderWithQueries(<StatusClientNamesDialog isOpen onClose={onClose} />, queryClient);
  const puts = () => calls.filter((call) => call.method === 'PUT');
  const rowOf = (id: number) => document.querySelector(`[data-status-id="${id}"]`) as HTMLElement;
  return { ...utils, puts, onClose, rowOf };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StatusClientNamesDialog', () => {
  it('lists every status with the name clients see', () => {
    const { rowOf } = renderDialog(() => undefined);
    expect(screen.getByRole('dialog', { name: 'Status names for clients' })).toBeTruthy();
    const field = within(rowOf(3)).getByRole('textbox', { name: 'Clients see: Design Outsourced' });
    expect((field as HTMLInputElement).value).toBe('Design In Progress');
    expect(within(rowOf(4)).getByText('Clients see “Awaiting Client Approval”')).toBeTruthy();
  });

  it('saves a name through the admin route and puts the answer into the statuses list', async () => {
    const saved = { ...awaiting, client_name: 'Waiting for your approval' };
    const { puts, rowOf, queryClient } = renderDialog((call) =>
      call.method === 'PUT' ? json(saved) : undefined,
    );
    const row = rowOf(4);
    const save = within(row).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(row).getByRole('textbox'), { target: { value: ' Waiting for your approval ' } });
    fireEvent.click(save);
    expect(await within(row).findByText('Saved')).toBeTruthy();
    expect(puts()).toEqual([
      {
        method: 'PUT',
        path: '/api/v2/case/statuses/4/client_name/',
        body: { client_name: 'Waiting for your approval' },
      },
    ]);
    expect(queryClient.getQueryData<Status[]>(['reference', 'statuses'])?.[1]).toEqual(saved);
  });

  it('goes back to the status itself with Reset or a blank name (null)', async () => {
    const { puts, rowOf } = renderDialog((call) =>
      call.method === 'PUT' ? json({ ...outsourced, client_name: null }) : undefined,
    );
    fireEvent.click(within(rowOf(3)).getByRole('button', { name: 'Use the status name: Design Outsourced' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({ client_name: null });
    await waitFor(() => expect((within(rowOf(3)).getByRole('textbox') as HTMLInputElement).value).toBe(''));
  });

  it("refuses a name over 80 characters before sending, with the route's own words", () => {
    const { puts, rowOf } = renderDialog(() => undefined);
    const row = rowOf(4);
    fireEvent.change(within(row).getByRole('textbox'), { target: { value: 'x'.repeat(81) } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByText(statusMessages.clientNameTooLong)).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it("shows the server's refusal on the row", async () => {
    const { rowOf } = renderDialog((call) =>
      call.method === 'PUT'
        ? json({ error: { code: 'forbidden', message: permissionTable.administer.reason } }, 403)
        : undefined,
    );
    const row = rowOf(4);
    fireEvent.change(within(row).getByRole('textbox'), { target: { value: 'In design' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText(permissionTable.administer.reason)).toBeTruthy();
  });
});
