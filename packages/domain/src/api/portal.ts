import { z } from 'zod';
import { dentates, messageDirections, orderingPlatforms } from '../enums';
import { portalApprovalActions, portalTexts } from './portal-texts';
import { isoDateTime, nullableIsoDateTime } from './common';
import { orderFormSchema } from './collection-actions';

// The customer portal (collection-views §2 'Customer portal', §7 'Customer portal'): a client reaches
// exactly one collection through its portal key. Every answer here is built for the client: no staff-only
// message, no internal file, no price, no hidden order-form key, no other collection's data.
//   GET    /api/v2/customer/{portal_key}/
//   POST   /api/v2/customer/{portal_key}/approval/{approval_uid}/   multipart action, changes, files
//   POST   /api/v2/customer/{portal_key}/message/                   multipart note, case_collection_uid, attachments
//   PATCH  /api/v2/customer/{portal_key}/message/{uid}/             {action: 'read'}
//   GET    /api/v2/customer/{portal_key}/file/{type}/{id}/          {url, file_name}

/** The multipart text fields of an approval answer; files come as repeated `files` parts. */
export const portalApprovalFieldsSchema = z.object({
  action: z.enum(portalApprovalActions, { error: portalTexts.invalidAction }),
  changes: z.string().max(20_000).optional(),
});
export type PortalApprovalFields = z.infer<typeof portalApprovalFieldsSchema>;

/** The multipart text fields of a client message; files come as repeated `attachments` parts. */
export const portalMessageFieldsSchema = z.object({
  note: z.string().max(20_000).optional(),
  case_collection_uid: z.string().max(100).optional(),
});

export const portalMessageActionSchema = z.object({
  action: z.literal('read', { error: portalTexts.invalidAction }),
});

/** The files a portal may open; anything else is 404. */
export const portalFileTypes = ['approval_file', 'message_attachment', 'order_file'] as const;
export type PortalFileType = (typeof portalFileTypes)[number];

export const portalKeyParams = z.object({ portal_key: z.string().max(200) });
export const portalApprovalParams = portalKeyParams.extend({ approval_uid: z.string().max(100) });
export const portalMessageParams = portalKeyParams.extend({ uid: z.string().max(100) });
// An unknown type or a malformed id is the same 404 as a file of another collection (no oracle).
export const portalFileParams = portalKeyParams.extend({ type: z.string().max(40), id: z.string().max(100) });

export const portalImplantSchema = z.object({
  tooth: z.number().int(),
  // The platform's name; null is a pontic.
  platform: z.string().nullable(),
});

export const portalFileSchema = z.object({ id: z.number().int(), filename: z.string() });
export type PortalFile = z.infer<typeof portalFileSchema>;

export const portalCaseSchema = z.object({
  uid: z.uuid(),
  case_mkey: z.string(),
  job_type: z.string(),
  dentate: z.enum(dentates).nullable(),
  // The status as clients see it (clientStatusName: the admin's client-facing name, else the lab's own);
  // the chip is derived by customerCaseStatus. The lab's own name never reaches the portal.
  status: z.string(),
  dispatched: z.boolean(),
  cancelled: z.boolean(),
  date_dispatched: nullableIsoDateTime,
  tracking_number: z.string().nullable(),
  product_class: z.string(),
  // The customer due time the lab works to (the estimated dispatch).
  customer_due: nullableIsoDateTime,
  // While the lab waits on the client's answer to an approval: answer by `answer_by` and the dispatch is
  // `dispatch_if_answered_by`; answered today, `dispatch_if_answered_today` (the client-hold clock).
  client_hold: z
    .object({
      answer_by: isoDateTime,
      dispatch_if_answered_by: isoDateTime,
      dispatch_if_answered_today: isoDateTime,
    })
    .nullable()
    .optional(),
  // A Final Prosthesis whose final approval is not in yet: its dispatch is counted from that approval.
  awaiting_final_approval: z.boolean().optional(),
  implants: z.array(portalImplantSchema),
  order_files: z.array(portalFileSchema),
});
export type PortalCase = z.infer<typeof portalCaseSchema>;

export const portalApprovalSchema = z.object({
  uid: z.uuid(),
  case_uid: z.uuid(),
  approval_type: z.string(),
  approval_type_name: z.string(),
  // Approving it voids the component's warranty (OUTSIDE_ENVELOPE_APPROVAL).
  voids_warranty: z.boolean(),
  created_at: isoDateTime,
  approval_due_at: isoDateTime,
  approved_at: nullableIsoDateTime,
  cancelled_at: nullableIsoDateTime,
  changes_requested_at: nullableIsoDateTime,
  changes: z.string().nullable(),
  approval_files: z.array(portalFileSchema),
});
export type PortalApproval = z.infer<typeof portalApprovalSchema>;

export const portalAttachmentSchema = z.object({ uid: z.uuid(), file_name: z.string() });
export type PortalAttachment = z.infer<typeof portalAttachmentSchema>;

export const portalMessageSchema = z.object({
  uid: z.uuid(),
  case_uid: z.uuid().nullable(),
  approval_uid: z.uuid().nullable(),
  message_type: z.string(),
  // INBOUND came from the client; OUTBOUND from the lab.
  direction: z.enum(messageDirections),
  // Who wrote it: an employee by display name (first and last name, never a username), else the lab
  // (portalTexts.labAuthor), or the client's or partner's name as stored.
  author_reference: z.string(),
  note: z.string(),
  created_at: isoDateTime,
  attachments: z.array(portalAttachmentSchema),
  // Read by the client through the portal.
  message_seen: z.boolean(),
});
export type PortalMessage = z.infer<typeof portalMessageSchema>;
export const portalMessageListSchema = z.array(portalMessageSchema);

/** The staff's order form: the ordering platform's own keys (hiddenOrderFormKeys) never leave the server. */
export const portalOrderFormSchema = orderFormSchema;

export const portalCollectionSchema = z.object({
  // Sent back as case_collection_uid with a message.
  uid: z.uuid(),
  collection_id: z.number().int(),
  patient_reference: z.string(),
  client_name: z.string(),
  client_account_number: z.string().nullable(),
  ordering_platform: z.enum(orderingPlatforms),
  // The fulfillment branch's IANA time zone (the lab's default without a branch): the portal shows times
  // in it, in the lab's locale, naming the zone when it is not the reader's.
  time_zone: z.string(),
  // Every case cancelled: the portal shows only 'Case Unavailable' (and the answer carries nothing else).
  cancelled: z.boolean(),
  // By case_mkey.
  cases: z.array(portalCaseSchema),
  // Newest first; cancelled requests are left out.
  approvals: z.array(portalApprovalSchema),
  // CLIENTS-visible messages, by created_at.
  messages: z.array(portalMessageSchema),
  order_forms: z.array(portalOrderFormSchema),
});
export type PortalCollection = z.infer<typeof portalCollectionSchema>;

export const portalFileLinkSchema = z.object({ url: z.string(), file_name: z.string() });
export type PortalFileLink = z.infer<typeof portalFileLinkSchema>;

/** The answer of an approval action: the approval as the portal lists it. */
export const portalApprovalAnswerSchema = portalApprovalSchema;
/** The answer of a posted message or a read receipt: the message as the portal lists it. */
export const portalMessageAnswerSchema = portalMessageSchema;
