import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createStreamStatusStore,
  StreamStatusContext,
  type StreamStatusStore,
} from '../../../lib/stream-status';
import { collectionUid } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { aNotification, FakeEventSource, stubNotificationApi } from '../testing/notification-fixture';
import { NotificationsBell } from './notifications-bell';

// The bell holds the page's live stream: it reports the stream's status to the page's polls and turns
// each frame into a refetch.

const anotherUid = '0b9f3a52-5b0e-4a53-9c55-2f6f4a0d0c12';

describe('NotificationsBell with the live stream', () => {
  let store: StreamStatusStore;
  const bellWatching = (uids: readonly string[]) => (
    <StreamStatusContext.Provider value={store}>
      <NotificationsBell watchedCollectionUids={uids} playSound={vi.fn()} />
    </StreamStatusContext.Provider>
  );
  const renderBell = (uids: readonly string[] = [collectionUid]) => renderWithQueries(bellWatching(uids));
  const stream = () => FakeEventSource.instances.at(-1) as FakeEventSource;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    store = createStreamStatusStore();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('only confirms the list every 5 minutes while the stream is live, and polls every 30 s again once it drops', async () => {
    const api = stubNotificationApi(() => [aNotification()]);
    renderBell();
    await vi.advanceTimersByTimeAsync(10);
    expect(api.polls()).toBe(1);
    act(() => stream().emit('ready', JSON.stringify({ version: '1+a' })));
    expect(store.getStatus()).toMatchObject({ isLive: true, serverVersion: '1+a' });

    await vi.advanceTimersByTimeAsync(299_000);
    expect(api.polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.polls()).toBe(2);

    act(() => stream().emit('error'));
    expect(store.getStatus().isLive).toBe(false);
    // At once (a notification frame may have been lost), then every 30 s.
    await vi.advanceTimersByTimeAsync(10);
    expect(api.polls()).toBe(3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.polls()).toBe(4);
  });

  it('takes a ready without data (a server before issue 15) and ignores frames it does not know', async () => {
    const api = stubNotificationApi(() => []);
    renderBell();
    await vi.advanceTimersByTimeAsync(10);
    act(() => stream().emit('ready'));
    expect(store.getStatus()).toMatchObject({ isLive: true, serverVersion: null });
    act(() => stream().emit('something_new', '{"uid": 1}'));
    act(() => stream().emit('file_lock', 'not json'));
    await vi.advanceTimersByTimeAsync(10);
    expect(api.polls()).toBe(1);
    expect(store.getStatus().isLive).toBe(true);
  });

  it("refreshes a collection's file lock on file_lock, and everything under a collection's key on collection", async () => {
    stubNotificationApi(() => []);
    const { queryClient } = renderBell();
    const keys = {
      lock: ['file-lock', collectionUid],
      otherLock: ['file-lock', anotherUid],
      collection: ['collection', collectionUid],
      messages: ['collection', collectionUid, 'messages', 'client'],
      audit: ['collection', collectionUid, 'audit_list'],
      other: ['collection', anotherUid],
    };
    Object.values(keys).forEach((key) => queryClient.setQueryData(key, {}));
    await vi.advanceTimersByTimeAsync(10);
    const isInvalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

    act(() => stream().emit('file_lock', JSON.stringify({ uid: collectionUid })));
    expect(isInvalidated(keys.lock)).toBe(true);
    expect(isInvalidated(keys.otherLock)).toBe(false);
    expect(isInvalidated(keys.collection)).toBe(false);

    act(() => stream().emit('collection', JSON.stringify({ uid: collectionUid })));
    expect([keys.collection, keys.messages, keys.audit].map(isInvalidated)).toEqual([true, true, true]);
    expect(isInvalidated(keys.other)).toBe(false);
  });

  it('opens the stream again for the collection the page moves to, without a drop, and refetches it once ready', async () => {
    const api = stubNotificationApi(() => []);
    const { queryClient, rerender } = renderBell([]);
    await vi.advanceTimersByTimeAsync(10);
    const first = stream();
    expect(first.url).toBe('/api/v2/stream?collections=');
    act(() => first.emit('ready', JSON.stringify({ version: '1+a' })));
    queryClient.setQueryData(['collection', anotherUid], {});
    queryClient.setQueryData(['file-lock', anotherUid], {});

    rerender(<QueryClientProvider client={queryClient}>{bellWatching([anotherUid])}</QueryClientProvider>);
    await vi.advanceTimersByTimeAsync(10);
    expect(first.isClosed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(stream().url).toBe(`/api/v2/stream?collections=${anotherUid}`);
    // Not a drop: the polls stay relaxed and nothing is refetched for a resync.
    expect(store.getStatus()).toMatchObject({ isLive: true, resyncCount: 0 });
    const isInvalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(isInvalidated(['collection', anotherUid])).toBe(false);

    act(() => stream().emit('ready', JSON.stringify({ version: '1+a' })));
    expect(isInvalidated(['collection', anotherUid])).toBe(true);
    expect(isInvalidated(['file-lock', anotherUid])).toBe(true);
    expect(api.polls()).toBe(1);

    // The same collection again (a new array, equal): the stream stays.
    rerender(<QueryClientProvider client={queryClient}>{bellWatching([anotherUid])}</QueryClientProvider>);
    await vi.advanceTimersByTimeAsync(10);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('reports the stream down when the page closes it', async () => {
    stubNotificationApi(() => []);
    const { unmount } = renderBell();
    await vi.advanceTimersByTimeAsync(10);
    act(() => stream().emit('ready', JSON.stringify({ version: '1+a' })));
    unmount();
    expect(stream().isClosed).toBe(true);
    expect(store.getStatus().isLive).toBe(false);
  });
});
