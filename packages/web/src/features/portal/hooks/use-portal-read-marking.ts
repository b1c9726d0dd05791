import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { createReadQueue, type ReadQueue } from '../../../lib/read-queue';
import { putMessageIntoCache } from '../api/get-portal-collection';
import { markPortalMessageRead } from '../api/mark-portal-message-read';

type Watcher = { observer: IntersectionObserver; queue: ReadQueue };

/**
 * Marks the lab's messages read as the client sees them (collection-views §4 'Message read'): the ref
 * of a not-yet-seen bubble is watched; visible ones go out through the 2 s read queue, each once per
 * visit. Read-only viewers send no receipts (§6).
 */
export const usePortalReadMarking = (portalKey: string, isEnabled: boolean) => {
  const queryClient = useQueryClient();
  const watcherRef = useRef<Watcher | null>(null);

  // Made on first use: the bubbles' refs attach before this component's effects run.
  const getWatcher = useCallback((): Watcher | null => {
    if (watcherRef.current) return watcherRef.current;
    if (typeof IntersectionObserver === 'undefined') return null;
    const queue = createReadQueue({
      send: (uids) => {
        for (const uid of uids) {
          markPortalMessageRead(portalKey, uid).then(
            (message) => putMessageIntoCache(queryClient, portalKey, message),
            // A failed receipt is not retried: the next visit sends it.
            () => undefined,
          );
        }
      },
    });
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
  }, [portalKey, queryClient]);

  useEffect(
    () => () => {
      watcherRef.current?.observer.disconnect();
      watcherRef.current?.queue.dispose();
      watcherRef.current = null;
    },
    [getWatcher],
  );

  /** The ref callback for a bubble (it carries data-message-uid) when it still needs a receipt. */
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
