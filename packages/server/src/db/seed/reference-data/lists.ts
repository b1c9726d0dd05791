import {
  scanKinds,
  type ApprovalTypeCode,
  type Department,
  type MessageTypeCode,
  type MessageVisibility,
  type ScanKind,
  type StatusParent,
} from '@lab/domain';

// The reference lists of domain-decisions.md 'Reference data', as plain data. reference.ts inserts them.

const hours = (h: number): number => h * 3600;

export const branchList = [
  { name: 'Melbourne', code: 'MEL', country: 'AU', state: 'VIC', time_zone: 'Australia/Melbourne' },
  { name: 'Sydney', code: 'SYD', country: 'AU', state: 'NSW', time_zone: 'Australia/Sydney' },
  // date-holidays knows Auckland's regional holiday (Auckland Anniversary Day) as NZ-AUK.
  { name: 'Auckland', code: 'AKL', country: 'NZ', state: 'AUK', time_zone: 'Pacific/Auckland' },
] as const;
export type BranchName = (typeof branchList)[number]['name'];

/** Where the lab sells: the fulfillment branch and the shipping client's country pick the catalogue. */
export const markets: readonly { branch: BranchName; country: 'AU' | 'NZ' }[] = [
  { branch: 'Melbourne', country: 'AU' },
  { branch: 'Sydney', country: 'AU' },
  { branch: 'Auckland', country: 'NZ' },
  // Overflow: Melbourne takes NZ work when Auckland is full, Auckland takes some AU work.
  { branch: 'Melbourne', country: 'NZ' },
  { branch: 'Auckland', country: 'AU' },
];

type StatusSpec = {
  name: string;
  parent_name: StatusParent;
  description: string;
  in_design?: boolean;
  in_production?: boolean;
  in_finishing?: boolean;
  dispatch_ready?: boolean;
  /** The name clients see on the portal; the status's own name when left out. */
  client_name?: string;
};

export const statusList: StatusSpec[] = [
  { name: 'Ordered', parent_name: 'ORDERED', description: 'Order received, not yet checked in' },
  { name: 'Awaiting Scan', parent_name: 'ORDERED', description: 'Waiting for the scan or impressions' },
  { name: 'On Hold', parent_name: 'ORDERED', description: 'Paused at the client’s or accounts’ request' },
  {
    name: 'Awaiting Status Allocation',
    parent_name: 'IN DESIGN',
    description: 'Checked in, waiting for a designer',
    in_design: true,
  },
  { name: 'Design In Progress', parent_name: 'IN DESIGN', description: 'Being designed', in_design: true },
  {
    name: 'Design Outsourced',
    parent_name: 'IN DESIGN',
    description: 'Design sent to a partner lab',
    in_design: true,
    // Labs rarely tell a client that design went to a partner.
    client_name: 'Design In Progress',
  },
  {
    name: 'Awaiting Client Approval',
    parent_name: 'IN DESIGN',
    description: 'Design sent to the client for approval',
    in_design: true,
  },
  {
    name: 'Design Changes Requested',
    parent_name: 'IN DESIGN',
    description: 'The client asked for changes to the design',
    in_design: true,
  },
  { name: 'Programming', parent_name: 'IN PRODUCTION', description: 'CAM programming', in_production: true },
  { name: 'Machining', parent_name: 'IN PRODUCTION', description: 'On the mill', in_production: true },
  {
    name: 'Sintering',
    parent_name: 'IN PRODUCTION',
    description: 'Zirconia in the furnace',
    in_production: true,
  },
  { name: 'Polishing', parent_name: 'IN LAB', description: 'Finishing and polishing', in_finishing: true },
  { name: 'Staining & Glazing', parent_name: 'IN LAB', description: 'Characterisation', in_finishing: true },
  { name: 'Quality Control', parent_name: 'IN LAB', description: 'Final inspection', in_finishing: true },
  {
    name: 'Ready for Dispatch',
    parent_name: 'IN LAB',
    description: 'Packed, waiting for the courier',
    dispatch_ready: true,
  },
  { name: 'Dispatched', parent_name: 'DISPATCHED', description: 'Sent to the client' },
  { name: 'Cancelled', parent_name: 'CANCELLED', description: 'Cancelled; nothing more will be made' },
];

export type JobTypeSpec = {
  name: string;
  product_class: 'Final Prosthesis' | 'Try-In' | 'Other';
  price: string;
  standard_turnaround_days: number;
  virtual_product?: boolean;
  requires_return_file?: boolean;
  /** Minimum business hours per stage: metrology, design, machining, dispatch. */
  minHours: [number, number, number, number];
  /** Target share of the available time per stage; what they leave is buffer. */
  ratios: [number, number, number, number];
  /** How many implants a case of this type usually has (0 = none). */
  implants: [number, number];
  /** Material types it is made in, first = most common. */
  materials: string[];
  /** The scans pre-flight asks for; default: all four for an implant-borne type, else the arch scan. */
  requiredScans?: ScanKind[];
};

/** An implant-borne type needs both jaws, the bite and the scan bodies; another, its own arch. */
export const requiredScansOf = (spec: JobTypeSpec): ScanKind[] =>
  spec.requiredScans ?? (spec.implants[0] > 0 ? [...scanKinds] : ['arch_scan']);

export const jobTypeList: JobTypeSpec[] = [
  {
    name: 'Screw-Retained Bridge',
    product_class: 'Final Prosthesis',
    price: '2450.00',
    standard_turnaround_days: 10,
    minHours: [2, 8, 6, 4],
    ratios: [0.1, 0.35, 0.3, 0.15],
    implants: [2, 6],
    materials: ['Zirconia', 'Titanium'],
  },
  {
    name: 'Full Arch Hybrid Bridge',
    product_class: 'Final Prosthesis',
    price: '4950.00',
    standard_turnaround_days: 15,
    minHours: [3, 12, 10, 6],
    ratios: [0.1, 0.35, 0.3, 0.15],
    implants: [4, 6],
    materials: ['Titanium', 'Zirconia', 'PMMA'],
  },
  {
    name: 'Implant Bar',
    product_class: 'Final Prosthesis',
    price: '1850.00',
    standard_turnaround_days: 12,
    minHours: [2, 8, 8, 4],
    ratios: [0.1, 0.3, 0.35, 0.15],
    implants: [2, 6],
    materials: ['Titanium', 'CoCr'],
  },
  {
    name: 'Custom Abutment',
    product_class: 'Final Prosthesis',
    price: '395.00',
    standard_turnaround_days: 7,
    minHours: [1, 3, 3, 2],
    ratios: [0.1, 0.3, 0.3, 0.15],
    implants: [1, 3],
    materials: ['Titanium', 'Zirconia'],
  },
  {
    name: 'Screw-Retained Crown',
    product_class: 'Final Prosthesis',
    price: '650.00',
    standard_turnaround_days: 7,
    minHours: [1, 4, 4, 2],
    ratios: [0.1, 0.3, 0.3, 0.15],
    implants: [1, 2],
    materials: ['Zirconia'],
  },
  {
    name: 'Overdenture',
    product_class: 'Final Prosthesis',
    price: '2200.00',
    standard_turnaround_days: 12,
    minHours: [2, 8, 6, 4],
    ratios: [0.1, 0.3, 0.3, 0.2],
    implants: [2, 4],
    materials: ['PMMA', 'CoCr'],
  },
  {
    name: 'Try-In',
    product_class: 'Try-In',
    price: '350.00',
    standard_turnaround_days: 5,
    minHours: [1, 6, 3, 2],
    ratios: [0.1, 0.4, 0.25, 0.1],
    implants: [4, 6],
    materials: ['PMMA'],
  },
  {
    name: 'Provisional Bridge',
    product_class: 'Try-In',
    price: '780.00',
    standard_turnaround_days: 5,
    minHours: [1, 5, 4, 2],
    ratios: [0.1, 0.35, 0.3, 0.1],
    implants: [2, 6],
    materials: ['PMMA'],
  },
  {
    name: 'Design Only',
    product_class: 'Other',
    price: '180.00',
    standard_turnaround_days: 3,
    virtual_product: true,
    requires_return_file: true,
    minHours: [1, 6, 0, 1],
    ratios: [0.1, 0.6, 0, 0.1],
    implants: [1, 6],
    materials: [],
  },
  {
    name: 'Surgical Guide',
    product_class: 'Other',
    price: '420.00',
    standard_turnaround_days: 5,
    minHours: [2, 6, 3, 2],
    ratios: [0.1, 0.4, 0.2, 0.1],
    implants: [1, 6],
    materials: [],
    // Planned before the implants are placed: no scan bodies yet.
    requiredScans: ['arch_scan', 'opposing_scan'],
  },
  {
    name: 'Scan Gauge',
    product_class: 'Other',
    price: '120.00',
    standard_turnaround_days: 5,
    minHours: [1, 1, 4, 2],
    ratios: [0.1, 0.1, 0.4, 0.15],
    implants: [0, 0],
    materials: ['Titanium'],
    // Made from the kit's own geometry, not from a patient's scan.
    requiredScans: [],
  },
  {
    name: 'Nightguard',
    product_class: 'Other',
    price: '220.00',
    standard_turnaround_days: 5,
    minHours: [1, 2, 3, 2],
    ratios: [0.1, 0.25, 0.3, 0.15],
    implants: [0, 0],
    materials: ['PMMA'],
  },
];

export const jobTypeProfile = (spec: JobTypeSpec) => ({
  min_metrology_seconds: hours(spec.minHours[0]),
  min_design_seconds: hours(spec.minHours[1]),
  min_machining_seconds: hours(spec.minHours[2]),
  min_dispatch_seconds: hours(spec.minHours[3]),
  ratio_metrology: spec.ratios[0].toFixed(4),
  ratio_design: spec.ratios[1].toFixed(4),
  ratio_machining: spec.ratios[2].toFixed(4),
  ratio_dispatch: spec.ratios[3].toFixed(4),
});

export const materialList: Record<string, string[]> = {
  Zirconia: ['Katana UTML', 'Katana STML', 'Zolid Gen-X', 'Prettau 2'],
  Titanium: ['Ti-6Al-4V Grade 5', 'CP Titanium Grade 4'],
  PMMA: ['Ivotion Base & Dent', 'Telio CAD A2', 'Polycon ae Clear'],
  CoCr: ['Starbond CoS', 'Ceramill Sintron'],
};

export const messageTypeList: { code: MessageTypeCode; name: string; visibility: MessageVisibility }[] = [
  { code: 'ALERTING_MESSAGE', name: 'Alerting Message', visibility: 'STAFF' },
  { code: 'CASE_NOTE', name: 'Case Note', visibility: 'STAFF' },
  { code: 'DESIGN_MESSAGE', name: 'Design Message', visibility: 'STAFF' },
  { code: 'DISPATCH_NOTE', name: 'Dispatch Note', visibility: 'STAFF' },
  { code: 'LAB_MESSAGE', name: 'Lab Message', visibility: 'STAFF' },
  { code: 'PAYMENT_NOTE', name: 'Payment Note', visibility: 'STAFF' },
  { code: 'PRODUCTION_MESSAGE', name: 'Production Message', visibility: 'STAFF' },
  { code: 'SPECIAL_REQUEST', name: 'Special Request', visibility: 'STAFF' },
  { code: 'OUTSOURCE_MESSAGE', name: 'Outsource Message', visibility: 'PARTNERS' },
  { code: 'CLIENT_MESSAGE', name: 'Client Message', visibility: 'CLIENTS' },
  { code: 'CUSTOMER_SCAN_ADVICE', name: 'Customer Scan Advice', visibility: 'CLIENTS' },
  { code: 'CLIENT_NOTE', name: 'Client Note', visibility: 'STAFF' },
  { code: 'SALES_MESSAGE', name: 'Sales Message', visibility: 'SALES' },
  { code: 'CUSTOMER_SERVICE_NOTE', name: 'Customer Service Note', visibility: 'STAFF' },
  { code: 'APPROVAL_MESSAGE', name: 'Approval Message', visibility: 'CLIENTS' },
];

export const approvalTypeList: {
  code: ApprovalTypeCode;
  name: string;
  standard_due_seconds: number;
  voids_warranty: boolean;
}[] = [
  { code: 'DESIGN_APPROVAL', name: 'Design Approval', standard_due_seconds: 86_400, voids_warranty: false },
  {
    code: 'TRY_IN_APPROVAL',
    name: 'Try-In Approval',
    standard_due_seconds: 7 * 86_400,
    voids_warranty: false,
  },
  {
    code: 'OUTSIDE_ENVELOPE_APPROVAL',
    name: 'Outside Design Envelope Approval',
    standard_due_seconds: 86_400,
    voids_warranty: true,
  },
];

export const orderStageList = [
  'New Order',
  'Awaiting Scan',
  'Scan Received',
  'In Design',
  'In Production',
  'Awaiting Payment',
  'Complete',
];

export const partnerList = [
  { name: 'Dental Design Partners', adapter_type: null, email: 'cases@dentaldesignpartners.example.com' },
  { name: 'Evident Digital', adapter_type: 'EVIDENT' as const, email: 'support@evident.example.com' },
  { name: 'Kiwi CAD Studio', adapter_type: null, email: 'design@kiwicad.example.co.nz' },
];

export const printerKinds = [
  { suffix: 'Front Desk Receipt', print_type: 'receipt' },
  { suffix: 'Dispatch Label (Zebra)', print_type: 'label' },
  { suffix: 'Lab Label (Zebra)', print_type: 'label' },
  { suffix: 'Office Laser', print_type: 'document' },
] as const;

type ChecklistSpec = { name: string; department: Department; mandatory?: boolean; jobType?: string };
type ChecklistStep = Omit<ChecklistSpec, 'jobType'>;

// Quality-control steps per job type (admins edit them later on the Checklists view). Every job type gets
// the office and design checks; what is made physically also gets machining, polishing and packing ones;
// a virtual product (Design Only) never reaches the lab, so nothing of the lab could ever be ticked.
const officeSteps: ChecklistStep[] = [
  { name: 'Order form and prescription checked', department: 'ADMIN', mandatory: true },
  { name: 'Client and shipping details confirmed', department: 'ADMIN' },
];
const implantDesignSteps: ChecklistStep[] = [
  { name: 'Implant positions verified against scan', department: 'DESIGN', mandatory: true },
  { name: 'Occlusion and contacts checked', department: 'DESIGN' },
];
const screwRetainedSteps: ChecklistStep[] = [
  { name: 'Screw channels within design envelope', department: 'DESIGN', mandatory: true },
];
const millingSteps: ChecklistStep[] = [
  { name: 'Material batch recorded', department: 'MACHINING', mandatory: true },
  { name: 'Fit checked on printed model', department: 'MACHINING' },
];
const finishingSteps: ChecklistStep[] = [
  { name: 'Surface finish inspected', department: 'POLISHING', mandatory: true },
  { name: 'Shade matched to prescription', department: 'POLISHING' },
  { name: 'Photos taken for the record', department: 'POLISHING' },
];
const screwAccessSteps: ChecklistStep[] = [
  { name: 'Screw access holes clear', department: 'POLISHING', mandatory: true },
];
const packingSteps: ChecklistStep[] = [
  { name: 'Screws and components picked', department: 'WAREHOUSE', mandatory: true },
  { name: 'Packed with labels and warranty card', department: 'WAREHOUSE' },
];
const plainPackingSteps: ChecklistStep[] = [
  { name: 'Packed with labels', department: 'WAREHOUSE', mandatory: true },
];

/** A screw-retained implant restoration: the full list. */
const screwRetainedRestoration = (extra: ChecklistStep[] = []): ChecklistStep[] => [
  ...officeSteps,
  ...implantDesignSteps,
  ...screwRetainedSteps,
  ...millingSteps,
  ...extra,
  ...finishingSteps,
  ...screwAccessSteps,
  ...packingSteps,
];

const stepsByJobType: Record<string, ChecklistStep[]> = {
  'Screw-Retained Bridge': screwRetainedRestoration(),
  'Full Arch Hybrid Bridge': screwRetainedRestoration([
    { name: 'Vertical dimension matches the try-in', department: 'MACHINING', mandatory: true },
  ]),
  'Implant Bar': screwRetainedRestoration([
    { name: 'Passive fit verified (Sheffield test)', department: 'MACHINING', mandatory: true },
  ]),
  'Custom Abutment': screwRetainedRestoration(),
  'Screw-Retained Crown': screwRetainedRestoration(),
  Overdenture: [
    ...officeSteps,
    ...implantDesignSteps,
    ...millingSteps,
    { name: 'Attachments seated and retentive', department: 'POLISHING', mandatory: true },
    ...finishingSteps,
    ...packingSteps,
  ],
  'Try-In': [
    ...officeSteps,
    ...implantDesignSteps,
    { name: 'Try-in printed in the approved design', department: 'MACHINING', mandatory: true },
    { name: 'Try-in cleaned and labelled', department: 'POLISHING' },
    ...packingSteps,
  ],
  'Provisional Bridge': [
    ...officeSteps,
    ...implantDesignSteps,
    ...millingSteps,
    { name: 'Surface finish inspected', department: 'POLISHING', mandatory: true },
    ...screwAccessSteps,
    ...packingSteps,
  ],
  'Design Only': [
    ...officeSteps,
    ...implantDesignSteps,
    { name: 'Design files exported for the client', department: 'DESIGN', mandatory: true },
  ],
  'Surgical Guide': [
    ...officeSteps,
    { name: 'Sleeve positions match the surgical plan', department: 'DESIGN', mandatory: true },
    { name: 'Guide printed and post-cured', department: 'MACHINING', mandatory: true },
    { name: 'Sleeves fitted', department: 'POLISHING', mandatory: true },
    ...plainPackingSteps,
  ],
  'Scan Gauge': [
    ...officeSteps,
    { name: 'Gauge dimensions measured', department: 'MACHINING', mandatory: true },
    { name: 'Engraving legible', department: 'POLISHING' },
    ...plainPackingSteps,
  ],
  Nightguard: [
    ...officeSteps,
    { name: 'Thickness and occlusion checked', department: 'DESIGN', mandatory: true },
    { name: 'Fit checked on printed model', department: 'MACHINING' },
    { name: 'Edges smoothed and polished', department: 'POLISHING', mandatory: true },
    ...plainPackingSteps,
  ],
};

/** Quality-control steps, each for one job type (jobType names it; none would mean every job type). */
export const checklistTemplateList: ChecklistSpec[] = jobTypeList.flatMap((jobType) =>
  (stepsByJobType[jobType.name] ?? officeSteps).map((step) => ({ ...step, jobType: jobType.name })),
);
