import { describe, expect, it } from 'vitest';
import { pollLoadReduction, pollRequestsPerSecond, pollSchedule } from './poll-schedule';

describe('pollSchedule', () => {
  it('keeps the spec intervals without the stream', () => {
    expect(pollSchedule.withoutStream).toEqual({
      fileLockMs: 2_000,
      versionMs: 10_000,
      notificationsMs: 30_000,
      collectionMs: 30_000,
    });
  });

  it('never polls faster with the stream than without it', () => {
    for (const kind of Object.keys(
      pollSchedule.withoutStream,
    ) as (keyof typeof pollSchedule.withoutStream)[]) {
      expect(pollSchedule.withStream[kind]).toBeGreaterThanOrEqual(pollSchedule.withoutStream[kind]);
    }
  });
});

describe('pollRequestsPerSecond', () => {
  it('sums the rate of each poll', () => {
    // 1/2 + 1/10 + 1/30 + 1/30 requests per second.
    expect(pollRequestsPerSecond(pollSchedule.withoutStream)).toBeCloseTo(2 / 3, 10);
    expect(
      pollRequestsPerSecond({
        fileLockMs: 1_000,
        versionMs: 1_000,
        notificationsMs: 1_000,
        collectionMs: 1_000,
      }),
    ).toBe(4);
  });

  it('falls at least 10 times with the stream (issue 15, target 5)', () => {
    expect(pollLoadReduction()).toBeGreaterThanOrEqual(10);
    expect(pollRequestsPerSecond(pollSchedule.withStream) * 10).toBeLessThanOrEqual(
      pollRequestsPerSecond(pollSchedule.withoutStream),
    );
  });
});
