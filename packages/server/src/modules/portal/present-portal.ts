import {
  isFinalProsthesis,
  portalTexts,
  type HoldEstimate,
  type Collection,
  type CollectionApproval,
  type CollectionCase,
  type Message,
  type PortalApproval,
  type PortalCase,
  type PortalMessage,
} from '@lab/domain';

// The portal's presenters: each picks, field by field, what a client may see from the staff shapes. A
// field added to a staff answer never reaches the portal until it is named here.

export type ApprovalTypeInfo = { name: string; voids_warranty: boolean };

/**
 * `clientStatusNames`: the client-facing name of each status that has one (by status id); any other
 * status shows its own name.
 */
export const presentPortalCase = (
  item: CollectionCase,
  clientStatusNames: ReadonlyMap<number, string>,
  clientHold: HoldEstimate | null = null,
): PortalCase => ({
  uid: item.uid,
  case_mkey: item.case_mkey,
  job_type: item.job_type,
  dentate: item.dentate,
  status: clientStatusNames.get(item.status_id) ?? item.status,
  dispatched: item.dispatched,
  cancelled: item.cancelled,
  date_dispatched: item.date_dispatched,
  tracking_number: item.tracking_number,
  product_class: item.product_class,
  customer_due: item.customer_due,
  client_hold: clientHold,
  // Still ordered or in design, its final approval not given: the dispatch waits on it.
  awaiting_final_approval:
    isFinalProsthesis(item.product_class) &&
    (item.ordered || item.in_design) &&
    item.date_approval_complete === null,
  implants: item.implants.map((implant) => ({ tooth: implant.tooth, platform: implant.platform })),
  order_files: item.order_files.map((file) => ({ id: file.id, filename: file.filename })),
});

export const presentPortalApproval = (
  approval: CollectionApproval,
  types: ReadonlyMap<string, ApprovalTypeInfo>,
): PortalApproval => {
  const type = types.get(approval.approval_type);
  return {
    uid: approval.uid,
    case_uid: approval.case_uid,
    approval_type: approval.approval_type,
    approval_type_name: type?.name ?? approval.approval_type,
    voids_warranty: type?.voids_warranty ?? false,
    created_at: approval.created_at,
    approval_due_at: approval.approval_due_at,
    approved_at: approval.approved_at,
    cancelled_at: approval.cancelled_at,
    changes_requested_at: approval.changes_requested_at,
    changes: approval.changes,
    approval_files: approval.approval_files.map((file) => ({ id: file.id, filename: file.filename })),
  };
};

/**
 * `employeeName`: the display name of the employee who wrote it (undefined: not an employee's). An
 * employee is never named by username; one with no name on record is 'the lab'.
 */
export const presentPortalMessage = (
  message: Message,
  seen: boolean,
  employeeName: string | undefined,
): PortalMessage => ({
  uid: message.uid,
  case_uid: message.case_uid,
  approval_uid: message.approval_uid,
  message_type: message.message_type,
  direction: message.direction,
  author_reference:
    employeeName === undefined ? message.author_reference : employeeName.trim() || portalTexts.labAuthor,
  note: message.note,
  created_at: message.created_at,
  attachments: message.attachments.map((a) => ({ uid: a.uid, file_name: a.file_name })),
  message_seen: seen,
});

/** Every case cancelled: the portal shows only 'Case Unavailable', so the answer carries nothing else. */
export const isCollectionCancelled = (collection: Collection): boolean =>
  collection.cases.length > 0 && collection.cases.every((item) => item.cancelled);
