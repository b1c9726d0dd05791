import type { orderingPlatforms } from '../enums';

// The customer portal's words, answers and brandings without a schema: the portal page paints its first
// view from these before zod arrives (a phone on a mobile network downloads the schemas meanwhile).
// The schemas of the portal's calls are in ./portal.ts.

export const portalTexts = {
  caseUnavailableTitle: 'Case Unavailable',
  caseUnavailableText: 'This case is no longer available as it has been cancelled.',
  noMessages: 'No Messages',
  noOrderForms: 'No Order Forms Received',
  cannotBeBlank: 'Cannot be blank',
  finalProsthesisDispatch: '3 Weeks After Final Approval',
  approvalRequired: 'Approval Required',
  actionRequired: 'Action Required',
  actionRequiredText: 'A design is waiting for your approval. Please review it below.',
  // The spec names a footnote about the Try-In or final Design Approval without quoting it.
  dispatchFootnote:
    'Estimated dispatch dates are counted from your Try-In or final Design Approval. A late approval moves them.',
  voidsWarranty:
    'This design is outside the manufacturing envelope. Approving it voids the warranty of this component.',
  // A wrong, revoked or guessed key; also any approval, message or file outside the key's collection.
  notFound: 'This link is not valid. Please use the latest link the lab sent you.',
  approvalNotFound: 'Approval not found',
  messageNotFound: 'Message not found',
  fileNotFound: 'File not found',
  // An answer to an approval that is no longer waiting (approved, cancelled or already answered).
  approvalNotPending: 'This approval request is no longer pending',
  wrongCollection: 'This message does not belong to this case',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  invalidAction: 'Invalid action',
  estimatedDispatch: 'Estimated Dispatch',
  // A lab message whose employee has no name on record: the portal never shows a username instead.
  labAuthor: 'The lab',
  noCases: 'No components yet',
  // Staff side: the Portal Link card's regenerate button (admin only, domain-decisions 'Roles').
  regenerateAdminOnly: 'Only an administrator can regenerate the portal link',
  regenerateConfirm:
    'Regenerate the portal link? The current link stops working at once; the client needs the new one.',
} as const;

/** What the client may answer to an open approval (collection-views §2 'Approval card'). */
export const portalApprovalActions = ['approve', 'approve_with_changes', 'request_changes'] as const;
export type PortalApprovalAction = (typeof portalApprovalActions)[number];

export const portalApprovalActionLabels: Record<PortalApprovalAction, string> = {
  approve: 'Approve',
  approve_with_changes: 'Approve with changes',
  request_changes: 'Request changes',
};

/** The two answers that carry details; an empty details text is refused (§5 'Approval changes'). */
export const approvalActionNeedsChanges = (action: PortalApprovalAction): boolean => action !== 'approve';

/** The two brandings (collection-views §1); nexus is the default. */
export const portalBrandings = ['nexus', 'osteon'] as const;
export type PortalBranding = (typeof portalBrandings)[number];

/** `?branding=` when it names one, else by ordering platform: oep → osteon; nexus_ios, nclab → nexus. */
export const portalBrandingFor = (
  requested: string | null | undefined,
  platform: (typeof orderingPlatforms)[number] | null | undefined,
): PortalBranding => {
  if (requested === 'nexus' || requested === 'osteon') return requested;
  return platform === 'oep' ? 'osteon' : 'nexus';
};
