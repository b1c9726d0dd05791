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

  const rerenderWatching = (view: ReturnType<typeof renderBell>, uids: readonly string[]) =>
    view.rerender(<QueryClientProvider client={view.queryClient}>{bellWatching(uids)}</QueryClientProvider>);

  /** A page showing no collection, its stream live, then moved to `anotherUid`: the new stream opening. */
  const movedFromSearch = async () => {
    const view = renderBell([]);
    await vi.advanceTimersByTimeAsync(10);
    const first = stream();
    act(() => first.emit('ready', JSON.stringify({ version: '1+a' })));
    view.queryClient.setQueryData(['collection', anotherUid], {});
    rerenderWatching(view, [anotherUid]);
    await vi.advanceTimersByTimeAsync(10);
    return { view, first, opening: stream() };
  };

  it('opens a stream for the collection the page moves to beside the live one, which closes once the new one is ready', async () => {
    const api = stubNotificationApi(() => []);
    const view = renderBell([]);
    const { queryClient } = view;
    await vi.advanceTimersByTimeAsync(10);
    const first = stream();
    expect(first.url).toBe('/api/v2/stream?collections=');
    act(() => first.emit('ready', JSON.stringify({ version: '1+a' })));
    queryClient.setQueryData(['collection', anotherUid], {});
    queryClient.setQueryData(['file-lock', anotherUid], {});
    const isInvalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

    rerenderWatching(view, [anotherUid]);
    await vi.advanceTimersByTimeAsync(10);
    const second = stream();
    expect(second.url).toBe(`/api/v2/stream?collections=${anotherUid}`);
    // Until the new one is ready the live one still counts: a notification in between is not lost.
    expect(first.isClosed).toBe(false);
    act(() => first.emit('notification'));
    await vi.advanceTimersByTimeAsync(10);
    expect(api.polls()).toBe(2);

    act(() => second.emit('ready', JSON.stringify({ version: '1+a' })));
    expect(first.isClosed).toBe(true);
    // Not a drop: the polls stay relaxed and nothing is refetched for a resync; the new collection is.
    expect(store.getStatus()).toMatchObject({ isLive: true, resyncCount: 0 });
    expect(isInvalidated(['collection', anotherUid])).toBe(true);
    expect(isInvalidated(['file-lock', anotherUid])).toBe(true);
    // Frames of the closed stream no longer count.
    act(() => first.emit('notification'));
    await vi.advanceTimersByTimeAsync(10);
    expect(api.polls()).toBe(2);

    // Showing no collection, or the same one again, keeps the stream.
    rerenderWatching(view, []);
    rerenderWatching(view, [anotherUid]);
    await vi.advanceTimersByTimeAsync(10);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('keeps the live stream when the new one fails before ready, and tries the new list again after a wait', async () => {
    stubNotificationApi(() => []);
    const { view, first, opening } = await movedFromSearch();
    act(() => opening.emit('error'));
    expect(first.isClosed).toBe(false);
    expect(store.getStatus()).toMatchObject({ isLive: true, resyncCount: 0 });

    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.instances).toHaveLength(3);
    const third = stream();
    expect(third.url).toBe(`/api/v2/stream?collections=${anotherUid}`);
    act(() => third.emit('ready', JSON.stringify({ version: '1+a' })));
    expect(first.isClosed).toBe(true);
    expect(view.queryClient.getQueryState(['collection', anotherUid])?.isInvalidated).toBe(true);
  });

  it('counts a drop of the live stream during a switch, and the new stream as its return', async () => {
    stubNotificationApi(() => []);
    const { first, opening: second } = await movedFromSearch();
    act(() => first.emit('error'));
    expect(store.getStatus()).toMatchObject({ isLive: false, resyncCount: 1 });
    await vi.advanceTimersByTimeAsync(2_000);
    // The opening stream is the reconnection: no third one.
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => second.emit('ready', JSON.stringify({ version: '1+a' })));
    expect(store.getStatus()).toMatchObject({ isLive: true, resyncCount: 2 });
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
