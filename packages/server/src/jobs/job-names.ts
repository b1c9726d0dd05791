// The background jobs (pg-boss queues) and what each one's payload carries.

export const jobNames = {
  approvalRequestEmail: 'approval-request-email',
  approvalReminders: 'approval-reminders',
  caseReceivedEmail: 'case-received-email',
} as const;

export type JobName = (typeof jobNames)[keyof typeof jobNames];

export type JobPayloads = {
  'approval-request-email': { approval_uid: string };
  // A scheduled pass over every approval; it carries nothing.
  'approval-reminders': Record<string, never>;
  'case-received-email': { case_uid: string };
};
