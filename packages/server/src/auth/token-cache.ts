import { createEventCache } from '../cache/event-cache';
import type { Db } from '../db/client';
import type { RealtimeBus } from '../realtime/realtime-bus';
import type { StaffActor } from './actor';
import { findAccessTokenGrant } from './sessions';
import { hashSecret } from './secrets';

// Bearer tokens checked once and then trusted in the process for a short while, so a poll costs no
// database lookup. A token stays cached at most tokenCacheMs and never past its own or its session's end;
// a logout publishes `session_ended`, which drops the session's tokens in every process at once; and
// while the process does not hear the database channel nothing is cached (cache/event-cache.ts).
// A write to an employee's record publishes `user` (publishUsersChanged); one made behind the
// application's back (SQL by hand) shows within tokenCacheMs.

export const tokenCacheMs = 30_000;

// Unknown tokens are not cached: a flood of made-up ones costs lookups, never memory.
type CachedGrant = StaffActor | null;

export type TokenCache = {
  /** A token checked lately answers its employee at once (a poll's usual case), else after a lookup. */
  findStaff: (token: string) => StaffActor | Promise<StaffActor | null>;
};

export const createTokenCache = (db: Db, realtime: RealtimeBus): TokenCache => {
  const cache = createEventCache<string, CachedGrant>({
    bus: realtime,
    maxAgeMs: tokenCacheMs,
    maxEntries: 50_000,
    staleAfter: (event) => {
      if (event.type === 'session_ended') return (_key, actor) => actor?.session_id === event.session_id;
      if (event.type === 'user') return (_key, actor) => actor?.id === event.user_id;
      return null;
    },
  });
  return {
    findStaff: (token) => {
      // Keyed by the token's hash, as the database keeps it: the process holds no usable token.
      const key = hashSecret(token);
      const cached = cache.peek(key);
      if (cached) return cached;
      return cache.get(key, async () => {
        const grant = await findAccessTokenGrant(db, token);
        return grant
          ? { value: grant.actor, validUntil: grant.validUntil.getTime() }
          : { value: null, validUntil: 0 };
      });
    },
  };
};
