import { useCallback, useEffect, useRef } from 'react';
import { createReadQueue, type ReadQueue } from './read-queue';

type Watcher = { observer: IntersectionObserver; queue: ReadQueue };

/** Sends one message's read mark (the staff or the portal call) and puts the answer in the cache. */
export type MarkRead = (messageUid: string) => Promise<unknown>;

/**
 * Marks messages read as they come into view (collection-views §4 'Message read'), for the staff
 * timeline and the portal alike: the returned function gives the ref of a not-yet-seen bubble. Visible
 * bubbles go through the 2 s read queue, each once per watcher; `markRead` is kept stable by the caller
 * (a new one, for another collection or key, starts a new watcher).
 */
export const useReadMarking = (markRead: MarkRead, isEnabled: boolean) => {
  const watcherRef = useRef<Watcher | null>(null);

  // Made on first use: the bubbles' refs attach before this component's effects run.
  const getWatcher = useCallback((): Watcher | null => {
    if (watcherRef.current) return watcherRef.current;
    if (typeof IntersectionObserver === 'undefined') return null;
    const queue = createReadQueue({
      send: (uids) => {
        for (const uid of uids) {
          // A failed mark is not retried: the next visit marks it.
          markRead(uid).catch(() => undefined);
        }
      },
    });
    // The viewport is the root: the pane's own scrolling clips what counts as visible.
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const uid = entry.target.getAttribute('data-message-uid');
        if (!entry.isIntersecting || !uid) continue;
        queue.add(uid);
        observer.unobserve(entry.target);
      }
    });
    watcherRef.current = { observer, queue };
    return watcherRef.current;
  }, [markRead]);

  useEffect(
    () => () => {
      watcherRef.current?.observer.disconnect();
      watcherRef.current?.queue.dispose();
      watcherRef.current = null;
    },
    [getWatcher],
  );

  /** The ref callback of a not-yet-seen bubble (it carries data-message-uid), or undefined. */
  return useCallback(
    (isUnseen: boolean) => {
      if (!isEnabled || !isUnseen) return undefined;
      return (element: HTMLElement | null) => {
        const watcher = element ? getWatcher() : null;
        if (!element || !watcher) return undefined;
        watcher.observer.observe(element);
        return () => watcher.observer.unobserve(element);
      };
    },
    [getWatcher, isEnabled],
  );
};
