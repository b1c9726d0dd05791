import { z } from 'zod';
import { messageDirections } from '../enums';
import { outsourceJobStatuses, outsourceJobTypes } from '../rules/outsourcing';
import { commonMessages, isStorableText, isoDateTime, nullableIsoDateTime } from './common';
import { orderFormSchema } from './collection-actions';

// The partner share page (domain-decisions 'Outsourcing', 'Roles'): a partner lab reaches exactly one
// started outsource job through its share key. Every answer is built for the partner: the job, the files
// sent for it, the files it returned and that job's messages — never a price, another job, a staff-only
// message, the client's contact details or another case.
//   GET  /api/v2/partner/{outsource_key}/                  the job
//   GET  /api/v2/partner/{outsource_key}/file/{file_id}/   {url, file_name} (a one-time link)
//   POST /api/v2/partner/{outsource_key}/files/            multipart, repeated `files`: return files
//   POST /api/v2/partner/{outsource_key}/message/          {message}
//   POST /api/v2/partner/{outsource_key}/complete/         marks the job completed (staff then review it)

export const partnerTexts = {
  // A wrong, revoked or guessed key, a job not started yet; also any file outside the key's job.
  notFound: 'This link is not valid. Please use the latest link the lab sent you.',
  linkNotValidTitle: 'Link not valid',
  fileNotFound: 'File not found',
  cannotBeBlank: 'Cannot be blank',
  // Every write to a job the lab has ended: the page is read only from then on.
  jobEnded: 'This job has ended',
  alreadyCompleted: 'This job is already marked as completed',
  noMessages: 'No Messages',
  noFilesSent: 'No files were sent with this job',
  noFilesReturned: 'No files returned yet',
  noOrderForms: 'No Order Forms Received',
  filesSentTitle: 'Files sent to you',
  filesReturnedTitle: 'Files you returned',
  markCompleted: 'Mark job completed',
  confirmComplete: 'Are you sure?',
  confirmCompleteText: 'The lab will be told the job is completed and will review your work.',
  completedAwaitingReview: 'Completed — awaiting review',
  loadFailed: 'The job could not be loaded.',
} as const;

export const partnerKeyParams = z.object({ outsource_key: z.string().max(200) });
// A malformed id is the same 404 as a file of another job (no oracle).
export const partnerFileParams = partnerKeyParams.extend({ file_id: z.string().max(40) });

export const partnerFileSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  size_bytes: z.number().int().nullable(),
  added: isoDateTime,
});
export type PartnerFile = z.infer<typeof partnerFileSchema>;

export const partnerMessageSchema = z.object({
  uid: z.uuid(),
  created_at: isoDateTime,
  // The lab's author as stored (a username), or the partner's name.
  author_reference: z.string(),
  note: z.string(),
  // INBOUND came from the partner; OUTBOUND from the lab.
  direction: z.enum(messageDirections),
});
export type PartnerMessage = z.infer<typeof partnerMessageSchema>;

export const partnerJobSchema = z.object({
  collection_id: z.number().int(),
  case_mkey: z.string(),
  patient_reference: z.string(),
  // The case's job type name.
  job_type: z.string(),
  // What the partner does: digital (design files back) or physical (work shipped back).
  outsource_job_type: z.enum(outsourceJobTypes).nullable(),
  partner_name: z.string(),
  start: isoDateTime,
  // The due time given when the job was started.
  expected_return: nullableIsoDateTime,
  // The lab's instructions.
  note: z.string().nullable(),
  status: z.enum(outsourceJobStatuses),
  // The lab ended the job: the page is read only.
  ended: z.boolean(),
  marked_as_completed: nullableIsoDateTime,
  // Where physical work goes back to.
  returning_branch: z.string().nullable(),
  // By added, oldest first.
  sent_files: z.array(partnerFileSchema),
  received_files: z.array(partnerFileSchema),
  // That job's OUTSOURCE_MESSAGEs, oldest first.
  messages: z.array(partnerMessageSchema),
  // The case's order forms (and the order's whole-collection form), platform keys removed.
  order_forms: z.array(orderFormSchema),
});
export type PartnerJob = z.infer<typeof partnerJobSchema>;

export const partnerMessageBodySchema = z.object({
  message: z.string().max(20_000).refine(isStorableText, { error: commonMessages.unstorableText }).optional(),
});
export type PartnerMessageBody = z.infer<typeof partnerMessageBodySchema>;

/** The multipart text fields of an upload: none are read; the files come as repeated `files` parts. */
export const partnerUploadFieldsSchema = z.object({}).optional();

export const partnerFileLinkSchema = z.object({ url: z.string(), file_name: z.string() });
export type PartnerFileLink = z.infer<typeof partnerFileLinkSchema>;
