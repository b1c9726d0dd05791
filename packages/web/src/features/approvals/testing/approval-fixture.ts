import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { ApprovalType, Collection, CollectionApproval, CollectionCase } from '@lab/domain';

// Small approvals and collections for this feature's tests (only the fields the approvals read), and the
// browser's fetch answering the token and the calls a test cares about.

export const approvalTypes: ApprovalType[] = [
  { code: 'DESIGN_APPROVAL', name: 'Design Approval' },
  { code: 'TRY_IN_APPROVAL', name: 'Try-In Approval' },
];

export const caseA = {
  uid: '00000000-0000-4000-8000-00000000000a',
  case_id: 501,
  case_mkey: '120034-01',
  job_type: 'Custom Abutment',
  active: true,
} as CollectionCase;

export const caseB = {
  uid: '00000000-0000-4000-8000-00000000000b',
  case_id: 502,
  case_mkey: '120034-02',
  job_type: 'Screw Retained Bridge',
  active: true,
} as CollectionCase;

export const anApproval = (overrides: Partial<CollectionApproval> = {}): CollectionApproval => ({
  uid: '10000000-0000-4000-8000-000000000001',
  case_uid: caseA.uid,
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
  send_reminders: true,
  reminder_interval_seconds: 2 * 86_400,
  next_reminder_due: '2025-02-05T01:00:00Z',
  approval_files: [{ id: 77, filename: 'design-preview.html', added: '2025-02-03T01:00:00Z' }],
  ...overrides,
});

export const aCollection = (overrides: Partial<Collection> = {}): Collection =>
  ({
    uid: '0b9f3a52-5b0e-4a53-9c55-2f6f4a0d0c11',
    collection_id: 120034,
    portal_key: 'portal-key-1',
    cases: [caseA, caseB],
    approvals: [],
    ...overrides,
  }) as Collection;

export const aQueryClient = (collection?: Collection): QueryClient => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['reference', 'approvalTypes'], approvalTypes);
  if (collection) queryClient.setQueryData(['collection', collection.uid], collection);
  return queryClient;
};

export type ApiCall = { method: string; url: string; body: unknown };

export const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs the browser's fetch: the token, then `answer` for each call (an empty list when it says nothing). */
export const stubFetch = (answer: (call: ApiCall) => Response | undefined = () => undefined): ApiCall[] => {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      if (input === '/oauth2/token/') {
        return Promise.resolve(
          json({ access_token: 'token', expires_at: new Date(Date.now() + 900_000).toISOString() }),
        );
      }
      const rawBody = init?.body;
      const body = typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody;
      const call = { method: init?.method ?? 'GET', url: input, body };
      calls.push(call);
      return Promise.resolve(answer(call) ?? json([]));
    }),
  );
  return calls;
};
