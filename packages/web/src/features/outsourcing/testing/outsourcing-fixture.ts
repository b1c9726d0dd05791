import type { QueryClient } from '@tanstack/react-query';
import type {
  Branch,
  Collection,
  CollectionCase,
  IntegratedOutsourceRequest,
  Outsource,
  Partner,
} from '@lab/domain';
import * as records from '../../../testing/records';
import { aTestQueryClient } from '../../../testing/render-with-queries';

// The outsourcing feature's records: a manual and an integrated partner, two branches, a case in design
// (id 501) with an order file, and outsource jobs as the collection lists them.

export const manualPartner: Partner = { id: 3, name: 'Precision Milling', adapter_type: null };
export const integratedPartner: Partner = { id: 4, name: 'Evident Design', adapter_type: 'EVIDENT' };
export const partners: Partner[] = [manualPartner, integratedPartner];
export const branches: Branch[] = [
  { id: 1, name: 'Melbourne' },
  { id: 2, name: 'Auckland' },
];

export const casePath = '/api/v2/case/501/';

export const anOutsource = (overrides: Partial<Outsource> = {}): Outsource => ({
  id: 71,
  uid: '20000000-0000-4000-8000-000000000071',
  case_id: 501,
  partner: manualPartner.name,
  partner_id: manualPartner.id,
  adapter_type: null,
  start: '2025-02-03T01:00:00Z',
  end: null,
  expected_return: '2025-02-05T06:00:00Z',
  marked_as_completed: null,
  due_soon_reminder: null,
  overdue_reminder: null,
  partner_status: null,
  upload_not_required: false,
  tracking_number: null,
  outsource_key: 'share-key-71',
  job_type: 'digital',
  returning_branch_id: null,
  returning_branch: null,
  note: 'Please design the abutment',
  additional_recipients: [],
  created_at: '2025-02-03T01:00:00Z',
  created_by: 'dana',
  status: 'Not Started',
  integrated_outsource_requests: [],
  messages: [],
  ...overrides,
});

export const aRequest = (
  overrides: Partial<IntegratedOutsourceRequest> = {},
): IntegratedOutsourceRequest => ({
  id: 9,
  adapter_type: 'EVIDENT',
  sent_at: null,
  error: null,
  error_detail: null,
  retry_count: 0,
  partner_reference: null,
  redo_requested_at: null,
  redo_sent_at: null,
  completed_at: null,
  modified_at: '2025-02-03T01:00:00Z',
  response: { status: null },
  payload: { DesignType: [205], Instruction: 'Match the neighbours' },
  ...overrides,
});

export const aCase = (overrides: Partial<CollectionCase> = {}): CollectionCase =>
  records.aCase({
    uid: '00000000-0000-4000-8000-0000000000a1',
    case_id: 501,
    case_mkey: '120034-01',
    order_files: [
      {
        id: 41,
        filename: 'upper-scan.stl',
        added: '2025-02-03T01:00:00Z',
        file_category: 'order_file',
        partner: null,
        blurred: false,
      },
    ],
    ...overrides,
  });

export const aCollection = (caseItem: CollectionCase): Collection =>
  records.aCollection({ cases: [caseItem] });

/** The client the tab reads: partners and branches loaded, and the collection holding the case. */
export const aQueryClient = (collection: Collection): QueryClient => {
  const queryClient = aTestQueryClient();
  queryClient.setQueryData(['reference', 'partners'], partners);
  queryClient.setQueryData(['reference', 'branches'], branches);
  queryClient.setQueryData(['collection', collection.uid], collection);
  return queryClient;
};
