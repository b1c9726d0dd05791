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

  it('links each result to its client page: a plain click opens it in place, Ctrl/Cmd-click is the browser’s', async () => {
    vi.spyOn(apiClient, 'post').mockResolvedValue([aClient()]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { onOpenClient } = renderSearch('bayside');
    const table = await screen.findByRole('table', { name: 'Clients' });
    const name = within(table).getByRole('link', { name: 'Bayside Dental' });
    expect(name.getAttribute('href')).toBe('/static/v2/client.html?id=10042');
    expect(within(table).getByRole('link', { name: '10042' }).getAttribute('href')).toBe(
      '/static/v2/client.html?id=10042',
    );

    // On the link, a modified click is left to the browser (not prevented), which opens a new tab. The
    // page's last listener notes that, then stops jsdom, which cannot open a tab, from following it.
    const leftToBrowser: boolean[] = [];
    const noteClick = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', noteClick);
    try {
      fireEvent.click(name, { ctrlKey: true });
      fireEvent.click(name, { metaKey: true });
      expect(onOpenClient).not.toHaveBeenCalled();
      expect(open).not.toHaveBeenCalled();
      fireEvent.click(name);
      expect(onOpenClient).toHaveBeenCalledTimes(1);
      expect(leftToBrowser).toEqual([true, true, false]);
    } finally {
      window.removeEventListener('click', noteClick);
    }
  });

  it('opens the client in a new tab on Ctrl/Cmd-click or a middle click elsewhere on the row, and Ctrl+Enter', async () => {
    vi.spyOn(apiClient, 'post').mockResolvedValue([aClient()]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { onOpenClient } = renderSearch('bayside');
    const table = await screen.findByRole('table', { name: 'Clients' });
    const cases = within(table).getByText('30');
    fireEvent.click(cases, { ctrlKey: true });
    fireEvent.click(cases, { metaKey: true });
    fireEvent(cases, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    fireEvent(cases, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    const row = cases.closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.keyDown(row, { key: 'Enter', ctrlKey: true });
    expect(open.mock.calls).toEqual(
      Array.from({ length: 4 }, () => ['/static/v2/client.html?id=10042', '_blank', 'noopener']),
    );
    expect(onOpenClient).not.toHaveBeenCalled();
    fireEvent.click(cases);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(onOpenClient.mock.calls).toEqual([[10042], [10042]]);
  });

  it("says 'We found nothing' for no match", async () => {
    vi.spyOn(apiClient, 'post').mockResolvedValue([]);
    renderSearch('zz');
    expect(await screen.findByText('We found nothing')).toBeTruthy();
  });
});
