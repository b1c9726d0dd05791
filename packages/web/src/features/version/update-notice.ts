// Spec §4/§9: once the polled version differs from the first one seen, wait 10 minutes, then show a banner
// counting down 600 s, then reload. Pure so the timing can be tested without a clock.

export const updateNoticeDelayMs = 10 * 60_000;
export const updateCountdownMs = 600_000;

export type UpdateNotice =
  | { kind: 'none' }
  | { kind: 'waiting' }
  | { kind: 'countdown'; millisecondsLeft: number }
  | { kind: 'reload' };

export type VersionWatch = { firstVersion: string | null; changedAt: number | null };

export const initialVersionWatch: VersionWatch = { firstVersion: null, changedAt: null };

/** Records a polled version: the first one is the baseline; the first different one starts the clock. */
export const observeVersion = (watch: VersionWatch, version: string, seenAt: number): VersionWatch => {
  if (watch.firstVersion === null) return { firstVersion: version, changedAt: null };
  if (watch.changedAt === null && version !== watch.firstVersion) return { ...watch, changedAt: seenAt };
  return watch;
};

export const getUpdateNotice = (changedAt: number | null, now: number): UpdateNotice => {
  if (changedAt === null) return { kind: 'none' };
  const elapsed = now - changedAt;
  if (elapsed < updateNoticeDelayMs) return { kind: 'waiting' };
  const millisecondsLeft = updateNoticeDelayMs + updateCountdownMs - elapsed;
  return millisecondsLeft > 0 ? { kind: 'countdown', millisecondsLeft } : { kind: 'reload' };
};
