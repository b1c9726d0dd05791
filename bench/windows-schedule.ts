// The poll mix one open staff window makes. The web's own schedule lives in @lab/domain
// (`pollSchedule`, rules/realtime/poll-schedule.ts); until a build of the domain carries it, the spec's
// intervals stand in for both modes (the heavier load, so the N found is on the safe side).

/** Milliseconds between two polls of each kind; 0 (or a non-finite value) means "not polled". */
export type PollIntervals = {
  fileLockMs: number;
  versionMs: number;
  notificationsMs: number;
  collectionMs: number;
};

export type PollSchedule = { withoutStream: PollIntervals; withStream: PollIntervals };

export type PollKind = keyof PollIntervals;

export const pollKinds: readonly PollKind[] = ['fileLockMs', 'versionMs', 'notificationsMs', 'collectionMs'];

/** The spec's polling (collection-views §9 and the staff page): event lock 2 s, version 10 s, 30 s the rest. */
export const specIntervals: PollIntervals = {
  fileLockMs: 2_000,
  versionMs: 10_000,
  notificationsMs: 30_000,
  collectionMs: 30_000,
};

/** The path one poll of a kind asks for (the collection's for the two per-collection kinds). */
export const pollPath = (kind: PollKind, collectionUid: string): string => {
  switch (kind) {
    case 'fileLockMs':
      return `/api/v2/event/${collectionUid}/?queue=true`;
    case 'versionMs':
      return '/api/version/';
    case 'notificationsMs':
      return '/api/v2/messages/notifications/';
    case 'collectionMs':
      return `/api/v2/collection/${collectionUid}/`;
  }
};

export const isPolled = (intervalMs: number): boolean => Number.isFinite(intervalMs) && intervalMs > 0;

/** Poll requests one window makes per second on this schedule (a changed collection's refetch aside). */
export const requestsPerSecond = (intervals: PollIntervals): number =>
  pollKinds.reduce((sum, kind) => sum + (isPolled(intervals[kind]) ? 1000 / intervals[kind] : 0), 0);

const isIntervals = (value: unknown): value is PollIntervals =>
  typeof value === 'object' &&
  value !== null &&
  pollKinds.every((kind) => typeof (value as Record<string, unknown>)[kind] === 'number');

/**
 * The web's schedule from @lab/domain when it has one, else the spec's; `source` says which (printed
 * under the table). Read at run time so the bench runs, and typechecks, either way.
 */
export const loadPollSchedule = async (): Promise<{ schedule: PollSchedule; source: string }> => {
  const domain = (await import('@lab/domain')) as Record<string, unknown>;
  const candidate = domain.pollSchedule as Partial<PollSchedule> | undefined;
  if (candidate && isIntervals(candidate.withoutStream) && isIntervals(candidate.withStream)) {
    return {
      schedule: { withoutStream: candidate.withoutStream, withStream: candidate.withStream },
      source: '@lab/domain pollSchedule',
    };
  }
  return {
    schedule: { withoutStream: specIntervals, withStream: specIntervals },
    source: "the spec's intervals (pollSchedule is not in @lab/domain yet): the stream saves no polls",
  };
};

/** "2 s / 10 s / 30 s / 30 s" (lock / version / notifications / collection). */
export const describeIntervals = (intervals: PollIntervals): string =>
  pollKinds.map((kind) => (isPolled(intervals[kind]) ? `${intervals[kind] / 1000} s` : 'off')).join(' / ');
