import {
  departmentForStatusParent,
  isCountdownAlerting,
  type CollectionCase,
  type Department,
  type Status,
} from '@lab/domain';

// What the case drawer's header shows and offers (case-workspace §2 'Case drawer', §4).

export type ToolbarTone = 'alerting' | 'redo' | 'vip' | 'plain';

/** Orange while the countdown alerts, else dark red for a redo, dark blue for a VIP collection, else white. */
export const findToolbarTone = (options: {
  caseItem: Pick<CollectionCase, 'immediacy_due' | 'redo'>;
  isVip: boolean;
  now: number;
}): ToolbarTone => {
  const { caseItem, isVip, now } = options;
  if (caseItem.immediacy_due && isCountdownAlerting(caseItem.immediacy_due, now)) return 'alerting';
  if (caseItem.redo) return 'redo';
  if (isVip) return 'vip';
  return 'plain';
};

export const toolbarColours: Record<ToolbarTone, { background: string; text: string }> = {
  alerting: { background: '#ef6c00', text: '#ffffff' },
  redo: { background: '#8b0000', text: '#ffffff' },
  vip: { background: '#0d2b5e', text: '#ffffff' },
  plain: { background: '#ffffff', text: 'rgba(0, 0, 0, 0.87)' },
};

export type ToolbarButtons = {
  canUploadReturnFile: boolean;
  canMarkAsDone: boolean;
  canProgress: boolean;
  canRedo: boolean;
  canReceive: boolean;
};

type GatingFields = Pick<
  CollectionCase,
  'active' | 'requires_return_file' | 'virtual_product' | 'date_received'
>;

/** Photo and Print are always offered; the rest as the spec gates them. */
export const findToolbarButtons = (caseItem: GatingFields): ToolbarButtons => ({
  canUploadReturnFile: caseItem.active && caseItem.requires_return_file,
  canMarkAsDone: caseItem.active && caseItem.virtual_product,
  canProgress: caseItem.active,
  canRedo: true,
  canReceive: !caseItem.date_received,
});

type FlagFields = Pick<
  CollectionCase,
  'ordered' | 'in_design' | 'in_production' | 'in_lab' | 'dispatched' | 'cancelled'
>;

const departmentChips: { flag: keyof FlagFields; label: string }[] = [
  { flag: 'in_design', label: 'Design' },
  { flag: 'in_production', label: 'Production' },
  { flag: 'in_lab', label: 'Lab' },
  { flag: 'ordered', label: 'Ordered' },
  { flag: 'dispatched', label: 'Dispatched' },
  { flag: 'cancelled', label: 'Cancelled' },
];

/** One chip per true flag. */
export const listDepartmentChips = (caseItem: FlagFields): string[] =>
  departmentChips.filter(({ flag }) => caseItem[flag]).map(({ label }) => label);

/** The status text is hidden when the case is dispatched, cancelled or ordered. */
export const isStatusTextShown = (caseItem: FlagFields): boolean =>
  !caseItem.dispatched && !caseItem.cancelled && !caseItem.ordered;

/** The finishing selector: polishing staff, a case in the lab, neither dispatched nor cancelled. */
export const canUseFinishingSelector = (
  userDepartment: Department | null | undefined,
  caseItem: Pick<CollectionCase, 'in_lab' | 'dispatched' | 'cancelled'>,
): boolean =>
  userDepartment === 'POLISHING' && caseItem.in_lab && !caseItem.dispatched && !caseItem.cancelled;

export const listFinishingStatuses = (statuses: readonly Status[]): Status[] =>
  statuses.filter((status) => status.in_finishing || status.dispatch_ready);

type GroupFields = Pick<CollectionCase, 'uid' | 'group_number' | 'dispatched' | 'cancelled'>;

/** The other cases of the group that 'Ready for Dispatch' also marks: not dispatched, not cancelled. */
export const listGroupCasesToDispatch = <Case extends GroupFields>(
  cases: readonly Case[],
  caseItem: GroupFields,
): Case[] =>
  caseItem.group_number === null
    ? []
    : cases.filter(
        (other) =>
          other.uid !== caseItem.uid &&
          other.group_number === caseItem.group_number &&
          !other.dispatched &&
          !other.cancelled,
      );

/** Progress: the department follows the chosen status (ORDERED → ADMIN, design → DESIGN, …). */
export const findDepartmentForStatus = (status: Status | undefined): Department | null =>
  status ? departmentForStatusParent(status.parent_name) : null;
