import { useMemo, useSyncExternalStore } from 'react';
import { useIsFetching, useQueryClient, type QueryCache } from '@tanstack/react-query';
import { isBackgroundQuery, readLoadError } from './query-meta';

// One string so React can compare snapshots cheaply; the texts never contain a line break.
const joinLoadErrors = (cache: QueryCache): string => {
  const texts = new Set<string>();
  for (const query of cache.getAll()) {
    const text = readLoadError(query);
    if (text) texts.add(text);
  }
  return [...texts].join('\n');
};

/** The app bar's error list: the load-error text of every query currently in error, once each. */
export const useLoadErrors = (): string[] => {
  const cache = useQueryClient().getQueryCache();
  const joined = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => joinLoadErrors(cache),
  );
  return useMemo(() => (joined ? joined.split('\n') : []), [joined]);
};

/** True while any query other than a background poll is fetching. */
export const useIsLoading = (): boolean =>
  useIsFetching({ predicate: (query) => !isBackgroundQuery(query) }) > 0;
