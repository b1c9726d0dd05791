import type { machineProjectStatuses, redoCharges, redoTypes } from '../enums';

// Texts of the case drawer and its Overview tab (case-workspace §2, §4, §8, §9). The empty states are
// the spec's words; the confirmations the spec names without quoting are worded here once.

export const caseOverviewTexts = {
  noRelatedCases: 'No Related Cases',
  noPickingSlips: 'No Picking Slips',
  noManufacturedPart: 'No Manufactured Part Supplied',
  noComponentsRequested: 'No Components Requested',
  noLotNumbers: 'No Recorded Lot Numbers',
  noneAdded: 'None Added',
  awaitingDelegation: 'Awaiting Delegation',
  scanGaugeNoneMatches: 'None of these match',
} as const;

export const caseDialogTexts = {
  markAsDone:
    'Marking this virtual component as done sets it to Dispatched and raises an invoice. This cannot be undone. Are you sure?',
  received: 'Mark this case as received?',
  sendReceivedEmail: 'Send the case received email',
  toggleWarrantyToVoid: 'Are you sure you want to set the warranty to Void?',
  toggleWarrantyToValid: 'Are you sure you want to set the warranty to Valid?',
  requestPickingSlip: 'Are you sure you want to request a new picking slip?',
  readyForDispatch: 'Are you sure you want to mark this case as Ready for Dispatch?',
  readyForDispatchGroup: 'The other cases of this group will also be marked Ready for Dispatch:',
  checkComponentsPresent: 'Please make sure all components are present.',
  unresolvedAlert: 'This case has an unresolved alerting message. See Notes.',
} as const;

export const redoTypeLabels: Record<(typeof redoTypes)[number], string> = {
  internal: 'Internal Redo',
  external: 'External Redo',
};

export const redoChargeLabels: Record<(typeof redoCharges)[number], string> = {
  full: 'Full',
  discount: 'Discount',
  free: 'Free',
};

/** Spec §4 'Machine project status display'. */
export const machineProjectStatusLabels: Record<(typeof machineProjectStatuses)[number], string> = {
  Pending: 'Programming',
  Ready: 'Ready for Machining',
  Complete: 'Complete',
};
