// The background jobs (pg-boss queues) and what each one's payload carries.

export const jobNames = {
  approvalRequestEmail: 'approval-request-email',
  approvalReminders: 'approval-reminders',
  caseReceivedEmail: 'case-received-email',
  informationRequestEmail: 'information-request-email',
  dispatchEmail: 'dispatch-email',
  outsourceRequestEmail: 'outsource-request-email',
  outsourceReminders: 'outsource-reminders',
  outsourceFileCopy: 'outsource-file-copy',
  evidentSend: 'evident-send',
  evidentSendDue: 'evident-send-due',
  evidentCollect: 'evident-collect',
  evidentPoll: 'evident-poll',
  printSend: 'print-send',
  idempotencyKeysExpiry: 'idempotency-keys-expiry',
  pickLots: 'pick-lots',
  recallNoticeEmail: 'recall-notice-email',
} as const;

export type JobName = (typeof jobNames)[keyof typeof jobNames];

export type JobPayloads = {
  'approval-request-email': { approval_uid: string };
  // A scheduled pass over every approval; it carries nothing.
  'approval-reminders': Record<string, never>;
  'case-received-email': { case_uid: string };
  // The Check-in desk's request for what an order lacks: the client's e-mail of that message.
  'information-request-email': { message_uid: string };
  // The client's e-mail with the tracking details of a dispatch.
  'dispatch-email': { dispatch_uid: string };
  // The partner's e-mail with the share link when a job starts (and its additional recipients).
  'outsource-request-email': { outsource_uid: string };
  // A scheduled pass stamping due-soon and overdue notices of open jobs.
  'outsource-reminders': Record<string, never>;
  // Auto Upload: the case's order files to the job's partner, or the partner's results to internal files.
  'outsource-file-copy': {
    case_uid: string;
    outsource_uid: string;
    direction: 'to_partner' | 'to_internal';
    requested_by_id: number;
    requested_by: string;
  };
  // The integrated partner (EVIDENT): send one request now (queued with it), a scheduled pass over the
  // sends whose retry is due, fetching one completed request's results, and the polling fallback.
  'evident-send': { request_id: number };
  'evident-send-due': Record<string, never>;
  'evident-collect': { request_id: number };
  'evident-poll': Record<string, never>;
  // Sends one print job's PDF to its printer over IPP (modules/printing).
  'print-send': { print_job_id: number };
  // A scheduled pass dropping the Idempotency-Keys past their 24 hours (http/idempotency.ts).
  'idempotency-keys-expiry': Record<string, never>;
  // A scheduled pass placing the lots of older picked slips on their lines (for a recall).
  'pick-lots': Record<string, never>;
  // A recall's message to one collection's client, by e-mail (Gauge MRP).
  'recall-notice-email': { message_uid: string };
};
