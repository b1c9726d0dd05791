import type { PortalApproval, PortalCase, PortalCollection, PortalMessage } from '@lab/domain';

// Portal answers for tests, shaped as the contract (api/portal.ts) says; each test states what differs.

export const portalKey = 'k3y-for-tests';
export const collectionUid = '0b6f3a1e-3c1d-4e6b-9a51-1f1f0a000001';
export const upperCaseUid = '0b6f3a1e-3c1d-4e6b-9a51-1f1f0a000011';
export const lowerCaseUid = '0b6f3a1e-3c1d-4e6b-9a51-1f1f0a000012';
export const approvalUid = '0b6f3a1e-3c1d-4e6b-9a51-1f1f0a000021';

let uidCounter = 100;
const nextUid = () => `0b6f3a1e-3c1d-4e6b-9a51-1f1f0a${String((uidCounter += 1)).padStart(6, '0')}`;

export const aPortalCase = (overrides: Partial<PortalCase> = {}): PortalCase => ({
  uid: upperCaseUid,
  case_mkey: '120034-01',
  job_type: 'Screw Retained Bridge',
  dentate: 'UPPER',
  status: 'In Design',
  dispatched: false,
  cancelled: false,
  date_dispatched: null,
  tracking_number: null,
  product_class: 'Other',
  customer_due: '2030-03-04T06:00:00.000Z',
  implants: [
    { tooth: 14, platform: 'NobelActive RP' },
    { tooth: 15, platform: null },
  ],
  order_files: [],
  ...overrides,
});

export const aPortalApproval = (overrides: Partial<PortalApproval> = {}): PortalApproval => ({
  uid: approvalUid,
  case_uid: upperCaseUid,
  approval_type: 'DESIGN_APPROVAL',
  approval_type_name: 'Design Approval',
  voids_warranty: false,
  created_at: '2030-03-01T01:00:00.000Z',
  approval_due_at: '2030-03-02T01:00:00.000Z',
  approved_at: null,
  cancelled_at: null,
  changes_requested_at: null,
  changes: null,
  approval_files: [{ id: 7, filename: 'design-preview.html' }],
  ...overrides,
});

export const aPortalMessage = (overrides: Partial<PortalMessage> = {}): PortalMessage => ({
  uid: nextUid(),
  case_uid: null,
  approval_uid: null,
  message_type: 'CLIENT_MESSAGE',
  direction: 'OUTBOUND',
  author_reference: 'dana',
  note: 'Your design is ready.',
  created_at: '2030-03-01T02:00:00.000Z',
  attachments: [],
  message_seen: true,
  ...overrides,
});

export const aPortalCollection = (overrides: Partial<PortalCollection> = {}): PortalCollection => ({
  uid: collectionUid,
  collection_id: 120034,
  patient_reference: 'JONES-4471',
  client_name: 'Bayside Dental',
  client_account_number: 'ACC-0091',
  ordering_platform: 'nexus_ios',
  time_zone: 'Australia/Melbourne',
  cancelled: false,
  cases: [
    aPortalCase(),
    aPortalCase({
      uid: lowerCaseUid,
      case_mkey: '120034-02',
      job_type: 'Final Bar',
      dentate: 'LOWER',
      product_class: 'Final Prosthesis',
      implants: [{ tooth: 36, platform: 'Straumann BLT RC' }],
    }),
  ],
  approvals: [],
  messages: [],
  order_forms: [],
  ...overrides,
});

export const collectionPath = `/api/v2/customer/${portalKey}/`;
