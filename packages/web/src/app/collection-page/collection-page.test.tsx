import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionSearchResult, Me } from '@lab/domain';
import { apiClient } from '../../lib/api-client';
import { aCollection } from '../../testing/records';
import { Providers } from '../providers';
import { createQueryClient } from '../query-client';
import { idleShellParts } from '../shell/app-shell';
import { CollectionPage } from './collection-page';
import { idleCollectionParts } from './collection-page-parts';

const uid = '0b9f3a52-5b0e-4a53-9c55-2f6f4a0d0c11';

const me: Me = {
  logged_in: true,
  username: 'designer',
  first_name: 'Dana',
  last_name: 'Designer',
  department: 'DESIGN',
  all_departments: false,
  admin: false,
  restricted: false,
  staging: false,
  printers: [],
};

const activeRow: CollectionSearchResult = {
  uid,
  collection_id: 120034,
  country: 'NZ',
  client_name: 'Harbour Dental',
  patient_reference: 'NGATA P',
  first_case_start_time: '2025-02-03T01:00:00Z',
  last_case_start_time: '2025-02-03T01:00:00Z',
  active: true,
  case_count: 2,
};

const conf = {
  backend_url: 'http://localhost',
  order_entry_platform_url: 'https://order.example.com',
  file_transfer_url: 'http://localhost/files',
  error_reporting_environment: 'test',
  partner_platform_url: 'https://partners.example.com',
};

const renderPage = (query: string) => {
  window.history.replaceState(null, '', `/static/v2/collection.html${query}`);
  return render(
    <Providers conf={conf} queryClient={createQueryClient()}>
      <CollectionPage />
    </Providers>,
  );
};

// The open collection renders its whole components view: slow on a shared CPU.
describe('CollectionPage', { timeout: 20_000 }, () => {
  // The views are lazy chunks: load them once up front, as the page does on idle, so each test waits
  // for its answers and not for the first transform of a chunk.
  beforeAll(async () => {
    await Promise.all([...idleCollectionParts, ...idleShellParts].map((part) => part.prefetch()));
  }, 60_000);

  beforeEach(() => {
    vi.spyOn(apiClient, 'get').mockImplementation((path: string) => {
      if (path === '/api/me/') return Promise.resolve(me);
      if (path === '/api/version/') return Promise.resolve({ version: '1' });
      if (path === '/api/v2/collections/active/') return Promise.resolve([activeRow]);
      if (path === `/api/v2/collection/${uid}/`) return Promise.resolve(aCollection({ uid }));
      return Promise.resolve([]);
    });
    vi.spyOn(apiClient, 'post').mockResolvedValue([]);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opened on a collection: shows the navigation entries and the uid, but no Back to Search', async () => {
    renderPage(`?uid=${uid}`);
    // The drawer and the nav are lazy parts: a busy machine takes longer than findBy's default second.
    const nav = await screen.findByRole('navigation', { name: 'Collection' }, { timeout: 10_000 });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((entry) => entry.textContent),
    ).toEqual([
      'Case Components',
      'Notes & Messages',
      'Approvals',
      'Order Forms',
      'Checklists',
      'Billing',
      'Dispatches',
    ]);
    expect(screen.getByLabelText('Collection uid').textContent).toBe(uid);
    expect(screen.queryByRole('button', { name: 'Back to Search' })).toBeNull();

    fireEvent.click(within(nav).getByRole('button', { name: 'Approvals' }));
    expect(new URLSearchParams(window.location.search).get('view')).toBe('approvals');
    // Moving inside the app ends the direct load.
    fireEvent.click(screen.getByRole('button', { name: 'Back to Search' }));
    expect(window.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'Case Search' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Collection' })).toBeNull();
  });

  it('switches from search to the active list without a navigation drawer', async () => {
    renderPage('');
    expect(screen.queryByRole('button', { name: 'Back to Search' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'All Active' }));
    expect(new URLSearchParams(window.location.search).get('view')).toBe('active');
    expect(await screen.findByText('Harbour Dental')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /All Active Cases/ })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Collection' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to Search' })).toBeTruthy();
  });

  it('loads every reference list once at start', async () => {
    renderPage('');
    await screen.findByRole('heading', { name: 'Case Search' });
    const paths = vi.mocked(apiClient.get).mock.calls.map(([path]) => path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v2/case/statuses/',
        '/api/v2/case/employees/',
        '/api/v2/case/branches/',
        '/api/v2/case/materials/',
        '/api/v2/case/material_types/',
        '/api/v2/case/job_types/',
        '/api/v2/case/kit_list/',
        '/api/v2/case/partners/',
        '/api/v2/messages/types/',
        '/api/v2/approvals/types/',
        '/api/v2/collections/order_stages/',
      ]),
    );
    expect(paths.filter((path) => path === '/api/v2/case/statuses/')).toHaveLength(1);
  });
});
