import PgBoss from 'pg-boss';
import type { Tx } from '../db/client';
import { transactionDatabase } from './boss-connection';
import type { JobName, JobPayloads } from './job-names';

// Jobs are queued inside the transaction of the change that asks for them (architecture.md §1: "enqueue
// jobs through tx"): the job row commits or rolls back with the change, and a queued job never names a
// row that does not exist. pg-boss builds the insert and runs it through the caller's `tx`; the instance
// here only does that, it is never started (no connection, no timers).

let sender: PgBoss | null = null;

const senderOf = (): PgBoss => {
  sender ??= new PgBoss({
    db: {
      executeSql: () => Promise.reject(new Error('enqueueJob sends through the caller transaction only')),
    },
  });
  return sender;
};

export const enqueueJob = async <Name extends JobName>(
  tx: Tx,
  name: Name,
  data: JobPayloads[Name],
): Promise<string> => {
  const id = await senderOf().send(name, data as object, { db: transactionDatabase(tx) });
  // The insert joins the queue's row: no id means the queue was never created (the job runner creates
  // every queue when it starts), and a silently dropped job is worse than a failed change.
  if (!id) throw new Error(`Job queue ${name} does not exist`);
  return id;
};
