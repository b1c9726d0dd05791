import { z } from 'zod';
import { messageDirections, messageVisibilities } from '../enums';
import { composerMessages } from '../rules/composer';
import { isoDateTime, nullableIsoDateTime } from './common';

// Notes and messages (case-workspace §7 'Messages and approvals'; collection-views §3 'Message',
// 'Communication'): GET /api/v2/collection/{uid}/messages/ (?extra-ref=client uid adds the client's
// notes), POST /api/v2/messages/ (multipart), PATCH /api/v2/message/{uid}/ (resolve | read),
// GET /api/v2/collection/{uid}/communicationlogs/ and GET /api/v2/communications/{id}.

export const messageAttachmentSchema = z.object({
  uid: z.uuid(),
  file_name: z.string(),
  // An edited (blurred) copy stands in for the original.
  blurred: z.boolean(),
});
export type MessageAttachmentRow = z.infer<typeof messageAttachmentSchema>;

export const readReceiptSchema = z.object({ read_by: z.string(), read_at: isoDateTime });

export const messageSchema = z.object({
  uid: z.uuid(),
  client_uid: z.uuid().nullable(),
  case_collection_uid: z.uuid().nullable(),
  case_uid: z.uuid().nullable(),
  approval_uid: z.uuid().nullable(),
  outsource_uid: z.uuid().nullable(),
  message_type: z.string(),
  visibility: z.enum(messageVisibilities),
  direction: z.enum(messageDirections),
  // The author's username (staff), the client's name (portal) or the partner's name.
  author_reference: z.string(),
  recipient_reference: z.string().nullable(),
  note: z.string(),
  resolvable: z.boolean(),
  created_at: isoDateTime,
  resolved_at: nullableIsoDateTime,
  resolved_by: z.string().nullable(),
  attachments: z.array(messageAttachmentSchema),
  read_receipts: z.array(readReceiptSchema),
  // Read by the signed-in employee.
  message_seen: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = z.array(messageSchema);

/** The multipart fields of POST /api/v2/messages/ (empty values are omitted by the web). */
// A missing, blank (omitted by the web) or malformed value answers the composer's own text (case-workspace
// §5), not the schema's.
export const postMessageFieldsSchema = z.object({
  client_uid: z.uuid().optional(),
  case_collection_uid: z.uuid().optional(),
  case_uid: z.uuid({ error: composerMessages.noCase }).optional(),
  approval_uid: z.uuid({ error: composerMessages.noApproval }).optional(),
  outsource_uid: z.uuid({ error: composerMessages.noOutsource }).optional(),
  message_type: z.string({ error: composerMessages.invalidType }).max(100, composerMessages.invalidType),
  // Sent by the spec's client; the server takes the author from the signed-in user.
  author_reference: z.string().max(255).optional(),
  // A staff recipient's username (design, production and lab messages); other recipients are derived.
  recipient_reference: z.string().max(255).optional(),
  // Derived by the server from the type; accepted and ignored.
  direction: z.string().max(20).optional(),
  resolvable: z.string().max(10).optional(),
  note: z.string().max(20_000).optional(),
  // Service file names (`{uid}/{name}`) of files uploaded through the file service.
  oft_attachments: z.union([z.string().max(4096), z.array(z.string().max(4096)).max(50)]).optional(),
});
export type PostMessageFields = z.infer<typeof postMessageFieldsSchema>;

export const messageActionSchema = z.object({
  action: z.enum(['resolve', 'read'], { error: 'Invalid action' }),
});

export const messageTextsExtra = {
  noMessages: 'No Messages...',
  resolveConfirm: 'Are you sure?',
  messageNotFound: 'Message not found',
  unknownRecipient: 'Unknown recipient',
  unknownAttachment: 'Unknown attachment',
  notResolvable: 'This message cannot be resolved',
  alreadyResolved: 'This message is already resolved',
  approvalFilterActive: 'Showing the messages of one approval request',
  // A CLIENT_NOTE names its client by client_uid, or by the collection it was written on.
  unknownClient: 'Unknown client',
  // Every other message belongs to a collection (case_collection_uid).
  noCollection: 'Please select a collection',
  // Message files come through the file service and are named in oft_attachments.
  filesNotAccepted: 'Attach files through the file service (oft_attachments)',
} as const;

/** Answers of GET /api/v2/communications/{id} that are not an e-mail's state (shown as the error). */
export const communicationTexts = {
  notFound: 'Communication not found',
  notAnEmail: 'This communication is not an email',
  emailFailed: 'The email could not be sent',
} as const;

/** Load-failure texts of the message calls, listed in the app bar (case-workspace §8). */
export const messageLoadErrors = {
  messages: 'Messages failed to load',
  communications: 'Could not load communication logs',
} as const;

/** The composer's label under the message type (case-workspace §6); CLIENTS shows in red as a warning. */
export const messageVisibilityLabels = {
  STAFF: 'visible only to staff',
  PARTNERS: 'visible to partners',
  SALES: 'visible to the sales team',
  CLIENTS: 'visible to clients',
} as const satisfies Record<(typeof messageVisibilities)[number], string>;

/** One delivery of a push (FCM) to a client's device. */
export const mobileDeliverySchema = z.object({
  device_type: z.enum(['android', 'ios']),
  identification: z.string(),
  success: z.boolean(),
});

export const communicationSchema = z.object({
  id: z.number().int(),
  uid: z.uuid(),
  communication_type: z.string(),
  // 'mobile' when FCM, else 'email' (collection-views §3).
  communication_provider: z.enum(['email', 'mobile']),
  created_at: isoDateTime,
  case_uid: z.uuid().nullable(),
  case_collection_uid: z.uuid().nullable(),
  approval_uid: z.uuid().nullable(),
  subject: z.string().nullable(),
  // email: [{email, _id}]; mobile: the deliveries.
  response: z.array(z.union([z.object({ email: z.string(), _id: z.string() }), mobileDeliverySchema])),
});
export type Communication = z.infer<typeof communicationSchema>;
export const communicationListSchema = z.array(communicationSchema);

/** GET /api/v2/communications/{id}: the e-mail's state, or {error}. */
export const emailInfoSchema = z.union([
  z.object({ email: z.string(), state: z.string(), clicks: z.number().int(), opens: z.number().int() }),
  z.object({ error: z.string() }),
]);
export type EmailInfo = z.infer<typeof emailInfoSchema>;
