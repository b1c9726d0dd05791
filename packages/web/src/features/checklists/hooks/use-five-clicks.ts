import { useCallback, useRef } from 'react';
import { isBurst, recordClick, type ClickBurst } from '../../../lib/click-burst';

/** Spec §4 and §9: five rapid clicks within 1 s (the fifth is the burst). */
export const fiveClicksInOneSecond: ClickBurst = { clicks: 4, windowMs: 1000 };

/**
 * The hidden gesture of a checklist title: calls `onBurst` on every fifth rapid click, then counts
 * afresh, so it can be used again (unlike the heading easter egg, which stays triggered).
 */
export const useFiveClicks = (onBurst: () => void, now: () => number = Date.now) => {
  const times = useRef<number[]>([]);
  return useCallback(() => {
    times.current = recordClick(times.current, now(), fiveClicksInOneSecond.windowMs);
    if (!isBurst(times.current, fiveClicksInOneSecond)) return;
    times.current = [];
    onBurst();
  }, [onBurst, now]);
};
