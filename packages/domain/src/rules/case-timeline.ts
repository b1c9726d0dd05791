// The Timeline tab's Progress card (case-workspace §4 'Case step (timeline)').
import { formatBusinessAge } from './customer-service/reply-age';

/** The case's step from its stage flags: how far along the timeline it is. */
export const caseSteps = {
  cancelled: 0,
  ordered: 1,
  in_design: 2,
  in_production: 3,
  in_lab: 4,
  dispatched: 5,
} as const;
export type CaseStep = (typeof caseSteps)[keyof typeof caseSteps];

export type CaseStepFlags = {
  ordered: boolean;
  in_design: boolean;
  in_production: boolean;
  in_lab: boolean;
  dispatched: boolean;
  cancelled: boolean;
};

/**
 * Exactly one flag is true on a well-formed case; should several be, cancelled wins, then the furthest
 * stage. A case with none (not yet given a status) is at the start, ordered.
 */
export const caseStepOf = (flags: CaseStepFlags): CaseStep => {
  if (flags.cancelled) return caseSteps.cancelled;
  if (flags.dispatched) return caseSteps.dispatched;
  if (flags.in_lab) return caseSteps.in_lab;
  if (flags.in_production) return caseSteps.in_production;
  if (flags.in_design) return caseSteps.in_design;
  return caseSteps.ordered;
};

type DateInput = string | Date | null | undefined;

export type CaseTimelineSource = CaseStepFlags & {
  date_received: DateInput;
  date_metrology_complete: DateInput;
  date_design_complete: DateInput;
  date_approval_complete: DateInput;
  date_machining_complete: DateInput;
  date_dispatched: DateInput;
  date_promised: DateInput;
  approval_email_times: readonly DateInput[] | null | undefined;
  /** The business time the case waited on the client (issue 30's hold), added to the customer's due. */
  customer_delay_seconds?: number | undefined;
};

export type TimelineEntryKey =
  | 'received'
  | 'metrology'
  | 'design'
  | 'client_approval'
  | 'production'
  | 'dispatch'
  | 'promised'
  | 'approval_email'
  | 'client_hold';

export type TimelineEntry = {
  key: TimelineEntryKey;
  label: string;
  date: string | null;
  isComplete: boolean;
};

type FixedEntry = {
  key: Exclude<TimelineEntryKey, 'approval_email' | 'client_hold'>;
  label: string;
  field: Exclude<
    keyof CaseTimelineSource,
    keyof CaseStepFlags | 'approval_email_times' | 'customer_delay_seconds'
  >;
  /** The step the entry's work happens in; the entry is complete once the case is past it. */
  step: CaseStep;
  /** The date is a target, not a completion, so it does not by itself complete the entry. */
  isTarget?: boolean;
};

// Which field and step each entry reads. Stamps follow domain-decisions.md 'Cases': metrology is stamped
// leaving ORDERED (check-in happens while ordered), design leaving IN DESIGN, machining leaving IN
// PRODUCTION. Client approval happens during design. 'Production / Lab' reads the machining stamp, so
// it completes as the case reaches the lab; 'Assembly / Dispatch' is the lab's work and completes with
// dispatch. The promised date is the customer's target: it completes only once the case is dispatched.
const fixedEntries: readonly FixedEntry[] = [
  { key: 'received', label: 'Case Received', field: 'date_received', step: caseSteps.ordered },
  {
    key: 'metrology',
    label: 'Check-in / Metrology',
    field: 'date_metrology_complete',
    step: caseSteps.ordered,
  },
  { key: 'design', label: 'Design / Approval', field: 'date_design_complete', step: caseSteps.in_design },
  {
    key: 'client_approval',
    label: 'Client Approval',
    field: 'date_approval_complete',
    step: caseSteps.in_design,
  },
  {
    key: 'production',
    label: 'Production / Lab',
    field: 'date_machining_complete',
    step: caseSteps.in_production,
  },
  { key: 'dispatch', label: 'Assembly / Dispatch', field: 'date_dispatched', step: caseSteps.in_lab },
  { key: 'promised', label: 'Date Promised', field: 'date_promised', step: caseSteps.in_lab, isTarget: true },
];

export const approvalEmailSentLabel = 'Approval Email Sent';

/** The hold's entry: how long the client held the case, and that the due moved by it. */
export const clientHoldLabel = (businessSeconds: number): string =>
  `Waited on the client: ${formatBusinessAge(businessSeconds)} (business time), added to the due date`;

/** ISO form of a date, or null for none or an unreadable one. */
const toIsoOrNull = (value: DateInput): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/**
 * The Progress card's entries sorted by date; entries without a date keep their place in the fixed
 * order after the dated ones. Each approval email sent is an entry of its own, complete as it happened.
 */
export const buildCaseTimeline = (source: CaseTimelineSource): TimelineEntry[] => {
  const step = caseStepOf(source);
  const entries: TimelineEntry[] = fixedEntries.map((entry) => {
    const date = toIsoOrNull(source[entry.field]);
    return {
      key: entry.key,
      label: entry.label,
      date,
      isComplete: (date !== null && !entry.isTarget) || step > entry.step,
    };
  });
  const held = source.customer_delay_seconds ?? 0;
  // Undated: a total of the ended holds, listed after the dated entries.
  if (held > 0)
    entries.push({ key: 'client_hold', label: clientHoldLabel(held), date: null, isComplete: true });
  for (const sentAt of source.approval_email_times ?? []) {
    const date = toIsoOrNull(sentAt);
    if (date) entries.push({ key: 'approval_email', label: approvalEmailSentLabel, date, isComplete: true });
  }
  // Stable sort: equal dates and undated entries stay in the order above.
  return entries.toSorted((a, b) => {
    if (a.date === null || b.date === null) return (a.date === null ? 1 : 0) - (b.date === null ? 1 : 0);
    return Date.parse(a.date) - Date.parse(b.date);
  });
};
