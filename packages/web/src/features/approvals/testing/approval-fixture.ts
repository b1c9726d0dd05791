import type { QueryClient } from '@tanstack/react-query';
import type { ApprovalType, Collection, CollectionApproval } from '@lab/domain';
import * as records from '../../../testing/records';
import { aTestQueryClient } from '../../../testing/render-with-queries';

// The approvals feature's records: a collection of two cases and a pending design approval of the first
// one, with a file and reminders every two days, which the approval card shows.

export const approvalTypes: ApprovalType[] = [
  { code: 'DESIGN_APPROVAL', name: 'Design Approval' },
  { code: 'TRY_IN_APPROVAL', name: 'Try-In Approval' },
];

export const caseA = records.aCase({
  uid: '00000000-0000-4000-8000-00000000000a',
  case_id: 501,
  case_mkey: '120034-01',
  job_type: 'Custom Abutment',
});

export const caseB = records.aCase({
  uid: '00000000-0000-4000-8000-00000000000b',
  case_id: 502,
  case_mkey: '120034-02',
  job_type: 'Screw Retained Bridge',
});

export const anApproval = (overrides: Partial<CollectionApproval> = {}): CollectionApproval =>
  records.anApproval({
    uid: '10000000-0000-4000-8000-000000000001',
    case_uid: caseA.uid,
    created_at: '2025-02-03T01:00:00Z',
    created_by: 'designer',
    // Far ahead: Pending, not Overdue.
    approval_due_at: '2999-01-01T00:00:00Z',
    reminder_interval_seconds: 2 * 86_400,
    next_reminder_due: '2025-02-05T01:00:00Z',
    approval_files: [{ id: 77, filename: 'design-preview.html', added: '2025-02-03T01:00:00Z' }],
    ...overrides,
  });

export const aCollection = (overrides: Partial<Collection> = {}): Collection =>
  records.aCollection({ cases: [caseA, caseB], ...overrides });

/** The client the approvals read: the approval types loaded, and the collection when given. */
export const aQueryClient = (collection?: Collection): QueryClient => {
  const queryClient = aTestQueryClient();
  queryClient.setQueryData(['reference', 'approvalTypes'], approvalTypes);
  if (collection) queryClient.setQueryData(['collection', collection.uid], collection);
  return queryClient;
};
