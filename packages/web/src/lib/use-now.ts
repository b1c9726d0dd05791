import { useEffect, useState } from 'react';

/**
 * The current time, re-read every `intervalMs` while `isActive` (the clock and countdowns tick every
 * second). Keep it in the small component that shows the time: every tick re-renders its caller.
 */
export const useNow = (intervalMs = 1000, isActive = true): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return undefined;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, isActive]);
  return now;
};
