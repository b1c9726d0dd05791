import type { PartnerJob, PartnerMessage } from '@lab/domain';

// A partner job as GET /api/v2/partner/{key}/ answers it, for component tests.

export const partnerKey = 'SHAREkey_0123456789abcdef';
export const jobPath = `/api/v2/partner/${partnerKey}/`;

export const aPartnerMessage = (overrides: Partial<PartnerMessage> = {}): PartnerMessage => ({
  uid: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  created_at: '2026-11-20T01:00:00.000Z',
  author_reference: 'designer1',
  note: 'Please design this bridge',
  direction: 'OUTBOUND',
  ...overrides,
});

export const aPartnerJob = (overrides: Partial<PartnerJob> = {}): PartnerJob => ({
  collection_id: 100123,
  case_mkey: '100123-01',
  patient_reference: 'Patient PX-17',
  job_type: 'Screw-Retained Bridge',
  outsource_job_type: 'digital',
  partner_name: 'Dental Design Partners',
  start: '2026-11-20T00:00:00.000Z',
  expected_return: '2026-11-22T06:00:00.000Z',
  note: 'Shade A2, open contacts',
  status: 'Not Started',
  ended: false,
  marked_as_completed: null,
  returning_branch: null,
  sent_files: [
    { id: 11, file_name: 'prep-scan.stl', size_bytes: 2_400_000, added: '2026-11-20T00:00:00.000Z' },
  ],
  received_files: [],
  messages: [],
  order_forms: [],
  ...overrides,
});
