import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { putMessageIntoCache } from '../api/get-messages';
import { patchMessage } from '../api/patch-message';
import { createReadQueue, type ReadQueue } from '../../../lib/read-queue';

type Watcher = { observer: IntersectionObserver; queue: ReadQueue };

/**
 * Marks messages read as they come into view (collection-views §4 'Message read'): `watch(uid)` gives
 * the ref of a not-yet-seen bubble. Visible bubbles go through the 2 s read queue; each answer replaces
 * the message in the cache, so it is not watched again.
 */
export const useReadMarking = (collectionUid: string, isEnabled: boolean) => {
  const queryClient = useQueryClient();
  const watcherRef = useRef<Watcher | null>(null);

  // Made on first use: the bubbles' refs attach before this component's effects run.
  const getWatcher = useCallback((): Watcher | null => {
    if (watcherRef.current) return watcherRef.current;
    if (typeof IntersectionObserver === 'undefined') return null;
    const queue = createReadQueue({
      send: (uids) => {
        for (const uid of uids) {
          patchMessage(uid, 'read').then(
            (message) => putMessageIntoCache(queryClient, collectionUid, message),
            // A failed mark is not retried: the next visit marks it.
            () => undefined,
          );
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
  }, [collectionUid, queryClient]);

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
