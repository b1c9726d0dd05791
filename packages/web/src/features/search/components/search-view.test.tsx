import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectionSearchResult } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { formatDateRange } from '../../../lib/date-format';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { SearchView, type SearchViewProps } from './search-view';

const result = (overrides: Partial<CollectionSearchResult> = {}): CollectionSearchResult => ({
  uid: '0b9f3a52-5b0e-4a53-9c55-2f6f4a0d0c11',
  collection_id: 120034,
  country: 'AU',
  client_name: 'Bayside Dental',
  patient_reference: 'SMITH J',
  first_case_start_time: '2025-02-03T01:00:00Z',
  last_case_start_time: '2025-02-10T01:00:00Z',
  active: true,
  case_count: 3,
  ...overrides,
});

const renderSearch = (props: Partial<SearchViewProps> = {}) => {
  const handlers = {
    onSearch: vi.fn(),
    onOpenCollection: vi.fn(),
    onAutoOpenSettled: vi.fn(),
    onCheckIn: vi.fn(),
    onShowActive: vi.fn(),
  };
  renderWithQueries(<SearchView keyword="" isAutoOpenArmed={false} {...handlers} {...props} />);
  return handlers;
};

describe('SearchView', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('changes the heading after more than 3 quick clicks', () => {
    renderSearch();
    const heading = screen.getByRole('heading', { name: 'Case Search' });
    for (let click = 0; click < 3; click += 1) fireEvent.click(heading);
    expect(screen.queryByText('Get back to work!')).toBeNull();
    fireEvent.click(heading);
    expect(screen.getByRole('heading', { name: 'Get back to work!' })).toBeTruthy();
  });

  it('does nothing for a keyword under 2 characters', () => {
    const post = vi.spyOn(apiClient, 'post');
    const { onSearch } = renderSearch();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search cases' }), { target: { value: ' a ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it('submits a trimmed keyword', () => {
    const { onSearch } = renderSearch();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search cases' }), {
      target: { value: '  smith ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('smith');
  });

  it('lists the results and opens the clicked one', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue([
        result(),
        result({ uid: 'e1d7c0f4-8f0f-4d0e-9d39-6e3a4b1f2a22', collection_id: 99, active: false }),
      ]);
    const { onOpenCollection } = renderSearch({ keyword: 'smith' });
    await screen.findByText('99');
    expect(post).toHaveBeenCalledWith(
      '/api/v2/collections/',
      { keyword: 'smith' },
      expect.anything(),
      expect.anything(),
    );
    expect(screen.getByText('Archived')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    // Local dates in the machine's own locale and zone.
    expect(screen.getAllByText(formatDateRange('2025-02-03T01:00:00Z', '2025-02-10T01:00:00Z'))).toHaveLength(
      2,
    );
    fireEvent.click(screen.getByText('99'));
    expect(onOpenCollection).toHaveBeenCalledWith('e1d7c0f4-8f0f-4d0e-9d39-6e3a4b1f2a22', false);
  });

  it('opens a single result by itself when the search is fresh', async () => {
    vi.spyOn(apiClient, 'post').mockResolvedValue([result()]);
    const { onOpenCollection, onAutoOpenSettled } = renderSearch({ keyword: 'smith', isAutoOpenArmed: true });
    await waitFor(() => expect(onOpenCollection).toHaveBeenCalledWith(result().uid, true));
    expect(onAutoOpenSettled).toHaveBeenCalled();
  });

  it('does not open a single result when coming back to it', async () => {
    vi.spyOn(apiClient, 'post').mockResolvedValue([result()]);
    const { onOpenCollection } = renderSearch({ keyword: 'smith', isAutoOpenArmed: false });
    await screen.findByText('SMITH J');
    expect(onOpenCollection).not.toHaveBeenCalled();
  });

  it("says 'We found nothing' for an empty result", async () => {
    vi.spyOn(apiClient, 'post').mockResolvedValue([]);
    renderSearch({ keyword: 'nobody' });
    expect(await screen.findByText('We found nothing')).toBeTruthy();
  });
});
