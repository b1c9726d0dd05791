import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError, authMessages } from '@lab/domain';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sign_in_failures } from '../db/schema/index';

type Limits = Pick<Config, 'signInMaxFailuresPerIp' | 'signInMaxFailuresPerUser' | 'signInWindowMinutes'>;

/**
 * Failed sign-ins are counted in the database (not in memory) so the limit holds across server
 * processes. Over the limit, per IP or per username, the answer is 429 with Retry-After.
 */
export const assertSignInAllowed = async (
  db: Db,
  limits: Limits,
  ip: string,
  username: string,
): Promise<void> => {
  const since = sql`now() - make_interval(mins => ${limits.signInWindowMinutes})`;
  const [counts] = await db
    .select({
      by_ip: sql<number>`count(*) filter (where ${sign_in_failures.ip} = ${ip})::int`,
      by_user: sql<number>`count(*) filter (where ${sign_in_failures.username} = ${username.toLowerCase()})::int`,
      oldest: sql<Date | null>`min(${sign_in_failures.failed_at})`,
    })
    .from(sign_in_failures)
    .where(
      and(
        gt(sign_in_failures.failed_at, since),
        sql`(${sign_in_failures.ip} = ${ip} or ${sign_in_failures.username} = ${username.toLowerCase()})`,
      ),
    );
  const byIp = Number(counts?.by_ip ?? 0);
  const byUser = Number(counts?.by_user ?? 0);
  if (byIp >= limits.signInMaxFailuresPerIp || byUser >= limits.signInMaxFailuresPerUser) {
    const oldest = counts?.oldest ? new Date(counts.oldest).getTime() : Date.now();
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((oldest + limits.signInWindowMinutes * 60_000 - Date.now()) / 1000),
    );
    throw new AppError('rate_limited', {
      message: authMessages.tooManyAttempts,
      details: { retryAfterSeconds },
    });
  }
};

export const recordSignInFailure = async (db: Db, ip: string, username: string): Promise<void> => {
  await db.insert(sign_in_failures).values({ ip, username: username.toLowerCase() });
};

/** A successful sign-in forgives that username's earlier failures. */
export const clearSignInFailures = async (db: Db, username: string): Promise<void> => {
  await db.delete(sign_in_failures).where(eq(sign_in_failures.username, username.toLowerCase()));
};
