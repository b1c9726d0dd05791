// Read marking (collection-views §4 'Message read', §9): a message is marked read once, when it becomes
// visible and is not yet seen (a staff viewer, or a client on the portal); the marks go out at most once
// every 2 s, the messages that became visible in between together.

export const readThrottleMs = 2_000;

export type ReadQueue = {
  /** A not-yet-seen message came into view. */
  add: (uid: string) => void;
  /** Stops a pending flush (the timeline left the screen). */
  dispose: () => void;
};

export type ReadQueueOptions = {
  send: (uids: string[]) => void;
  throttleMs?: number;
  now?: () => number;
};

export const createReadQueue = ({
  send,
  throttleMs = readThrottleMs,
  now = Date.now,
}: ReadQueueOptions): ReadQueue => {
  // Every uid ever queued: a message is marked once, even while the refetch still calls it unseen.
  const known = new Set<string>();
  let pending: string[] = [];
  let lastFlush = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    if (pending.length === 0) return;
    lastFlush = now();
    const uids = pending;
    pending = [];
    send(uids);
  };

  return {
    add: (uid) => {
      if (known.has(uid)) return;
      known.add(uid);
      pending.push(uid);
      if (timer !== null) return;
      const wait = lastFlush + throttleMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    dispose: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = [];
    },
  };
};
