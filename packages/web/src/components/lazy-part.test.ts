import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchWhenIdle } from './lazy-part';

describe('prefetchWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('downloads the parts one after another when idle, starting a second after the page loaded', async () => {
    vi.useFakeTimers();
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    prefetchWhenIdle([{ prefetch: first }, { prefetch: second }]);
    await vi.advanceTimersByTimeAsync(1_100);
    // Still the first view's time: nothing is downloaded yet.
    expect(first).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(first).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('schedules nothing more once cancelled, even when a download in flight ends later', async () => {
    vi.useFakeTimers();
    let finishFirst: () => void = () => undefined;
    const first = vi.fn(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = vi.fn(() => Promise.resolve());
    const cancel = prefetchWhenIdle([{ prefetch: first }, { prefetch: second }]);
    await vi.advanceTimersByTimeAsync(1_200);
    expect(first).toHaveBeenCalledTimes(1);
    cancel();
    finishFirst();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(second).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('downloads nothing when cancelled before the page settled', async () => {
    vi.useFakeTimers();
    const first = vi.fn(() => Promise.resolve());
    const cancel = prefetchWhenIdle([{ prefetch: first }]);
    cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(first).not.toHaveBeenCalled();
  });
});
