import { dispatchJobs } from '../modules/dispatches/jobs';
import { integratedJobs } from '../modules/outsourcing/integrated/integrated-jobs';
import { outsourcingJobs } from '../modules/outsourcing/jobs';
import { printingJobs } from '../modules/printing/jobs';
import { warehouseJobs } from '../modules/warehouse/jobs';
import { idempotencyJobs } from './idempotency-expiry';
import type { AnyJobDefinition } from './job-definition';
import { mailJobs } from './mail-jobs';

// Every module's background jobs, joined for the runner.
export const registeredJobs: readonly AnyJobDefinition[] = [
  ...mailJobs,
  ...outsourcingJobs,
  ...integratedJobs,
  ...dispatchJobs,
  ...printingJobs,
  ...idempotencyJobs,
  ...warehouseJobs,
];
