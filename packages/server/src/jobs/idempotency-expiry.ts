import { sql } from 'drizzle-orm';
import { idempotencyKeyLifetimeHours } from '@lab/domain';
import type { Db } from '../db/client';
import { defineJob, type AnyJobDefinition } from './job-definition';
import { jobNames } from './job-names';

// Job 'idempotency-keys-expiry' (hourly): the kept answers of writes sent with an Idempotency-Key
// (http/idempotency.ts) are dropped once past their 24 hours. A key reused later is a new request
// whether or not its row is gone yet; this keeps the table to a day of writes.

export const dropExpiredIdempotencyKeys = async (db: Db, now: Date): Promise<void> => {
  const cutoff = new Date(now.getTime() - idempotencyKeyLifetimeHours * 3_600_000);
  await db.execute(sql`DELETE FROM idempotent_requests WHERE created_at < ${cutoff.toISOString()}`);
};

export const idempotencyJobs: AnyJobDefinition[] = [
  defineJob({
    name: jobNames.idempotencyKeysExpiry,
    settings: { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
    handle: async (_data, { db, now }) => {
      await dropExpiredIdempotencyKeys(db, now());
    },
    schedule: '17 * * * *',
  }),
];
