import type { EncodedTexts } from '../http/compression';
import type { RealtimeBus } from '../realtime/realtime-bus';
import { createEventCache, type EventCache } from './event-cache';

// The last answer each polled read of a collection was served with (the collection, its messages, the
// portal's collection, a case's checklist): a poll that sends its ETag is a 304, and one that does not
// (a window opening, a reload, another PC) gets the kept text, both without loading the answer (a 20-case
// collection is 20 statements, ~6 ms of CPU and 90 KB). Texts are kept up to polledAnswerMaxChars per
// read, the oldest dropped first; beyond it only tags would be a waste of loads, so the entry goes. An
// entry is dropped by
// - a `collection` event of any collection its answer shows (every audited write to a collection
//   publishes one, and so do message reads, the mail jobs and the portal's read receipts);
// - any reference-list or employee change: the answers name statuses, job types, branches, kits,
//   partners, approval types and employees, and such admin writes are rare, so everything goes;
// - its age: a write that publishes nothing (SQL by hand, a client note past the 200 collections it
//   announces, a staff read of a client note) is seen within this long.
const polledEtagMaxAgeMs = 60_000;
// 32 M characters of JSON per read (four reads: at most ~256 MB of V8 strings when all are full), room
// for about 350 collections of 20 cases, which a whole lab's open windows show.
const polledAnswerMaxChars = 32 * 1024 * 1024;

/** A polled answer's tag, its text, and the collections whose change makes it stale. */
export type PolledEtag = {
  etag: string;
  collections: ReadonlySet<string>;
  json: string;
  /** The text compressed, made at the first request for each encoding (about a tenth of its size). */
  encoded: EncodedTexts;
};

export type PolledEtagCache<Key> = EventCache<Key, PolledEtag>;

/** One polled read's tags, by whatever its answer depends on besides its collections (the viewer…). */
export const createPolledEtagCache = <Key>(realtime: RealtimeBus): PolledEtagCache<Key> =>
  createEventCache<Key, PolledEtag>({
    bus: realtime,
    maxAgeMs: polledEtagMaxAgeMs,
    maxWeight: polledAnswerMaxChars,
    weigh: (entry) => entry.json.length,
    staleAfter: (event) => {
      if (event.type === 'collection') {
        const uid = event.uid.toLowerCase();
        return (_key, entry) => entry.collections.has(uid);
      }
      if (event.type === 'reference' || event.type === 'user') return 'all';
      return null;
    },
  });
