import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isBackgroundQuery } from './query-meta';

/** Spec §9: data is refetched every 30 s, unless the view is active, a dialog is open or the user is editing. */
export const refreshIntervalMs = 30_000;

type PauseControl = { pause: () => () => void };

const PauseContext = createContext<PauseControl>({ pause: () => () => undefined });

/**
 * Refetches the stale queries on screen every 30 s. Reference lists never go stale, so they are left
 * alone; background polls keep their own rhythm.
 */
export const AutoRefresh = ({ isEnabled, children }: { isEnabled: boolean; children: ReactNode }) => {
  const queryClient = useQueryClient();
  const [pauseCount, setPauseCount] = useState(0);

  useEffect(() => {
    if (!isEnabled || pauseCount > 0) return undefined;
    const timer = setInterval(() => {
      void queryClient.refetchQueries({
        type: 'active',
        stale: true,
        predicate: (query) => !isBackgroundQuery(query),
      });
    }, refreshIntervalMs);
    return () => clearInterval(timer);
  }, [isEnabled, pauseCount, queryClient]);

  const pause = useCallback(() => {
    setPauseCount((count) => count + 1);
    return () => setPauseCount((count) => count - 1);
  }, []);
  const control = useMemo(() => ({ pause }), [pause]);

  return <PauseContext.Provider value={control}>{children}</PauseContext.Provider>;
};

/** Dialogs and edit forms call this so the screen does not change under the user. */
export const usePauseAutoRefresh = (isPaused: boolean): void => {
  const { pause } = useContext(PauseContext);
  useEffect(() => (isPaused ? pause() : undefined), [isPaused, pause]);
};
