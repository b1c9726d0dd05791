// How an audit row's changed_values are shown (case-workspace §2 'Audit', §9): fields nobody reads are
// dropped, a short single change reads inline, anything else opens the 'Changes' details dialog.

export const auditTexts = {
  changes: 'Changes',
  caseAudit: 'Case Audit',
  locationAudit: 'Box Location Audit',
  delegationAudit: 'Delegation Audit',
  implantAudit: 'Implant Audit',
  noChanges: 'No changes recorded',
  awaitingDelegation: 'Awaiting Delegation',
  unallocated: 'Unallocated',
} as const;

/** Bookkeeping fields every edit touches; showing them would bury the real change. */
export const ignoredAuditFields = [
  'updated',
  'modified_by',
  'delegated_at',
  'delegated_by',
  'priority',
  'slug',
] as const;

/** Longest change text (exclusive) that still reads inline. */
export const inlineAuditChangeLimit = 100;

export type AuditChange = { field: string; old: unknown; new: unknown };

const ignored = new Set<string>(ignoredAuditFields);

const isOldNew = (value: unknown): value is { old: unknown; new: unknown } =>
  typeof value === 'object' && value !== null && 'new' in value;

/** The shown changes; a value recorded without {old, new} counts as its new value. */
export const visibleAuditChanges = (changedValues: Record<string, unknown>): AuditChange[] =>
  Object.entries(changedValues)
    .filter(([field]) => !ignored.has(field))
    .map(([field, value]) =>
      isOldNew(value) ? { field, old: value.old, new: value.new } : { field, old: undefined, new: value },
    );

const isoInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** How a recorded instant reads; the web passes its local date-time format. */
export type FormatInstant = (iso: string) => string;

/** null/undefined → '—'; recorded instants through `formatInstant`; objects as JSON. */
export const formatAuditValue = (value: unknown, formatInstant: FormatInstant = (iso) => iso): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return isoInstantPattern.test(value) ? formatInstant(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

const isScalar = (value: unknown): boolean =>
  value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);

/** The one-line text of a change: 'status: Design In Progress → Programming'. */
export const formatAuditChange = (change: AuditChange, formatInstant?: FormatInstant): string =>
  change.old === undefined
    ? `${change.field}: ${formatAuditValue(change.new, formatInstant)}`
    : `${change.field}: ${formatAuditValue(change.old, formatInstant)} → ${formatAuditValue(change.new, formatInstant)}`;

/**
 * Spec §9: inline only for a single change of plain values whose text is under 100 characters;
 * several changes, a nested value or a long text go to the details dialog.
 */
export const isInlineAuditChange = (changes: readonly AuditChange[]): boolean => {
  if (changes.length !== 1) return false;
  const [change] = changes;
  if (!change || !isScalar(change.old) || !isScalar(change.new)) return false;
  return formatAuditChange(change).length < inlineAuditChangeLimit;
};
