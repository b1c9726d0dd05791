import { describe, expect, it } from 'vitest';
import {
  getUpdateNotice,
  initialVersionWatch,
  observeVersion,
  updateCountdownMs,
  updateNoticeDelayMs,
} from './update-notice';

describe('observeVersion', () => {
  it('takes the first version as the baseline and notes when a different one first appears', () => {
    const first = observeVersion(initialVersionWatch, '1.0+a', 1000);
    expect(first).toEqual({ firstVersion: '1.0+a', changedAt: null });
    expect(observeVersion(first, '1.0+a', 2000)).toBe(first);
    const changed = observeVersion(first, '1.0+b', 3000);
    expect(changed).toEqual({ firstVersion: '1.0+a', changedAt: 3000 });
    // A later deploy does not restart the clock.
    expect(observeVersion(changed, '1.0+c', 9000)).toBe(changed);
  });
});

describe('getUpdateNotice', () => {
  const changedAt = 50_000;

  it('shows nothing while the version is unchanged or during the first 10 minutes', () => {
    expect(getUpdateNotice(null, 10 ** 12)).toEqual({ kind: 'none' });
    expect(getUpdateNotice(changedAt, changedAt)).toEqual({ kind: 'waiting' });
    expect(getUpdateNotice(changedAt, changedAt + updateNoticeDelayMs - 1)).toEqual({ kind: 'waiting' });
  });

  it('then counts down 600 s and asks for a reload at the end', () => {
    expect(getUpdateNotice(changedAt, changedAt + updateNoticeDelayMs)).toEqual({
      kind: 'countdown',
      millisecondsLeft: 600_000,
    });
    expect(getUpdateNotice(changedAt, changedAt + updateNoticeDelayMs + 599_000)).toEqual({
      kind: 'countdown',
      millisecondsLeft: 1000,
    });
    expect(getUpdateNotice(changedAt, changedAt + updateNoticeDelayMs + updateCountdownMs)).toEqual({
      kind: 'reload',
    });
  });
});
