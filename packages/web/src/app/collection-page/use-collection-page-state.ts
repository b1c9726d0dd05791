import { useCallback, useMemo, useState } from 'react';
import { patchSearchParams, useLocationSearch, writeSearchParams } from '../../lib/url-state';
import { isDirectLoad, readCollectionPageState, type CollectionPagePatch } from './collection-params';

export type NavigateOptions = {
  /** Replace the history entry instead of adding one. */
  replace?: boolean;
  /** A move the app made by itself (opening a single search result) does not end a direct load. */
  isAutomatic?: boolean;
};

/** The page state read from the URL, and `navigate` to change it without a reload. */
export const useCollectionPageState = () => {
  const search = useLocationSearch();
  const state = useMemo(() => readCollectionPageState(new URLSearchParams(search)), [search]);
  const [isDirectLoadUntouched, setIsDirectLoadUntouched] = useState(() =>
    isDirectLoad(new URLSearchParams(window.location.search)),
  );

  const navigate = useCallback((patch: CollectionPagePatch, options: NavigateOptions = {}) => {
    writeSearchParams(patchSearchParams(new URLSearchParams(window.location.search), patch), {
      replace: options.replace ?? false,
    });
    if (!options.isAutomatic) setIsDirectLoadUntouched(false);
  }, []);

  return { state, navigate, isDirectLoadUntouched };
};
