import { notificationListSchema } from '@lab/domain';
import { createAnswerCache, serialiseAnswer, type AnswerCache } from '../../cache/cached-answer';
import type { Loaded } from '../../cache/event-cache';
import type { Queryable } from '../../db/client';
import type { SerialisedAnswer } from '../../http/etag';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import { listOpenNotifications } from './notification-queries';

// Each employee's bell, kept serialised in the process. Every write to a notification publishes
// `notification {user_id}`; the list also shows its cases' keys and job types and its collections' ids,
// so a change to one of those collections (or to the job types) drops it too. An entry ends when the
// first listed notification expires (it leaves the list then); the age limit only bounds a change
// made behind the application's back.
const bellMaxAgeMs = 5 * 60_000;

type Bell = { collections: ReadonlySet<string> };

export const createBellCache = (realtime: RealtimeBus): AnswerCache<number, Bell> =>
  createAnswerCache<number, Bell>({
    bus: realtime,
    maxAgeMs: bellMaxAgeMs,
    staleAfter: (event) => {
      if (event.type === 'notification') return [event.user_id];
      if (event.type === 'collection') return (_userId, bell) => bell.collections.has(event.uid);
      if (event.type === 'reference' && event.list === 'job_types') return 'all';
      return null;
    },
  });

export const loadBell = async (db: Queryable, userId: number): Promise<Loaded<SerialisedAnswer & Bell>> => {
  const list = await listOpenNotifications(db, userId);
  const collections = new Set<string>();
  let validUntil = Number.POSITIVE_INFINITY;
  for (const notification of list) {
    if (notification.case_collection_uid) collections.add(notification.case_collection_uid);
    if (notification.expires_at) validUntil = Math.min(validUntil, Date.parse(notification.expires_at));
  }
  return { value: { ...serialiseAnswer(notificationListSchema, list), collections }, validUntil };
};
