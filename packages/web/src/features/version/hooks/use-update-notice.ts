import { useEffect, useState } from 'react';
import { useNow } from '../../../lib/use-now';
import { getUpdateNotice, initialVersionWatch, observeVersion, type UpdateNotice } from '../update-notice';

const reloadPage = () => window.location.reload();

/**
 * Follows the polled version (`seenAt`: when that answer arrived) and says what to show; reloads the
 * page when the countdown ends.
 */
export const useUpdateNotice = (
  version: string | undefined,
  seenAt: number,
  reload: () => void = reloadPage,
): UpdateNotice => {
  const [watch, setWatch] = useState(initialVersionWatch);
  // Derived during render (React's "adjust state on a prop change" pattern) rather than in an effect.
  if (version !== undefined) {
    const next = observeVersion(watch, version, seenAt);
    if (next !== watch) setWatch(next);
  }
  const now = useNow(1000, watch.changedAt !== null);
  const notice = getUpdateNotice(watch.changedAt, now);
  const isReloadDue = notice.kind === 'reload';
  useEffect(() => {
    if (isReloadDue) reload();
  }, [isReloadDue, reload]);
  return notice;
};
