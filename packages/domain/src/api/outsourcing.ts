import { z } from 'zod';
import { partnerAdapterTypes } from '../enums';
import { outsourceJobStatuses, outsourceJobTypes } from '../rules/outsourcing';
import { isoDateTime, nullableIsoDateTime } from './common';

// An outsource job as the case lists it (case-workspace §3 'Outsource', 'Integrated outsource request'),
// for the Outsourcing tab's cards. Additions to the spec's fields: adapter_type, job_type, note,
// returning_branch(_id), additional_recipients, created_at, created_by and the derived status.

export const integratedOutsourceRequestSchema = z.object({
  id: z.number().int(),
  adapter_type: z.enum(partnerAdapterTypes),
  sent_at: nullableIsoDateTime,
  error: z.string().nullable(),
  error_detail: z.string().nullable(),
  retry_count: z.number().int(),
  partner_reference: z.string().nullable(),
  redo_requested_at: nullableIsoDateTime,
  redo_sent_at: nullableIsoDateTime,
  completed_at: nullableIsoDateTime,
  modified_at: isoDateTime,
  // The partner's last reported status (e.g. RECEIVED, IN_PROGRESS, COMPLETED).
  response: z.object({ status: z.string().nullable() }),
  // What was asked: the design types and instructions, shown on the card.
  payload: z.record(z.string(), z.unknown()),
});
export type IntegratedOutsourceRequest = z.infer<typeof integratedOutsourceRequestSchema>;

/** One message of the conversation with the partner (case-workspace §3 'Outsource message'). */
export const outsourceMessageSchema = z.object({
  uid: z.uuid(),
  outsource_uid: z.uuid(),
  created_at: isoDateTime,
  author_reference: z.string(),
  note: z.string(),
  // OUTBOUND from the lab, INBOUND from the partner's page.
  direction: z.enum(['INBOUND', 'OUTBOUND', 'STATIC']),
});
export type OutsourceMessage = z.infer<typeof outsourceMessageSchema>;

export const outsourceSchema = z.object({
  id: z.number().int(),
  uid: z.uuid(),
  case_id: z.number().int(),
  partner: z.string(),
  partner_id: z.number().int(),
  adapter_type: z.enum(partnerAdapterTypes).nullable(),
  start: nullableIsoDateTime,
  end: nullableIsoDateTime,
  expected_return: nullableIsoDateTime,
  marked_as_completed: nullableIsoDateTime,
  due_soon_reminder: nullableIsoDateTime,
  overdue_reminder: nullableIsoDateTime,
  partner_status: z.string().nullable(),
  upload_not_required: z.boolean(),
  tracking_number: z.string().nullable(),
  // The share key of the partner page (/static/v2/partner.html?key=); staff copy the link from the card.
  outsource_key: z.string().nullable(),
  job_type: z.enum(outsourceJobTypes).nullable(),
  returning_branch_id: z.number().int().nullable(),
  returning_branch: z.string().nullable(),
  note: z.string().nullable(),
  additional_recipients: z.array(z.string()),
  created_at: isoDateTime,
  created_by: z.string().nullable(),
  status: z.enum(outsourceJobStatuses),
  integrated_outsource_requests: z.array(integratedOutsourceRequestSchema),
  messages: z.array(outsourceMessageSchema),
});
export type Outsource = z.infer<typeof outsourceSchema>;

/** The partner page's address for a share key. */
export const partnerPagePath = (outsourceKey: string): string =>
  `/static/v2/partner.html?key=${encodeURIComponent(outsourceKey)}`;
