import { useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aTestQueryClient } from '../testing/render-with-queries';
import { withQueriesAndStream } from '../testing/stream-status-wrapper';
import { AutoRefresh, usePauseAutoRefresh } from './auto-refresh';
import { collectionQueryKey } from './query-keys';
import { createStreamStatusStore, type StreamStatusStore } from './stream-status';

const uid = '0b9f3a52-5b0e-4a53-9c55-2f6f4a0d0c11';

describe('AutoRefresh', () => {
  let store: StreamStatusStore;
  const loads = { collection: 0, messages: 0, workQueue: 0 };
  const queryClient = aTestQueryClient();

  // A collection with its messages (under its key, pushed by the stream) and a work queue (pushed by nothing).
  const renderPage = () => {
    const QueriesAndStream = withQueriesAndStream(queryClient, store);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueriesAndStream>
        <AutoRefresh isEnabled>{children}</AutoRefresh>
      </QueriesAndStream>
    );
    return renderHook(
      ({ isEditing }: { isEditing: boolean }) => {
        usePauseAutoRefresh(isEditing);
        useQuery({ queryKey: collectionQueryKey(uid), queryFn: () => ++loads.collection });
        useQuery({ queryKey: [...collectionQueryKey(uid), 'messages'], queryFn: () => ++loads.messages });
        useQuery({ queryKey: ['work-queue'], queryFn: () => ++loads.workQueue });
      },
      { wrapper, initialProps: { isEditing: false } },
    );
  };

  beforeEach(() => {
    vi.useFakeTimers();
    store = createStreamStatusStore();
    queryClient.clear();
    Object.assign(loads, { collection: 0, messages: 0, workQueue: 0 });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('refetches everything on screen every 30 s without the stream', async () => {
    renderPage();
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loads).toEqual({ collection: 3, messages: 3, workQueue: 3 });
  });

  it('only confirms collection data every 5 minutes while the stream is live; the rest keeps 30 s', async () => {
    renderPage();
    await vi.advanceTimersByTimeAsync(10);
    act(() => store.markReady('1+a'));
    await vi.advanceTimersByTimeAsync(240_000);
    expect(loads).toEqual({ collection: 1, messages: 1, workQueue: 9 });
    // Loaded at 0 s: the tick at 270 s reloads it, since by the next one it would be over 5 minutes old.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(loads).toEqual({ collection: 2, messages: 2, workQueue: 10 });
    await vi.advanceTimersByTimeAsync(270_000);
    expect(loads).toEqual({ collection: 2, messages: 2, workQueue: 19 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(loads).toEqual({ collection: 3, messages: 3, workQueue: 20 });

    // A collection frame refreshes the collection (the bell invalidates its key): its clock starts again.
    await vi.advanceTimersByTimeAsync(120_000);
    await act(() => queryClient.invalidateQueries({ queryKey: collectionQueryKey(uid), exact: true }));
    expect(loads.collection).toBe(4);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(loads).toMatchObject({ collection: 4, messages: 4 });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(loads).toMatchObject({ collection: 5, messages: 4 });
  });

  it('reloads collection data at once when the stream drops, then every 30 s', async () => {
    renderPage();
    await vi.advanceTimersByTimeAsync(10);
    act(() => store.markReady(null));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loads.collection).toBe(1);
    act(() => store.markDown({ isResync: true }));
    await vi.advanceTimersByTimeAsync(10);
    expect(loads.collection).toBe(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(loads.collection).toBe(3);
  });

  it('keeps a drop for when the user stops editing', async () => {
    const { rerender } = renderPage();
    await vi.advanceTimersByTimeAsync(10);
    act(() => store.markReady(null));
    rerender({ isEditing: true });
    act(() => store.markDown({ isResync: true }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loads).toEqual({ collection: 1, messages: 1, workQueue: 1 });
    rerender({ isEditing: false });
    await vi.advanceTimersByTimeAsync(10);
    expect(loads).toEqual({ collection: 2, messages: 2, workQueue: 1 });
  });
});
