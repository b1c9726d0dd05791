import type { EvidentSetup } from '../adapters/evident/evident-setup';
import type { PrinterGateway } from '../adapters/ipp/printer-gateway';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { FileStorage } from '../storage/file-storage';
import type { JobName, JobPayloads } from './job-names';

// What a module plugs into the job runner: its queues, how each is worked, and optional schedules.
// The runner (start-jobs.ts) only joins the modules' lists; it knows no job of its own.

export type JobLog = { error: (object: object, message: string) => void };

/** What every job handler may use; outside systems come as their real clients. */
export type JobContext = {
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  log: JobLog;
  /** The integrated partner's client; none configured: its jobs do nothing. */
  evident?: EvidentSetup | null;
  /** Where print jobs go (IPP); none: print jobs fail with a clear error. */
  printing?: PrinterGateway | null;
  /** The instant of this run (jobs compare due times against it; tests move it). */
  now: () => Date;
};

export type QueueSettings = {
  policy: 'standard' | 'stately';
  retryLimit: number;
  expireInSeconds: number;
  /** Seconds before the first retry (doubling when retryLimit > 0). */
  retryDelay?: number;
};

export type JobDefinition<Name extends JobName> = {
  name: Name;
  settings: QueueSettings;
  handle: (data: JobPayloads[Name], context: JobContext) => Promise<void>;
  /** A cron schedule (pg-boss fires it once across all processes). */
  schedule?: string;
};

/** A list of definitions of any names, each checked against its own payload. */
export type AnyJobDefinition = { [Name in JobName]: JobDefinition<Name> }[JobName];

export const defineJob = <Name extends JobName>(definition: JobDefinition<Name>): AnyJobDefinition =>
  definition as unknown as AnyJobDefinition;
