import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePollInterval, useStreamResync, useStreamStatus } from '../../../lib/stream-status';
import { versionQueryOptions } from '../api/get-version';

/**
 * The server's version, polled every 10 s, or every 2 minutes to confirm while the live stream announces
 * the version in its `ready` frame (lib/stream-status). An announced version other than the one held
 * means a new deployment: the version is fetched at once, so the update notice follows the answer as it
 * follows a poll. The stream dropping (a restart, often) fetches it at once too.
 */
export const useVersion = () => {
  const query = useQuery(versionQueryOptions(usePollInterval('versionMs')));
  const { data, refetch } = query;
  const { serverVersion } = useStreamStatus();
  // One fetch per announced version: should the route answer otherwise, the poll settles it.
  const checkedRef = useRef<string | null>(null);
  useEffect(() => {
    if (serverVersion === null || data === undefined || serverVersion === data) return;
    if (checkedRef.current === serverVersion) return;
    checkedRef.current = serverVersion;
    void refetch();
  }, [serverVersion, data, refetch]);
  useStreamResync(() => void refetch());
  return query;
};
