import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError, portalTexts } from '@lab/domain';
import { createEventCache } from '../cache/event-cache';
import type { Db } from '../db/client';
import { key_guess_failures } from '../db/schema/index';
import { publishRealtimeEvents } from '../realtime/events';
import type { RealtimeBus } from '../realtime/realtime-bus';

// Capability keys (portal, partner) are ≥128 random bits, so guessing cannot succeed; the limit keeps a
// guesser from trying at all. Misses are counted in the database per client IP over the sign-in window,
// so the limit holds across processes. Once over it, that IP gets 429 even for a right key, so the
// answer never tells a guesser that a key exists.
//
// A portal page polls with its key, so every poll would count the misses of its IP. The ledger remembers
// only the IPs with none (what nearly every request comes from): a miss publishes `key_guess_missed`,
// which every process hears and forgets that IP, so its next request counts in the database again. An
// IP with misses is always counted in the database: its count falls as misses age out of the window,
// and a hand-made change to the table shows at once.

export type KeyKind = 'portal' | 'partner';
export type KeyGuessLimits = { maxFailuresPerIp: number; windowMinutes: number };

export type KeyGuessLedger = {
  /** Throws 429 (with retryAfterSeconds) when this IP has used up its misses. */
  assertAllowed: (ip: string) => Promise<void>;
  recordFailure: (ip: string, kind: KeyKind) => Promise<void>;
};

type Misses = { count: number; oldest: Date | null };

const countMisses = async (db: Db, limits: KeyGuessLimits, ip: string): Promise<Misses> => {
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
  return { count: Number(counts?.misses ?? 0), oldest: counts?.oldest ? new Date(counts.oldest) : null };
};

// An IP without misses stays so until a miss is published; the age only bounds memory and a lost event.
const cleanIpMaxAgeMs = 5 * 60_000;

export const createKeyGuessLedger = (db: Db, bus: RealtimeBus, limits: KeyGuessLimits): KeyGuessLedger => {
  // Values are the misses counted; only a count of none is kept (validUntil 0 keeps nothing).
  const cleanIps = createEventCache<string, Misses>({
    bus,
    maxAgeMs: cleanIpMaxAgeMs,
    maxEntries: 100_000,
    staleAfter: (event) => (event.type === 'key_guess_missed' ? [event.ip] : null),
  });

  return {
    assertAllowed: async (ip) => {
      const misses =
        cleanIps.peek(ip) ??
        (await cleanIps.get(ip, async () => {
          const counted = await countMisses(db, limits, ip);
          return counted.count === 0 ? { value: counted } : { value: counted, validUntil: 0 };
        }));
      if (misses.count < limits.maxFailuresPerIp) return;
      const oldest = misses.oldest?.getTime() ?? Date.now();
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((oldest + limits.windowMinutes * 60_000 - Date.now()) / 1000),
      );
      throw new AppError('rate_limited', {
        message: portalTexts.tooManyAttempts,
        details: { retryAfterSeconds },
      });
    },
    recordFailure: async (ip, kind) => {
      await db.insert(key_guess_failures).values({ ip, key_kind: kind });
      await publishRealtimeEvents(db, [{ type: 'key_guess_missed', ip }]);
    },
  };
};
