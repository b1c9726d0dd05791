import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchMessages } from '@lab/domain';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import {
  aCollection,
  aDispatch,
  aQueryClient,
  groupedA,
  groupedB,
  shipped,
} from '../testing/dispatch-fixture';
import { DispatchesView } from './dispatches-view';

describe('DispatchesView', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says 'No Dispatches' when there are none", () => {
    stubFetch();
    const collection = aCollection();
    renderWithQueries(<DispatchesView collection={collection} />, aQueryClient(collection));
    expect(screen.getByText(dispatchMessages.noDispatches)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists each dispatch with its tracking link, address, who and the case keys', () => {
    stubFetch();
    const collection = aCollection({
      dispatches: [
        aDispatch({
          uid: '20000000-0000-4000-8000-000000000002',
          courier: 'Australia Post',
          tracking_reference: 'AP-1',
          tracking_url: null,
          case_uids: [groupedB.uid, groupedA.uid],
        }),
        aDispatch({ case_uids: [shipped.uid] }),
      ],
    });
    renderWithQueries(<DispatchesView collection={collection} />, aQueryClient(collection));
    const rows = within(screen.getByRole('table', { name: 'Dispatches' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    const [newest, older] = rows;
    if (!newest || !older) throw new Error('rows missing');
    expect(within(newest).getByText('Australia Post')).toBeTruthy();
    // No template for the courier: the reference is plain text.
    expect(within(newest).queryByRole('link')).toBeNull();
    expect(within(newest).getByText('120034-01, 120034-02')).toBeTruthy();

    const link = within(older).getByRole('link', { name: 'ST123456' });
    expect(link.getAttribute('href')).toBe('https://startrack.com.au/track/details/ST123456');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(older).getByText('1 Bay Street, Brighton VIC 3186, AU')).toBeTruthy();
    expect(within(older).getByText('Wes Warehouse')).toBeTruthy();
    expect(within(older).getByText('120034-05')).toBeTruthy();
  });

  it('opens the New Dispatch dialog', async () => {
    stubFetch();
    const collection = aCollection();
    renderWithQueries(<DispatchesView collection={collection} />, aQueryClient(collection));
    fireEvent.click(screen.getByRole('button', { name: 'New Dispatch' }));
    expect(await screen.findByRole('dialog', { name: 'New Dispatch' })).toBeTruthy();
  });
});
