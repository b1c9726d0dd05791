import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientSearchResult } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { ClientSearchView } from './client-search-view';

// collection-views §2 'Client search'.

const aClient = (overrides: Partial<ClientSearchResult> = {}): ClientSearchResult => ({
  id: 10042,
  uid: '5d7f0a3e-1b2c-4d5e-8f90-123456789abc',
  name: 'Bayside Dental',
  country: 'AU',
  patient_count: 12,
  case_count: 30,
  ...overrides,
});

const renderSearch = (keyword: string) => {
  const handlers = { onSearch: vi.fn(), onOpenClient: vi.fn() };
  renderWithQueries(<ClientSearchView keyword={keyword} {...handlers} />);
  return handlers;
};

describe('ClientSearchView', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('submits a trimmed keyword of at least 2 characters and nothing shorter', () => {
    const { onSearch } = renderSearch('');
    const box = screen.getByRole('textbox', { name: 'Search clients' });
    fireEvent.change(box, { target: { value: ' b ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: ' bayside ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('bayside');
  });

  it('shows Client ID, Country / Region, Name, Patients and Cases; a row opens the client', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue([aClient()]);
    const { onOpenClient } = renderSearch('bayside');
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(post).toHaveBeenCalledWith(
      '/api/v2/client/search/',
      { keyword: 'bayside' },
      expect.anything(),
      expect.anything(),
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Client ID', 'Country / Region', 'Name', 'Patients', 'Cases']);
    const [, row] = within(table).getAllByRole('row');
    expect(row?.textContent).toContain('Bayside Dental');
    fireEvent.click(within(table).getByText('Bayside Dental'));
    expect(onOpenClient).toHaveBeenCalledWith(10042);
  });

  it("says 'We found nothing' for no match", async () => {
    vi.spyOn(apiClient, 'post').mockResolvedValue([]);
    renderSearch('zz');
    expect(await screen.findByText('We found nothing')).toBeTruthy();
  });
});
