import { useEffect, useState } from 'react';

/**
 * False until the browser has painted once since the mount, then true: a part of a view that may come a
 * frame later (the forms beside a list) lets the list reach the screen without waiting for it.
 */
export const useIsAfterFirstPaint = (): boolean => {
  const [isAfterFirstPaint, setIsAfterFirstPaint] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a timeout set from it runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setIsAfterFirstPaint(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return isAfterFirstPaint;
};
