import { z } from 'zod';

// GET /api/v2/customer_service/?branch_id=N: the Customer Service inbox of a branch (issue 30). Four
// lists of what clients wait on and what the lab waits on; each item has a key the desk assigns it and
// marks it done by:
//   message:<message uid>  a client's message or approval answer with no staff reply yet
//   approval:<uid>         an approval still waiting for the client (pending or overdue)
//   due:<case uid>         a case the lab will deliver after the customer's due, not told since it moved
//   request:<message uid>  Check-in's request for missing information, not answered yet

export const customerServiceMessages = {
  itemNotFound: 'This inbox item is not open',
  unknownEmployee: 'Unknown or inactive employee',
  unknownBranch: 'Unknown branch',
  badKey: 'Not an inbox item',
} as const;

/** An item's key: its kind, and the uid of the message, approval or case it reads. */
export const inboxItemKeyPattern =
  /^(message|approval|due|request):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const assigneeSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** Where an item is: its collection and (when it has one) case, for the link to the right view. */
const placeSchema = z.object({
  key: z.string(),
  collection_uid: z.uuid(),
  collection_id: z.number().int(),
  case_uid: z.uuid().nullable(),
  case_mkey: z.string().nullable(),
  client_name: z.string(),
  patient_reference: z.string(),
  assignee: assigneeSchema,
});

export const inboxClientMessageSchema = placeSchema.extend({
  message_uid: z.uuid(),
  kind: z.enum(['message', 'approval_answer']),
  excerpt: z.string(),
  attachments: z.number().int(),
  received_at: z.string(),
  waiting_business_seconds: z.number().int(),
  sla: z.enum(['ok', 'due', 'late']),
});

export const inboxApprovalSchema = placeSchema.extend({
  approval_uid: z.uuid(),
  approval_type: z.string(),
  requested_at: z.string(),
  due_at: z.string(),
  is_overdue: z.boolean(),
  sends_reminders: z.boolean(),
  reminders_sent: z.number().int(),
  next_reminder_due: z.string().nullable(),
  waiting_business_seconds: z.number().int(),
});

export const inboxDueMovedSchema = placeSchema.extend({
  job_type: z.string(),
  status: z.string(),
  customer_due: z.string().nullable(),
  internal_due: z.string().nullable(),
  /** Whole business hours the lab's finish lies past the customer's due (the schedule's comparison rule). */
  late_by_hours: z.number().int(),
});

export const inboxInformationRequestSchema = placeSchema.extend({
  message_uid: z.uuid(),
  excerpt: z.string(),
  requested_at: z.string(),
  requested_by: z.string(),
  waiting_business_seconds: z.number().int(),
  sla: z.enum(['ok', 'due', 'late']),
});

export const customerServiceInboxSchema = z.object({
  branch: z.object({ id: z.number().int(), name: z.string() }),
  client_messages: z.array(inboxClientMessageSchema),
  approvals: z.array(inboxApprovalSchema),
  due_moved: z.array(inboxDueMovedSchema),
  information_requests: z.array(inboxInformationRequestSchema),
});
export type CustomerServiceInbox = z.infer<typeof customerServiceInboxSchema>;
export type InboxClientMessage = z.infer<typeof inboxClientMessageSchema>;
export type InboxApproval = z.infer<typeof inboxApprovalSchema>;
export type InboxDueMoved = z.infer<typeof inboxDueMovedSchema>;
export type InboxInformationRequest = z.infer<typeof inboxInformationRequestSchema>;

/** PUT /api/v2/customer_service/items/{key}/: who looks after it (null: nobody). */
export const assignInboxItemSchema = z.object({ assignee_id: z.number().int().positive().nullable() });

/** The item's state as the desk set it. */
export const inboxItemStateSchema = z.object({
  key: z.string(),
  assignee: assigneeSchema,
  done_at: z.string().nullable(),
});
export type InboxItemState = z.infer<typeof inboxItemStateSchema>;
