import { useSyncExternalStore } from 'react';

// The query string is the page's state (architecture §4). Changes go through history, never a reload;
// this event tells subscribers about our own pushState/replaceState calls (popstate covers Back/Forward).
const urlChangeEvent = 'lab:urlchange';

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  window.addEventListener(urlChangeEvent, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(urlChangeEvent, onChange);
  };
};

const readSearch = () => window.location.search;

/** The current query string ('?a=1' or ''), re-rendering on every change. */
export const useLocationSearch = (): string => useSyncExternalStore(subscribe, readSearch);

export type UpdateSearchOptions = { replace?: boolean };

/** Writes the query string; an identical URL adds no history entry. */
export const writeSearchParams = (params: URLSearchParams, options: UpdateSearchOptions = {}): void => {
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
  if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  if (options.replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(window.history.state, '', url);
  window.dispatchEvent(new Event(urlChangeEvent));
};

/** Sets the given keys (null or '' removes one) and keeps every other parameter as it is. */
export const patchSearchParams = (
  params: URLSearchParams,
  patch: Record<string, string | null | undefined>,
): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
};
