import { useCallback, useRef, useState } from 'react';

export type ClickBurst = { clicks: number; windowMs: number };

/** The click times still inside the window once a click at `now` is added. */
export const recordClick = (times: readonly number[], now: number, windowMs: number): number[] => [
  ...times.filter((time) => now - time < windowMs),
  now,
];

/** True once more than `clicks` clicks fell within `windowMs`. */
export const isBurst = (times: readonly number[], burst: ClickBurst): boolean => times.length > burst.clicks;

/**
 * Hidden gestures of the spec (heading easter egg, checklist "mark all"): `onClick` counts rapid clicks and
 * `isTriggered` turns true, for good, at the first burst.
 */
export const useClickBurst = (burst: ClickBurst, now: () => number = Date.now) => {
  const times = useRef<number[]>([]);
  const [isTriggered, setIsTriggered] = useState(false);
  const onClick = useCallback(() => {
    times.current = recordClick(times.current, now(), burst.windowMs);
    if (isBurst(times.current, burst)) setIsTriggered(true);
  }, [burst, now]);
  return { isTriggered, onClick };
};
