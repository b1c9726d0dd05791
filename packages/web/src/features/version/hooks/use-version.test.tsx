import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStreamStatusStore, type StreamStatusStore } from '../../../lib/stream-status';
import { json, stubFetch, type ApiCall } from '../../../testing/fetch-stub';
import { aTestQueryClient } from '../../../testing/render-with-queries';
import { withQueriesAndStream } from '../../../testing/stream-status-wrapper';
import { useVersion } from './use-version';

const versionPath = '/api/version/';

describe('useVersion', () => {
  let calls: ApiCall[];
  let served: string;
  let store: StreamStatusStore;
  const polls = () => calls.filter((call) => call.path === versionPath).length;
  const renderVersion = () => {
    const wrapper = withQueriesAndStream(aTestQueryClient(), store);
    return renderHook(() => useVersion(), { wrapper });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    store = createStreamStatusStore();
    served = '1+a';
    calls = stubFetch((call) => (call.path === versionPath ? json({ version: served }) : undefined));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls every 10 s without the stream, and every 2 minutes while the stream announces the version', async () => {
    renderVersion();
    await vi.advanceTimersByTimeAsync(10);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(polls()).toBe(3);

    act(() => store.markReady('1+a'));
    await vi.advanceTimersByTimeAsync(119_000);
    expect(polls()).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polls()).toBe(4);
  });

  it('fetches at once when the stream announces another version, so the update notice starts', async () => {
    const { result } = renderVersion();
    await vi.advanceTimersByTimeAsync(10);
    act(() => store.markReady('1+a'));
    await vi.advanceTimersByTimeAsync(10);
    expect(polls()).toBe(1);

    // A new deployment: the stream drops (one fetch at once), then comes back announcing it.
    served = '1+b';
    act(() => store.markDown({ isResync: true }));
    await vi.advanceTimersByTimeAsync(10);
    expect(polls()).toBe(2);
    act(() => store.markReady('1+b'));
    await vi.advanceTimersByTimeAsync(10);
    expect(result.current.data).toBe('1+b');
  });

  it('fetches once per announced version that differs from the one held', async () => {
    const { result } = renderVersion();
    await vi.advanceTimersByTimeAsync(10);
    expect(result.current.data).toBe('1+a');
    // Another process of the same server, already on the next version; this one answers the old one.
    act(() => store.markReady('1+b'));
    await vi.advanceTimersByTimeAsync(10);
    expect(polls()).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls()).toBe(2);
  });
});
