import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchMessages, type Collection } from '@lab/domain';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import {
  aCollection,
  aDispatch,
  aQueryClient,
  groupedA,
  groupedB,
  single,
} from '../testing/dispatch-fixture';
import { NewDispatchDialog } from './new-dispatch-dialog';

const dispatchPath = `/api/v2/collection/${aCollection().uid}/dispatches/`;

const renderDialog = (collection: Collection = aCollection()) => {
  const onClose = vi.fn();
  const queryClient = aQueryClient(collection);
  renderWithQueries(<NewDispatchDialog isOpen collection={collection} onClose={onClose} />, queryClient);
  return { onClose, queryClient };
};

const box = (label: RegExp) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;
const field = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Dispatch' }));
const posts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === dispatchPath);

const chooseCourier = async (name: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Courier/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
};

describe('NewDispatchDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers only the ready cases, and ticking one of a group ticks its group', () => {
    stubFetch();
    renderDialog();
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      '120034-01 · Screw-Retained Bridge · Group 1',
      '120034-02 · Custom Abutment · Group 1',
      '120034-03 · Night Guard',
    ]);
    fireEvent.click(box(/120034-02/));
    expect([box(/120034-01/).checked, box(/120034-02/).checked, box(/120034-03/).checked]).toEqual([
      true,
      true,
      false,
    ]);
    fireEvent.click(box(/120034-01/));
    expect(box(/120034-02/).checked).toBe(false);
  });

  it("starts from the shipping client's address", () => {
    stubFetch();
    renderDialog();
    expect(field(/Address Line 1/).value).toBe('1 Bay Street');
    expect(field(/Suburb/).value).toBe('Brighton');
    expect(field(/State/).value).toBe('VIC');
    expect(field(/Postcode/).value).toBe('3186');
    expect(field(/Country/).value).toBe('AU');
  });

  it('names every missing field with the texts the server uses, and sends nothing', async () => {
    const calls = stubFetch();
    renderDialog();
    fireEvent.change(field(/Address Line 1/), { target: { value: '  ' } });
    fireEvent.change(field(/Postcode/), { target: { value: '' } });
    submit();
    expect(await screen.findByText(dispatchMessages.noCases)).toBeTruthy();
    expect(screen.getByText(dispatchMessages.mustBeSelected)).toBeTruthy();
    // Tracking reference, address line 1 and postcode.
    expect(screen.getAllByText(dispatchMessages.blank)).toHaveLength(3);
    expect(posts(calls)).toHaveLength(0);
  });

  it('sends the dispatch, puts the answered collection in the cache and closes', async () => {
    const answered = aCollection({ dispatches: [aDispatch({ case_uids: [groupedA.uid, groupedB.uid] })] });
    const calls = stubFetch((call) => (call.path === dispatchPath ? json(answered, 201) : undefined));
    const { onClose, queryClient } = renderDialog();
    fireEvent.click(box(/120034-01/));
    await chooseCourier('StarTrack');
    fireEvent.change(field(/Tracking Reference/), { target: { value: ' ST123456 ' } });
    submit();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(calls)[0]?.body).toEqual({
      case_uids: [groupedA.uid, groupedB.uid],
      courier_id: 3,
      tracking_reference: 'ST123456',
      shipping_address: {
        address_line_1: '1 Bay Street',
        address_line_2: null,
        suburb: 'Brighton',
        state: 'VIC',
        postcode: '3186',
        country: 'AU',
      },
    });
    expect(queryClient.getQueryData(['collection', answered.uid])).toEqual(answered);
  });

  it("shows the server's refusal inline and keeps the dialog open", async () => {
    stubFetch((call) =>
      call.path === dispatchPath
        ? json({ error: { code: 'conflict', message: dispatchMessages.notReady } }, 409)
        : undefined,
    );
    const { onClose } = renderDialog();
    fireEvent.click(box(/120034-03/));
    await chooseCourier('Australia Post');
    fireEvent.change(field(/Tracking Reference/), { target: { value: 'AP1' } });
    submit();
    expect(await screen.findByText(dispatchMessages.notReady)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(box(/120034-03/).checked).toBe(true);
  });

  it("puts the server's field messages under the fields", async () => {
    stubFetch((call) =>
      call.path === dispatchPath
        ? json(
            {
              error: {
                code: 'validation_failed',
                message: dispatchMessages.unknownCourier,
                fields: { courier_id: dispatchMessages.unknownCourier },
              },
            },
            400,
          )
        : undefined,
    );
    renderDialog();
    fireEvent.click(box(/120034-03/));
    await chooseCourier('StarTrack');
    fireEvent.change(field(/Tracking Reference/), { target: { value: 'ST9' } });
    submit();
    // Once under the courier, once above the buttons.
    await waitFor(() => expect(screen.getAllByText(dispatchMessages.unknownCourier)).toHaveLength(2));
  });

  it('says so when no case is ready', () => {
    stubFetch();
    renderDialog(aCollection({ cases: [{ ...single, dispatch_ready: false }] }));
    expect(screen.getByText('No case is ready for dispatch.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
