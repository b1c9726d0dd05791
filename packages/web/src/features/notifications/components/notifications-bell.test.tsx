import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationTexts, type Notification } from '@lab/domain';
import { LazyConfirmDialog } from '../../../components/lazy-confirm-dialog';
import { collectionUid } from '../../../testing/records';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { aNotification, FakeEventSource, stubNotificationApi } from '../testing/notification-fixture';
import { NotificationsBell, notificationsBellParts } from './notifications-bell';

const renderBell = () => {
  const playSound = vi.fn();
  return {
    playSound,
    ...renderWithQueries(<NotificationsBell watchedCollectionUids={[collectionUid]} playSound={playSound} />),
  };
};

const badge = () => screen.getByTestId('notification-count').querySelector('.MuiBadge-badge');
const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));

const delivered = aNotification();
const expiring = aNotification({
  notification_uid: '20000000-0000-4000-8000-000000000002',
  author_reference: 'Client Portal',
  expires_at: '2025-02-10T01:00:00Z',
  note: 'n'.repeat(300),
  case: { case_mkey: '120034-02', job_type: 'Screw Retained Bridge' },
});
const undelivered = aNotification({
  notification_uid: '20000000-0000-4000-8000-000000000003',
  author_reference: 'Dana Designer',
  delivered_at: null,
});

describe('NotificationsBell', () => {
  // The menus and dialogs are lazy chunks: load them once up front, as the page does on idle.
  beforeAll(async () => {
    await Promise.all([...notificationsBellParts, LazyConfirmDialog].map((part) => part.prefetch()));
  }, 60_000);

  let hasFocus: boolean;
  beforeEach(() => {
    hasFocus = true;
    vi.spyOn(document, 'hasFocus').mockImplementation(() => hasFocus);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('counts the open notifications on the badge and lists them in a 600 px menu', async () => {
    stubNotificationApi(() => [delivered, expiring]);
    const { playSound } = renderBell();
    await waitFor(() => expect(badge()?.textContent).toBe('2'));
    openMenu();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const paper = list.closest('.MuiPaper-root');
    expect(paper && getComputedStyle(paper).width).toBe('600px');

    const first = within(list).getByRole('listitem', { name: 'Notification from Maya Machinist' });
    expect(within(first).getByText('Design Message')).toBeTruthy();
    expect(within(first).getByText('120034-01 Custom Abutment · Collection 120034')).toBeTruthy();
    expect(within(first).getByText('Please check the screw channel')).toBeTruthy();
    const second = within(list).getByRole('listitem', { name: 'Notification from Client Portal' });
    expect(within(second).getByText(`${'n'.repeat(254)}…`)).toBeTruthy();

    // Ignore only for the one that expires; Actioned for both.
    expect(within(first).queryByRole('button', { name: 'Ignore' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Ignore' })).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: 'Actioned' })).toHaveLength(2);
    // Nothing new: no popup, no sound.
    expect(screen.queryByText(notificationTexts.popup)).toBeNull();
    expect(playSound).not.toHaveBeenCalled();
  });

  it("says 'No Notifications' and shows no count when there are none", async () => {
    const api = stubNotificationApi(() => []);
    renderBell();
    await waitFor(() => expect(api.polls()).toBe(1));
    expect(badge()?.className).toContain('MuiBadge-invisible');
    openMenu();
    expect(await screen.findByText(notificationTexts.none)).toBeTruthy();
  });

  it('announces a new notification with a popup and a sound, and acknowledges it once', async () => {
    const api = stubNotificationApi(() => [delivered, undelivered]);
    const { playSound, queryClient } = renderBell();
    expect(await screen.findByText(notificationTexts.popup)).toBeTruthy();
    await waitFor(() =>
      expect(api.patches()).toEqual([
        `/api/v2/messages/notification/${undelivered.notification_uid}/acknowledge`,
      ]),
    );
    expect(playSound).toHaveBeenCalledTimes(1);

    // A refetch that still lists it undelivered does not announce it again.
    await act(() => queryClient.refetchQueries({ queryKey: ['notifications'] }));
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(api.patches()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(notificationTexts.popup)).toBeNull());
  });

  it('keeps the popup until Close, however long it stays', async () => {
    vi.useFakeTimers();
    stubNotificationApi(() => [undelivered]);
    renderBell();
    await vi.advanceTimersByTimeAsync(100);
    expect(screen.getByText(notificationTexts.popup)).toBeTruthy();
    hasFocus = false;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(screen.getByText(notificationTexts.popup)).toBeTruthy();
  });

  it('dismisses after the Actioned confirmation and ignores after the Ignore confirmation', async () => {
    let list: Notification[] = [delivered, expiring];
    const api = stubNotificationApi(() => list);
    renderBell();
    await waitFor(() => expect(badge()?.textContent).toBe('2'));
    openMenu();
    const first = await screen.findByRole('listitem', { name: 'Notification from Maya Machinist' });
    fireEvent.click(within(first).getByRole('button', { name: 'Actioned' }));
    expect(await screen.findByText(notificationTexts.actionedConfirm)).toBeTruthy();
    list = [expiring];
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.patches()).toEqual([`/api/v2/messages/notification/${delivered.notification_uid}/dismiss`]),
    );
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const second = screen.getByRole('listitem', { name: 'Notification from Client Portal' });
    fireEvent.click(within(second).getByRole('button', { name: 'Ignore' }));
    expect(await screen.findByText(notificationTexts.ignoreConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.patches()[1]).toBe(`/api/v2/messages/notification/${expiring.notification_uid}/ignore`),
    );
  });

  it('opens the messages view of the collection in a new window', async () => {
    stubNotificationApi(() => [delivered]);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderBell();
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    openMenu();
    fireEvent.click(await screen.findByText('Please check the screw channel'));
    expect(open).toHaveBeenCalledWith(
      `/static/v2/collection.html?view=messages&uid=${delivered.case_collection_uid}&muid=${delivered.uid}`,
      '_blank',
      'noopener',
    );
  });

  it('ignores a failed fetch and keeps the list it has', async () => {
    let answer: Notification[] | 'fail' = [delivered];
    stubNotificationApi(() => answer);
    const { queryClient } = renderBell();
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    answer = 'fail';
    await act(() => queryClient.refetchQueries({ queryKey: ['notifications'] }));
    expect(badge()?.textContent).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('polls every 30 s only while the window has focus', async () => {
    vi.useFakeTimers();
    const api = stubNotificationApi(() => [delivered]);
    hasFocus = false;
    renderBell();
    await vi.advanceTimersByTimeAsync(100);
    expect(api.polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(api.polls()).toBe(1);
    hasFocus = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.polls()).toBe(2);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.polls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.polls()).toBe(3);
  });

  describe('server-sent events', () => {
    beforeEach(() => {
      FakeEventSource.instances = [];
      vi.stubGlobal('EventSource', FakeEventSource);
    });

    it('refetches at once on a notification event and refreshes a changed collection', async () => {
      const api = stubNotificationApi(() => [delivered]);
      const { queryClient, unmount } = renderBell();
      queryClient.setQueryData(['collection', collectionUid], { uid: collectionUid });
      queryClient.setQueryData(['collection', 'another'], { uid: 'another' });
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      const stream = FakeEventSource.instances[0] as FakeEventSource;
      // No token in the URL and no withCredentials: a same-origin EventSource sends the session cookie.
      // The stream carries the changes of the collection the page shows.
      expect(stream.url).toBe(`/api/v2/stream?collections=${collectionUid}`);
      expect(stream.init).toBeUndefined();
      await waitFor(() => expect(api.polls()).toBe(1));

      act(() => stream.emit('notification'));
      await waitFor(() => expect(api.polls()).toBe(2));

      act(() => stream.emit('collection', JSON.stringify({ uid: collectionUid })));
      expect(queryClient.getQueryState(['collection', collectionUid])?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(['collection', 'another'])?.isInvalidated).toBe(false);

      unmount();
      expect(stream.isClosed).toBe(true);
    });

    it('reconnects with a fresh stream after an error, waiting longer each time', async () => {
      vi.useFakeTimers();
      // The longest wait of each spread: the doubling shows plainly.
      vi.spyOn(Math, 'random').mockReturnValue(0.9999999);
      stubNotificationApi(() => []);
      renderBell();
      await vi.advanceTimersByTimeAsync(10);
      expect(FakeEventSource.instances).toHaveLength(1);

      act(() => FakeEventSource.instances[0]?.emit('error'));
      expect(FakeEventSource.instances[0]?.isClosed).toBe(true);
      await vi.advanceTimersByTimeAsync(999);
      expect(FakeEventSource.instances).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeEventSource.instances).toHaveLength(2);

      act(() => FakeEventSource.instances[1]?.emit('error'));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(FakeEventSource.instances).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(FakeEventSource.instances).toHaveLength(3);

      // The server ends a stream whose session ended: a new one follows.
      act(() => FakeEventSource.instances[2]?.emit('open'));
      act(() => FakeEventSource.instances[2]?.emit('expired', '{}'));
      expect(FakeEventSource.instances[2]?.isClosed).toBe(true);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(FakeEventSource.instances).toHaveLength(4);
    });

    it('spreads a reconnect over half to all of its wait, so windows cut off together come back apart', async () => {
      vi.useFakeTimers();
      vi.spyOn(Math, 'random').mockReturnValue(0);
      stubNotificationApi(() => []);
      renderBell();
      await vi.advanceTimersByTimeAsync(10);

      act(() => FakeEventSource.instances[0]?.emit('error'));
      await vi.advanceTimersByTimeAsync(499);
      expect(FakeEventSource.instances).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeEventSource.instances).toHaveLength(2);
    });
  });
});
