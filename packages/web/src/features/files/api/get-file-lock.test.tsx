import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStreamStatusStore, type StreamStatusStore } from '../../../lib/stream-status';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { collectionUid } from '../../../testing/records';
import { aTestQueryClient } from '../../../testing/render-with-queries';
import { withQueriesAndStream } from '../../../testing/stream-status-wrapper';
import { useFileLock } from './get-file-lock';

const lockPath = `/api/v2/event/${collectionUid}/?queue=true`;

describe('useFileLock', () => {
  let calls: ApiCall[];
  let store: StreamStatusStore;
  const polls = () => calls.filter((call) => call.path === lockPath).length;
  const renderLock = (isPolling = true) => {
    const wrapper = withQueriesAndStream(aTestQueryClient(), store);
    return renderHook(({ polling }: { polling: boolean }) => useFileLock(collectionUid, polling), {
      wrapper,
      initialProps: { polling: isPolling },
    });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    store = createStreamStatusStore();
    calls = stubFetch((call) =>
      call.path === lockPath ? json({ locked: false, locked_until: null }) : undefined,
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls every 2 s without the stream, and with a stream that does not push the lock', async () => {
    renderLock();
    await vi.advanceTimersByTimeAsync(10);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(polls()).toBe(3);
    // `ready` without a version: a server from before `file_lock` frames.
    act(() => store.markReady(null));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(polls()).toBe(5);
  });

  it('only confirms once a minute while the stream pushes the lock, and is back at 2 s the moment it drops', async () => {
    renderLock();
    await vi.advanceTimersByTimeAsync(10);
    act(() => store.markReady('1+a'));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polls()).toBe(2);

    act(() => store.markDown({ isResync: true }));
    // One fetch at once (a frame may have been lost), then every 2 s.
    await vi.advanceTimersByTimeAsync(10);
    expect(polls()).toBe(3);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(polls()).toBe(4);
  });

  it('does not fetch on a drop while it is not polling (the window has no focus)', async () => {
    const { rerender } = renderLock();
    await vi.advanceTimersByTimeAsync(10);
    act(() => store.markReady('1+a'));
    rerender({ polling: false });
    act(() => store.markDown({ isResync: true }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls()).toBe(1);
  });
});
