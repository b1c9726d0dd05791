import PgBoss from 'pg-boss';
import type { EvidentSetup } from '../adapters/evident/evident-setup';
import type { PrinterGateway } from '../adapters/ipp/printer-gateway';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { FileStorage } from '../storage/file-storage';
import { openBossConnection } from './boss-connection';
import type { AnyJobDefinition, JobContext, JobLog } from './job-definition';
import type { JobName } from './job-names';
import { registeredJobs } from './registered-jobs';

// The job runner of one server process (pg-boss 10, schema `pgboss`, created by the first start). Any
// number of processes may run it on one PostgreSQL: pg-boss hands each job to exactly one worker, a
// schedule fires once per minute across all of them, and scheduled passes claim rows with SKIP LOCKED.

export type { JobLog } from './job-definition';

export type JobRunner = {
  /** Fetch now instead of at the next poll: a job of this queue was just committed. */
  wake: (name: JobName) => void;
  /**
   * Stops polling and the schedule, waits for running jobs (up to `timeoutMs`, 10 s by default; those still
   * running then are failed, to be retried) and their statements. Later calls wait for the first one.
   */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
  /** True from the start until a stop begins: the readiness check reads it. */
  isRunning: () => boolean;
};

const createQueues = async (boss: PgBoss, definitions: readonly AnyJobDefinition[]): Promise<void> => {
  for (const { name, settings } of definitions) {
    const queue = {
      name,
      policy: settings.policy,
      retryLimit: settings.retryLimit,
      expireInSeconds: settings.expireInSeconds,
      retryDelay: settings.retryDelay ?? 60,
      retryBackoff: settings.retryLimit > 0,
    };
    await boss.createQueue(name, queue);
    // Settings of a queue an older version created.
    await boss.updateQueue(name, queue);
  }
};

/**
 * pg-boss's schema and every queue, made without working a job: the test runs' template databases carry
 * them, so a test app's first start is a version check (about a second less per app).
 */
export const prepareJobQueues = async (db: Db): Promise<void> => {
  const connection = openBossConnection(db);
  const boss = new PgBoss({ db: connection, supervise: false, schedule: false });
  await boss.start();
  await createQueues(boss, registeredJobs);
  await boss.stop({ graceful: false });
  await connection.close();
};

export const startJobs = async (options: {
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  log: JobLog;
  /** The integrated partner's client for its jobs; none: those jobs do nothing. */
  evident?: EvidentSetup | null;
  /** The printers' IPP gateway for the print jobs. */
  printing?: PrinterGateway | null;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** The modules' jobs; all registered ones by default. */
  jobs?: readonly AnyJobDefinition[];
}): Promise<JobRunner> => {
  const { db, log } = options;
  const definitions = options.jobs ?? registeredJobs;
  const context: JobContext = {
    db,
    mailer: options.mailer,
    storage: options.storage,
    log,
    evident: options.evident ?? null,
    printing: options.printing ?? null,
    now: () => new Date(),
  };
  const connection = openBossConnection(db);
  const boss = new PgBoss({ db: connection });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await createQueues(boss, definitions);

  const workers = new Map<JobName, string>();
  for (const definition of definitions) {
    const handle = definition.handle as (data: unknown, context: JobContext) => Promise<void>;
    const id = await boss.work(
      definition.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async (jobs) => {
        for (const job of jobs) await handle(job.data, context);
      },
    );
    workers.set(definition.name, id);
    if (definition.schedule) await boss.schedule(definition.name, definition.schedule);
  }

  // A draining server stops the jobs while its requests finish, and the app's close stops them again.
  let stopping: Promise<void> | null = null;
  const stopOnce = async (timeoutMs: number): Promise<void> => {
    await boss.stop({ graceful: true, timeout: timeoutMs });
    await connection.close();
  };
  return {
    wake: (name) => {
      const id = workers.get(name);
      if (id) boss.notifyWorker(id);
    },
    stop: (stopOptions = {}) => (stopping ??= stopOnce(stopOptions.timeoutMs ?? 10_000)),
    isRunning: () => stopping === null,
  };
};
