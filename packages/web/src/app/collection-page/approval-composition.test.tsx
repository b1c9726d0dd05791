import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import type { CollectionApproval, Me } from '@lab/domain';
import { aCase, aCollection } from '../../features/collections/testing/collection-fixture';
import { CaseApprovalPanel, CollectionApprovalsView } from './approval-composition';

// The approvals feature as the page composes it: the signed-in user, the URL moves, the portal link card
// and the file viewer on the case's one-time file link.

const me = { logged_in: true, username: 'designer' } as Me;
const caseItem = aCase({ uid: '00000000-0000-4000-8000-0000000000c1', case_id: 4711 });
const approval: CollectionApproval = {
  uid: '10000000-0000-4000-8000-000000000001',
  case_uid: caseItem.uid,
  approval_type: 'DESIGN_APPROVAL',
  created_at: '2025-02-03T01:00:00Z',
  created_by: 'designer',
  approval_due_at: '2999-01-01T00:00:00Z',
  approved_at: null,
  approved_by: null,
  cancelled_at: null,
  cancelled_by: null,
  changes_requested_at: null,
  changes: null,
  send_reminders: false,
  reminder_interval_seconds: 86_400,
  next_reminder_due: null,
  approval_files: [{ id: 77, filename: 'design.pdf', added: '2025-02-03T01:00:00Z' }],
};
const collection = aCollection({ cases: [caseItem], approvals: [approval], portal_key: 'pk-1' });

const json = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json' } }));

let posts: { url: string; body: unknown }[];

const renderWithClient = (ui: ReactElement) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['me'], me);
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
};

describe('approval composition', () => {
  beforeEach(() => {
    posts = [];
    window.history.replaceState(null, '', `/static/v2/collection.html?uid=${collection.uid}&view=approvals`);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
    URL.revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        if (input === '/oauth2/token/') {
          return json({ access_token: 'token', expires_at: new Date(Date.now() + 900_000).toISOString() });
        }
        if (init?.method === 'POST') {
          posts.push({ url: input, body: JSON.parse(String(init.body)) });
          return json({ url: '/files/download/one-time' });
        }
        if (input.startsWith('/files/download/')) {
          return Promise.resolve({
            ok: true,
            status: 200,
            headers: new Headers(),
            body: null,
            blob: () => Promise.resolve(new Blob(['%PDF'])),
          });
        }
        return json([]);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('Message opens the messages view filtered to the approval; the case opens in the components view', () => {
    renderWithClient(<CollectionApprovalsView collection={collection} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message' }));
    let params = new URLSearchParams(window.location.search);
    expect(params.get('view')).toBe('messages');
    expect(params.get('approval')).toBe(approval.uid);
    expect(params.get('uid')).toBe(collection.uid);

    fireEvent.click(screen.getByRole('button', { name: `${caseItem.case_mkey} · ${caseItem.job_type}` }));
    params = new URLSearchParams(window.location.search);
    expect(params.get('view')).toBe('components');
    expect(params.get('cuid')).toBe(caseItem.uid);
  });

  it('views an approval file through the case’s file_link of type approval_file', async () => {
    renderWithClient(<CollectionApprovalsView collection={collection} />);
    fireEvent.click(screen.getByRole('button', { name: 'design.pdf' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { url: '/api/v2/case/4711/', body: { action: 'file_link', type: 'approval_file', file_id: 77 } },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'design.pdf' })).toBeTruthy();
  });

  it('the Approval tab shows the portal link card', () => {
    renderWithClient(<CaseApprovalPanel collection={collection} caseItem={caseItem} />);
    expect(screen.getByRole('link', { name: /\/static\/v2\/portal\.html\?key=pk-1$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy portal link' })).toBeTruthy();
  });
});
