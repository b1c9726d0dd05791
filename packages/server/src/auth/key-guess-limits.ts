import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError, portalTexts } from '@lab/domain';
import type { Db } from '../db/client';
import { key_guess_failures } from '../db/schema/index';

// Capability keys (portal, partner) are ≥128 random bits, so guessing cannot succeed; the limit keeps a
// guesser from trying at all. Misses are counted in the database per client IP over the sign-in window,
// so the limit holds across processes. Once over it, that IP gets 429 even for a right key, so the
// answer never tells a guesser that a key exists.

export type KeyKind = 'portal' | 'partner';
export type KeyGuessLimits = { maxFailuresPerIp: number; windowMinutes: number };

export const assertKeyGuessAllowed = async (db: Db, limits: KeyGuessLimits, ip: string): Promise<void> => {
  const [counts] = await db
    .select({
      misses: sql<number>`count(*)::int`,
      oldest: sql<Date | null>`min(${key_guess_failures.failed_at})`,
    })
    .from(key_guess_failures)
    .where(
      and(
        eq(key_guess_failures.ip, ip),
        gt(key_guess_failures.failed_at, sql`now() - make_interval(mins => ${limits.windowMinutes})`),
      ),
    );
  if (Number(counts?.misses ?? 0) < limits.maxFailuresPerIp) return;
  const oldest = counts?.oldest ? new Date(counts.oldest).getTime() : Date.now();
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((oldest + limits.windowMinutes * 60_000 - Date.now()) / 1000),
  );
  throw new AppError('rate_limited', {
    message: portalTexts.tooManyAttempts,
    details: { retryAfterSeconds },
  });
};

export const recordKeyGuessFailure = async (db: Db, ip: string, kind: KeyKind): Promise<void> => {
  await db.insert(key_guess_failures).values({ ip, key_kind: kind });
};
