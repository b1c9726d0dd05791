import type { AnyJobDefinition } from '../../jobs/job-definition';

// The outsourcing module's background jobs: partner e-mails, the due-soon/overdue pass and the
// integrated partner's sends.
export const outsourcingJobs: AnyJobDefinition[] = [];
