import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { sendApprovalRequestEmail } from './approval-request-email';
import { sendDueReminders } from './approval-reminders';
import { openBossConnection } from './boss-connection';
import { sendCaseReceivedEmail } from './case-received-email';
import { jobNames, type JobName, type JobPayloads } from './job-names';

// The job runner of one server process (pg-boss 10, schema `pgboss`, created by the first start). Any
// number of processes may run it on one PostgreSQL: pg-boss hands each job to exactly one worker, the
// schedule fires once per minute across all of them, and the reminder pass claims rows with SKIP LOCKED.

export type JobLog = { error: (object: object, message: string) => void };

export type JobRunner = {
  /** Fetch now instead of at the next poll: a job of this queue was just committed. */
  wake: (name: JobName) => void;
  /** Stops polling and the schedule, waits for running jobs (up to 10 s) and their statements. */
  stop: () => Promise<void>;
};

type QueueSettings = { policy: 'standard' | 'stately'; retryLimit: number; expireInSeconds: number };

// Mails retry with backoff when the SMTP server refuses them (1, 2, 4, … minutes); a reminder pass is
// not retried: the next one comes a minute later, and at most one waits behind a running one.
const queues: Record<JobName, QueueSettings> = {
  'approval-request-email': { policy: 'standard', retryLimit: 5, expireInSeconds: 300 },
  'case-received-email': { policy: 'standard', retryLimit: 5, expireInSeconds: 300 },
  'approval-reminders': { policy: 'stately', retryLimit: 0, expireInSeconds: 900 },
};

export const reminderSchedule = '* * * * *';

export const startJobs = async (options: {
  db: Db;
  mailer: Mailer;
  log: JobLog;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
}): Promise<JobRunner> => {
  const { db, mailer, log } = options;
  const connection = openBossConnection(db);
  const boss = new PgBoss({ db: connection });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  for (const [name, settings] of Object.entries(queues)) {
    const queue = { name, ...settings, retryDelay: 60, retryBackoff: settings.retryLimit > 0 };
    await boss.createQueue(name, queue);
    // Settings of a queue an older version created.
    await boss.updateQueue(name, queue);
  }

  const handlers: { [Name in JobName]: (data: JobPayloads[Name]) => Promise<void> } = {
    'approval-request-email': (data) => sendApprovalRequestEmail(db, mailer, data.approval_uid),
    'case-received-email': (data) => sendCaseReceivedEmail(db, mailer, data.case_uid),
    'approval-reminders': async () => {
      await sendDueReminders(db, mailer, new Date());
    },
  };

  const workers = new Map<JobName, string>();
  const workOn = async <Name extends JobName>(name: Name): Promise<void> => {
    const handle = handlers[name];
    const id = await boss.work<JobPayloads[Name]>(
      name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async (jobs) => {
        for (const job of jobs) await handle(job.data);
      },
    );
    workers.set(name, id);
  };
  for (const name of Object.values(jobNames)) await workOn(name);
  await boss.schedule(jobNames.approvalReminders, reminderSchedule);

  return {
    wake: (name) => {
      const id = workers.get(name);
      if (id) boss.notifyWorker(id);
    },
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
      await connection.close();
    },
  };
};
