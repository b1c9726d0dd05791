// How often an open staff window polls (issue 15, target 5). The spec's intervals (collection-views §9,
// case-workspace 'Refresh') stay whenever the page has no live stream; while the server-sent events
// stream is open the stream pushes each change (`file_lock`, `ready {version}`, `notification`,
// `collection`) and the poll only confirms, so a lost frame still shows within a few minutes. The web
// reads these intervals and the bench's load script simulates them, so both speak of the same mix.

/** Milliseconds between two polls of each kind, per open window. */
export type PollIntervals = {
  /** GET /api/v2/event/{uid}/?queue=true, while the window has focus. */
  readonly fileLockMs: number;
  /** GET /api/version/. */
  readonly versionMs: number;
  /** GET /api/v2/messages/notifications/, while the window has focus. */
  readonly notificationsMs: number;
  /** The page's refresh of an open collection (GET /api/v2/collection/{uid}/ and what hangs under it). */
  readonly collectionMs: number;
};

export type PollKind = keyof PollIntervals;

/**
 * withStream, per poll:
 * - file lock 60 s: the `file_lock` frame shows the bar at once; a lock lasts as long as a file operation,
 *   so a minute's confirmation is the worst a half-open connection can cost.
 * - version 120 s: `ready` carries the server's version on every (re)connect and a deployment restarts
 *   the server, so the stream reconnects; the notice waits 10 minutes anyway, so 2 minutes late is unseen.
 * - notifications and collection 300 s: each change is pushed by its frame; the poll is a safety net.
 * Together ~21× fewer requests per window than the spec's mix (target: ≥ 10×).
 */
export const pollSchedule = {
  withoutStream: { fileLockMs: 2_000, versionMs: 10_000, notificationsMs: 30_000, collectionMs: 30_000 },
  withStream: { fileLockMs: 60_000, versionMs: 120_000, notificationsMs: 300_000, collectionMs: 300_000 },
} as const satisfies Record<'withoutStream' | 'withStream', PollIntervals>;

/** The requests per second one open window makes on this schedule (every poll counted, focus assumed). */
export const pollRequestsPerSecond = (schedule: PollIntervals): number =>
  1000 / schedule.fileLockMs +
  1000 / schedule.versionMs +
  1000 / schedule.notificationsMs +
  1000 / schedule.collectionMs;

/** How many times fewer polls a window with the stream makes than one without it. */
export const pollLoadReduction = (): number =>
  pollRequestsPerSecond(pollSchedule.withoutStream) / pollRequestsPerSecond(pollSchedule.withStream);
