import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReadQueue, readThrottleMs } from './read-queue';

describe('the read queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks the first message at once, then at most once every 2 s, batching what came in between', () => {
    const sent: string[][] = [];
    const queue = createReadQueue({ send: (uids) => sent.push(uids), now: () => Date.now() });
    queue.add('a');
    expect(sent).toEqual([['a']]);

    vi.advanceTimersByTime(500);
    queue.add('b');
    queue.add('c');
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(readThrottleMs - 500 - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([['a'], ['b', 'c']]);

    // Long after the last batch, the next one goes at once again.
    vi.advanceTimersByTime(5_000);
    queue.add('d');
    expect(sent).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('marks each message once, however often it comes into view', () => {
    const sent: string[][] = [];
    const queue = createReadQueue({ send: (uids) => sent.push(uids) });
    queue.add('a');
    queue.add('a');
    vi.advanceTimersByTime(readThrottleMs * 3);
    queue.add('a');
    vi.advanceTimersByTime(readThrottleMs * 3);
    expect(sent).toEqual([['a']]);
  });

  it('sends nothing after it is disposed', () => {
    const send = vi.fn();
    const queue = createReadQueue({ send });
    queue.add('a');
    queue.add('b');
    queue.dispose();
    vi.advanceTimersByTime(readThrottleMs * 2);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(['a']);
  });
});
