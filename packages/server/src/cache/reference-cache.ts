import { createAnswerCache, type AnswerCache } from './cached-answer';
import type { ReferenceList } from '../realtime/events';
import type { RealtimeBus } from '../realtime/realtime-bus';

// A reference list changes only when an admin (or a seed, or the user CLI) changes it, and every such
// write publishes `reference {list}` (publishReferenceChanged). The age limit only bounds how long a
// change made behind the application's back (SQL by hand) stays unseen.
const referenceMaxAgeMs = 5 * 60_000;

/** The answers of one reference list (by key: null for a whole list, or a catalogue's branch/country). */
export const createReferenceCache = <Key>(
  realtime: RealtimeBus,
  list: ReferenceList,
  alsoAfter: readonly ReferenceList[] = [],
): AnswerCache<Key> =>
  createAnswerCache<Key>({
    bus: realtime,
    maxAgeMs: referenceMaxAgeMs,
    staleAfter: (event) =>
      event.type === 'reference' && (event.list === list || alsoAfter.includes(event.list)) ? 'all' : null,
  });
