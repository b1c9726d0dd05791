// Outsourcing's constants (case-workspace §9) and the shown states of a job and of an integrated request
// (§4 'Outsource job status', 'Integrated request state').

export const outsourceJobTypes = ['digital', 'physical'] as const;
export type OutsourceJobType = (typeof outsourceJobTypes)[number];

export const outsourcePositions = ['anterior', 'posterior', 'anterior and posterior'] as const;
export const outsourceScanners = [
  '3Shape',
  'Exocad',
  'Ceramill',
  'Sirona',
  'Straumann',
  'IOS',
  'Others',
] as const;

/** Integrated outsource sends go out at most this many times (§9 'up to 10 retries'). */
export const maxIntegratedTries = 10;

/**
 * Our design types and the partner's codes each maps to; every list ends in 1100 (the partner's
 * "design review" line that must accompany each order).
 */
export const partnerDesignTypes = {
  100: { label: 'Single crown', codes: ['1001', '1100'] },
  110: { label: 'Crown bridge', codes: ['1010', '1011', '1100'] },
  115: { label: 'Coping', codes: ['1015', '1100'] },
  205: { label: 'Screw-retained implant crown', codes: ['2005', '1100'] },
  210: { label: 'Implant bridge', codes: ['2010', '2011', '1100'] },
  215: { label: 'Custom abutment', codes: ['2015', '1100'] },
  220: { label: 'Hybrid abutment crown', codes: ['2020', '2015', '1100'] },
  225: { label: 'Implant bar', codes: ['2025', '1100'] },
  230: { label: 'Full-arch implant prosthesis', codes: ['2030', '2031', '1100'] },
  235: { label: 'Overdenture', codes: ['2035', '1100'] },
  300: { label: 'Denture', codes: ['3000', '1100'] },
  400: { label: 'Night guard / splint', codes: ['4000', '1100'] },
  500: { label: 'Model', codes: ['5000', '1100'] },
} as const satisfies Record<number, { label: string; codes: readonly string[] }>;
export type PartnerDesignTypeCode = keyof typeof partnerDesignTypes;
export const partnerDesignTypeCodes = Object.keys(partnerDesignTypes).map(Number) as [
  PartnerDesignTypeCode,
  ...PartnerDesignTypeCode[],
];

/** The partner's codes of the chosen design types, each once, in order. */
export const partnerCodesFor = (designTypes: readonly PartnerDesignTypeCode[]): string[] => [
  ...new Set(designTypes.flatMap((code) => partnerDesignTypes[code].codes)),
];

export type OutsourceStatusInput = {
  start: string | null;
  end: string | null;
  marked_as_completed: string | null;
  overdue_reminder: string | null;
  partner_status: string | null;
};

export const outsourceJobStatuses = [
  'Complete',
  'Review',
  'Overdue',
  'In Progress',
  'Not Started',
  'Pending',
  'Canceled',
] as const;
export type OutsourceJobStatus = (typeof outsourceJobStatuses)[number];

/** A started job: Complete, Review, Overdue, In Progress, Not Started; a preemptive one: Pending or Canceled. */
export const outsourceJobStatus = (job: OutsourceStatusInput): OutsourceJobStatus => {
  if (!job.start) return job.end ? 'Canceled' : 'Pending';
  if (job.end) return 'Complete';
  if (job.marked_as_completed) return 'Review';
  if (job.overdue_reminder) return 'Overdue';
  if (job.partner_status === 'IN_PROGRESS') return 'In Progress';
  return 'Not Started';
};

export type IntegratedRequestInput = {
  sent_at: string | null;
  error: string | null;
  completed_at: string | null;
  redo_requested_at: string | null;
  redo_sent_at: string | null;
};

export const integratedRequestStates = ['Queued to Send', 'Error', 'Sent'] as const;
export type IntegratedRequestState = (typeof integratedRequestStates)[number];

/** Error wins while the last try failed; Sent once the partner took it; else Queued to Send. */
export const integratedRequestState = (request: IntegratedRequestInput): IntegratedRequestState => {
  if (request.error) return 'Error';
  if (request.sent_at) return 'Sent';
  return 'Queued to Send';
};

export const hasRedoBadge = (request: IntegratedRequestInput): boolean => request.redo_requested_at !== null;

/** A redo is allowed once the partner completed the work and no redo is still waiting for its result. */
export const canRequestIntegratedRedo = (request: IntegratedRequestInput): boolean =>
  request.completed_at !== null &&
  (request.redo_requested_at === null || request.completed_at > request.redo_requested_at);

/** Business seconds before expected_return at which the due-soon notice goes (4 business hours). */
export const outsourceDueSoonBusinessSeconds = 4 * 3600;
