import type { QueryClient } from '@tanstack/react-query';
import type { Collection, Courier, Dispatch } from '@lab/domain';
import * as records from '../../../testing/records';
import { aTestQueryClient } from '../../../testing/render-with-queries';
import { couriersQueryKey } from '../api/get-couriers';

// The dispatches feature's records: a collection with two ready cases of group 1, one ready case on its
// own, one still in finishing and one dispatched already, and the couriers list.

export const couriers: Courier[] = [
  {
    id: 1,
    name: 'Australia Post',
    tracking_url_template: 'https://auspost.com.au/mypost/track/details/{tracking}',
  },
  { id: 3, name: 'StarTrack', tracking_url_template: 'https://startrack.com.au/track/details/{tracking}' },
];

const ready = { status: 'Ready for Dispatch', in_design: false, in_lab: true, dispatch_ready: true } as const;

export const groupedA = records.aCase({
  ...ready,
  uid: '00000000-0000-4000-8000-0000000000a1',
  case_mkey: '120034-01',
  job_type: 'Screw-Retained Bridge',
  group_number: 1,
  grouped_case_uids: ['00000000-0000-4000-8000-0000000000a2'],
});

export const groupedB = records.aCase({
  ...ready,
  uid: '00000000-0000-4000-8000-0000000000a2',
  case_mkey: '120034-02',
  job_type: 'Custom Abutment',
  group_number: 1,
  grouped_case_uids: ['00000000-0000-4000-8000-0000000000a1'],
});

export const single = records.aCase({
  ...ready,
  uid: '00000000-0000-4000-8000-0000000000a3',
  case_mkey: '120034-03',
  job_type: 'Night Guard',
});

export const polishing = records.aCase({
  uid: '00000000-0000-4000-8000-0000000000a4',
  case_mkey: '120034-04',
  status: 'Polishing',
  in_design: false,
  in_lab: true,
  in_finishing: true,
});

export const shipped = records.aCase({
  uid: '00000000-0000-4000-8000-0000000000a5',
  case_mkey: '120034-05',
  status: 'Dispatched',
  in_design: false,
  dispatched: true,
  active: false,
});

export const aDispatch = (overrides: Partial<Dispatch> = {}): Dispatch => ({
  uid: '20000000-0000-4000-8000-000000000001',
  courier: 'StarTrack',
  tracking_reference: 'ST123456',
  tracking_url: 'https://startrack.com.au/track/details/ST123456',
  shipping_address: {
    address_line_1: '1 Bay Street',
    address_line_2: null,
    suburb: 'Brighton',
    state: 'VIC',
    postcode: '3186',
    country: 'AU',
  },
  dispatched_at: '2025-03-09T00:00:00.000Z',
  dispatched_by: 'Wes Warehouse',
  case_uids: [shipped.uid],
  ...overrides,
});

export const aCollection = (overrides: Partial<Collection> = {}): Collection =>
  records.aCollection({ cases: [shipped, polishing, single, groupedB, groupedA], ...overrides });

/** The client the dispatches read: the couriers loaded, and the collection when given. */
export const aQueryClient = (collection?: Collection): QueryClient => {
  const queryClient = aTestQueryClient();
  queryClient.setQueryData(couriersQueryKey, couriers);
  if (collection) queryClient.setQueryData(['collection', collection.uid], collection);
  return queryClient;
};
