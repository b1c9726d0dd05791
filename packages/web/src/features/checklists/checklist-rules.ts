import {
  departmentFilters,
  isChecklistItemOpen,
  type CaseChecklist,
  type ChecklistItem,
  type Department,
} from '@lab/domain';

// The Checklist screen's rules (collection-views §3 'Checklist screen', §4 'Checklist item'), pure.

export type DepartmentFilter = (typeof departmentFilters)[number];

const isDepartmentFilter = (value: string | null): value is DepartmentFilter =>
  (departmentFilters as readonly (string | null)[]).includes(value);

/**
 * The department whose items show: the page's `department` parameter, else the user's own department
 * when it has checklist items (sales and support have none), else ALL.
 */
export const readDepartmentFilter = (
  param: string | null,
  userDepartment: Department | null,
): DepartmentFilter => {
  const wanted = param?.toUpperCase() ?? null;
  if (isDepartmentFilter(wanted)) return wanted;
  return isDepartmentFilter(userDepartment) ? userDepartment : 'ALL';
};

/** ALL shows everything. */
export const isItemVisible = (item: Pick<ChecklistItem, 'department'>, filter: DepartmentFilter): boolean =>
  filter === 'ALL' || item.department === filter;

/** An item as a card lists it: which case it belongs to. */
export type ChecklistEntry = { caseUid: string; caseMkey: string; item: ChecklistItem };

export const entriesOf = (caseUid: string, checklist: CaseChecklist): ChecklistEntry[] =>
  checklist.checklist.map((item) => ({ caseUid, caseMkey: checklist.case_mkey, item }));

/** What the hidden five-click marks done: every visible item that is neither done nor not required. */
export const listEntriesToMarkDone = (entries: readonly ChecklistEntry[]): ChecklistEntry[] =>
  entries.filter((entry) => isChecklistItemOpen(entry.item));

/** Done and Not Required exclude each other: while one is ticked the other cannot be. */
export const checkboxStates = (item: Pick<ChecklistItem, 'done' | 'not_required'>) => ({
  done: { isChecked: item.done, isDisabled: item.not_required },
  notRequired: { isChecked: item.not_required, isDisabled: item.done },
});

/** The order-entry platform's own QC checklist of the case (collection-views §2). */
export const legacyQcUrl = (orderEntryPlatformUrl: string, caseUid: string): string =>
  `${orderEntryPlatformUrl.replace(/\/+$/, '')}/case/${encodeURIComponent(caseUid)}/qc-checklist/`;
