import { isApprovalOpen } from './approval-status';

// The customer's case status chip (collection-views §4 'Customer case status chip'): by priority,
// 'Approval Required' while one of the case's approvals waits for the client, else Dispatched, else
// Cancelled, else the lab's own status. An approval the client already answered with changes waits for
// the lab, not the client, so it does not ask for action again.

export type CustomerStatusTone = 'warning' | 'success' | 'error' | 'primary';
export type CustomerStatus = { label: string; tone: CustomerStatusTone; pulse: boolean };

type ChipCase = { uid: string; status: string; dispatched: boolean; cancelled: boolean };
type ChipApproval = {
  case_uid: string;
  approval_due_at: string;
  approved_at: string | null;
  cancelled_at: string | null;
  changes_requested_at?: string | null | undefined;
};

export const approvalRequiredLabel = 'Approval Required';

/** Approvals that wait for the client's answer. */
export const openApprovalsOf = <Approval extends ChipApproval>(approvals: readonly Approval[]): Approval[] =>
  approvals.filter((approval) => isApprovalOpen(approval));

export const customerCaseStatus = (item: ChipCase, approvals: readonly ChipApproval[]): CustomerStatus => {
  if (openApprovalsOf(approvals).some((approval) => approval.case_uid === item.uid)) {
    return { label: approvalRequiredLabel, tone: 'warning', pulse: true };
  }
  if (item.dispatched) return { label: 'Dispatched', tone: 'success', pulse: false };
  if (item.cancelled) return { label: 'Cancelled', tone: 'error', pulse: false };
  const completed = item.status.toLowerCase() === 'completed';
  return { label: item.status, tone: completed ? 'success' : 'primary', pulse: false };
};

/** The estimated dispatch of a Final Prosthesis waits on the final approval (§9). */
export const isFinalProsthesis = (productClass: string): boolean =>
  productClass.trim().toLowerCase() === 'final prosthesis';

/**
 * The name a client sees for a lab status: the admin's client-facing name when one is set, else the
 * status's own name (a lab need not tell a client that design went to a partner).
 */
export const clientStatusName = (status: { name: string; client_name: string | null }): string =>
  status.client_name?.trim() || status.name;
