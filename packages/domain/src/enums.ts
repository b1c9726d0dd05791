// The closed vocabularies of the spec. Server checks, web choices and demo data all read these.

export const departments = [
  'ADMIN',
  'DESIGN',
  'MACHINING',
  'POLISHING',
  'WAREHOUSE',
  'SALES',
  'SUPPORT',
] as const;
export type Department = (typeof departments)[number];

/** Filter values of the checklist and notification screens; ALL shows everything. */
export const departmentFilters = ['ALL', 'ADMIN', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE'] as const;

export const statusParents = [
  'ORDERED',
  'IN DESIGN',
  'IN PRODUCTION',
  'IN LAB',
  'DISPATCHED',
  'CANCELLED',
] as const;
export type StatusParent = (typeof statusParents)[number];

export const dentates = ['UPPER', 'LOWER', 'BOTH', 'NONE'] as const;
export type Dentate = (typeof dentates)[number];

export const orderingPlatforms = ['oep', 'nexus_ios', 'nclab'] as const;
export type OrderingPlatform = (typeof orderingPlatforms)[number];

/** How staff name each platform (Basic Information, the Check-in desk). */
export const orderingPlatformLabels: Record<OrderingPlatform, string> = {
  oep: 'OEP',
  nexus_ios: 'Nexus iOS',
  nclab: 'NC Lab',
};

export const messageTypeCodes = [
  'ALERTING_MESSAGE',
  'CASE_NOTE',
  'DESIGN_MESSAGE',
  'DISPATCH_NOTE',
  'LAB_MESSAGE',
  'PAYMENT_NOTE',
  'PRODUCTION_MESSAGE',
  'SPECIAL_REQUEST',
  'OUTSOURCE_MESSAGE',
  'CLIENT_MESSAGE',
  'CUSTOMER_SCAN_ADVICE',
  'CLIENT_NOTE',
  'SALES_MESSAGE',
  'CUSTOMER_SERVICE_NOTE',
  'APPROVAL_MESSAGE',
] as const;
export type MessageTypeCode = (typeof messageTypeCodes)[number];

export const messageVisibilities = ['STAFF', 'PARTNERS', 'SALES', 'CLIENTS'] as const;
export type MessageVisibility = (typeof messageVisibilities)[number];

export const messageDirections = ['INBOUND', 'OUTBOUND', 'STATIC'] as const;

export const approvalTypeCodes = ['DESIGN_APPROVAL', 'TRY_IN_APPROVAL', 'OUTSIDE_ENVELOPE_APPROVAL'] as const;
export type ApprovalTypeCode = (typeof approvalTypeCodes)[number];

export const machineProjectStatuses = ['Pending', 'Ready', 'Complete'] as const;

export const fileCategories = [
  'order_file',
  'internal_file',
  'approval_file',
  'outsource_sent_file',
  'outsource_received_file',
  'return_file',
  'note_attachment',
  'message_attachment',
  'collection_file',
] as const;
export type FileCategory = (typeof fileCategories)[number];

export const redoTypes = ['internal', 'external'] as const;
export const redoReasons = {
  che: 'Check In',
  cli: 'Client',
  des: 'Design',
  met: 'Metrology',
  pol: 'Polishing',
  pro: 'Production',
  war: 'Warranty',
} as const;
export const redoReasonCodes = Object.keys(redoReasons) as (keyof typeof redoReasons)[];
export const redoCharges = ['full', 'discount', 'free'] as const;

export const printTypes = ['receipt', 'label', 'document'] as const;

export const partnerAdapterTypes = ['EVIDENT'] as const;
export type PartnerAdapterType = (typeof partnerAdapterTypes)[number];

/** AU and NZ clients; a branch serves one country's time zone and holidays. */
export const countries = ['AU', 'NZ'] as const;
