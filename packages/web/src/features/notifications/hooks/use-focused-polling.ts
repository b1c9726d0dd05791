import { useEffect, useRef } from 'react';
import { pollSchedule } from '@lab/domain';

export const notificationPollMs = pollSchedule.withoutStream.notificationsMs;
export const focusCheckMs = 1_000;

/**
 * Calls `poll` every `intervalMs`, but only while the window has focus (collection-views §9: 'every
 * 30 s, only while the window is focused; focus checked each second'). The clock runs from the last
 * poll, so coming back to a window that has been away longer than the interval polls within a second.
 */
export const useFocusedPolling = (
  poll: () => void,
  { intervalMs = notificationPollMs, checkMs = focusCheckMs }: { intervalMs?: number; checkMs?: number } = {},
): void => {
  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
  }, [poll]);

  useEffect(() => {
    let lastPollAt = Date.now();
    const timer = setInterval(() => {
      if (!document.hasFocus() || Date.now() - lastPollAt < intervalMs) return;
      lastPollAt = Date.now();
      pollRef.current();
    }, checkMs);
    return () => clearInterval(timer);
  }, [intervalMs, checkMs]);
};
