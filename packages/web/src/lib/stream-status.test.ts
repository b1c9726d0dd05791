import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollSchedule } from '@lab/domain';
import {
  createStreamStatusStore,
  selectPollInterval,
  StreamStatusContext,
  usePollInterval,
  useStreamResync,
  type StreamStatusStore,
} from './stream-status';

const withStore = (store: StreamStatusStore) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return createElement(StreamStatusContext.Provider, { value: store }, children);
  };

describe('createStreamStatusStore', () => {
  it('is live from ready until the stream goes down, asking for a resync on a drop and on the return', () => {
    const store = createStreamStatusStore();
    expect(store.getStatus()).toEqual({ isLive: false, serverVersion: null, resyncCount: 0 });

    store.markReady('1+a');
    // The first ready follows the page's own load: nothing to catch up.
    expect(store.getStatus()).toEqual({ isLive: true, serverVersion: '1+a', resyncCount: 0 });
    store.markDown({ isResync: true });
    expect(store.getStatus()).toEqual({ isLive: false, serverVersion: null, resyncCount: 1 });
    store.markDown({ isResync: true });
    expect(store.getStatus().resyncCount).toBe(1);
    store.markReady('1+b');
    expect(store.getStatus()).toEqual({ isLive: true, serverVersion: '1+b', resyncCount: 2 });
  });

  it('goes down without a resync when the session ended (a signing-out page must not refetch)', () => {
    const store = createStreamStatusStore();
    store.markReady('1+a');
    store.markDown({ isResync: false });
    expect(store.getStatus()).toEqual({ isLive: false, serverVersion: null, resyncCount: 0 });
  });

  it('tells its subscribers of each change, and only of a change', () => {
    const store = createStreamStatusStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.markDown({ isResync: true });
    expect(listener).not.toHaveBeenCalled();
    store.markReady(null);
    store.markReady(null);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.markDown({ isResync: true });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('selectPollInterval', () => {
  const down = { isLive: false, serverVersion: null, resyncCount: 0 };
  const oldServer = { isLive: true, serverVersion: null, resyncCount: 0 };
  const live = { isLive: true, serverVersion: '1+a', resyncCount: 0 };

  it("keeps the spec's intervals while the stream is down", () => {
    for (const kind of ['fileLockMs', 'versionMs', 'notificationsMs', 'collectionMs'] as const) {
      expect(selectPollInterval(kind, down)).toBe(pollSchedule.withoutStream[kind]);
    }
  });

  it('relaxes every poll while the stream is live and announces its version', () => {
    for (const kind of ['fileLockMs', 'versionMs', 'notificationsMs', 'collectionMs'] as const) {
      expect(selectPollInterval(kind, live)).toBe(pollSchedule.withStream[kind]);
    }
  });

  it('relaxes only notifications and collections with a server that pushes no file lock or version', () => {
    expect(selectPollInterval('fileLockMs', oldServer)).toBe(2_000);
    expect(selectPollInterval('versionMs', oldServer)).toBe(10_000);
    expect(selectPollInterval('notificationsMs', oldServer)).toBe(pollSchedule.withStream.notificationsMs);
    expect(selectPollInterval('collectionMs', oldServer)).toBe(pollSchedule.withStream.collectionMs);
  });
});

describe('usePollInterval and useStreamResync', () => {
  afterEach(() => cleanup());

  it('follow the store: the interval switches both ways and each drop and return resyncs once', () => {
    const store = createStreamStatusStore();
    const onResync = vi.fn();
    const { result } = renderHook(
      () => {
        useStreamResync(onResync);
        return usePollInterval('fileLockMs');
      },
      { wrapper: withStore(store) },
    );
    expect(result.current).toBe(2_000);
    act(() => store.markReady('1+a'));
    expect(result.current).toBe(60_000);
    expect(onResync).not.toHaveBeenCalled();
    act(() => store.markDown({ isResync: true }));
    expect(result.current).toBe(2_000);
    expect(onResync).toHaveBeenCalledTimes(1);
    act(() => store.markReady('1+a'));
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('does not resync on mount, whatever happened before', () => {
    const store = createStreamStatusStore();
    store.markReady(null);
    store.markDown({ isResync: true });
    const onResync = vi.fn();
    renderHook(() => useStreamResync(onResync), { wrapper: withStore(store) });
    expect(onResync).not.toHaveBeenCalled();
  });
});
