import { useEffect, useState } from 'react';

/** Whether this window has focus, checked every second (collection-views §9 'focus check every 1 s'). */
export const useWindowFocus = (): boolean => {
  const [isFocused, setIsFocused] = useState(() => document.hasFocus());
  useEffect(() => {
    const check = () => setIsFocused(document.hasFocus());
    const timer = window.setInterval(check, 1_000);
    window.addEventListener('focus', check);
    window.addEventListener('blur', check);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      window.removeEventListener('blur', check);
    };
  }, []);
  return isFocused;
};
