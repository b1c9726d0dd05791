import type { RealtimeBus } from '../realtime/realtime-bus';
import { createEventCache, type EventCache } from './event-cache';

// The last ETag each polled read of a collection was served with (the collection, its messages, the
// portal's collection, a case's checklist), so a poll that sends the current one is a 304 without loading
// the answer (a 20-case collection is 20 statements and 90 KB). Only the tag is kept, never the body: a
// poll with another tag loads as before. An entry is dropped by
// - a `collection` event of any collection its answer shows (every audited write to a collection
//   publishes one, and so do message reads, the mail jobs and the portal's read receipts);
// - any reference-list or employee change: the answers name statuses, job types, branches, kits,
//   partners, approval types and employees, and such admin writes are rare, so everything goes;
// - its age: a write that publishes nothing (SQL by hand, a client note past the 200 collections it
//   announces, a staff read of a client note) is seen within this long.
const polledEtagMaxAgeMs = 60_000;

/** A polled answer's tag, the collections whose change makes it stale, and its text while just loaded. */
export type PolledEtag = {
  etag: string;
  collections: ReadonlySet<string>;
  /** The serialised answer; null in a kept entry (the cache holds only the tag). */
  json: string | null;
};

export type PolledEtagCache<Key> = EventCache<Key, PolledEtag>;

/** One polled read's tags, by whatever its answer depends on besides its collections (the viewer…). */
export const createPolledEtagCache = <Key>(realtime: RealtimeBus): PolledEtagCache<Key> =>
  createEventCache<Key, PolledEtag>({
    bus: realtime,
    maxAgeMs: polledEtagMaxAgeMs,
    staleAfter: (event) => {
      if (event.type === 'collection') {
        const uid = event.uid.toLowerCase();
        return (_key, entry) => entry.collections.has(uid);
      }
      if (event.type === 'reference' || event.type === 'user') return 'all';
      return null;
    },
  });
