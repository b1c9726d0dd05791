import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notificationTexts, type Notification, type StreamTopic } from '@lab/domain';
import { LazyConfirmDialog } from '../../../components/lazy-confirm-dialog';
import { lazyPart, useHasOpened } from '../../../components/lazy-part';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { openInNewTab } from '../../../lib/navigation';
import {
  checkInListsQueryKey,
  checkInPreflightQueryKey,
  collectionQueryKey,
  customerServiceQueryKey,
  fileLockQueryKey,
} from '../../../lib/query-keys';
import { usePollInterval, useStreamResync } from '../../../lib/stream-status';
import { useMessageTypes } from '../../reference/api/get-message-types';
import { notificationsQueryKey, useNotifications } from '../api/get-notifications';
import { updateNotification, useUpdateNotification } from '../api/update-notification';
import { useFocusedPolling } from '../hooks/use-focused-polling';
import { useServerEvents } from '../hooks/use-server-events';
import { isNewNotification, notificationLink } from '../notification-display';
import { playNotificationSound } from '../notification-sound';

export type NotificationsBellProps = {
  /** The collections the page shows: the stream carries their changes only. */
  watchedCollectionUids: readonly string[];
  /** Lab-wide topics the stream also carries (the Check-in desk's new orders, Customer Service's clients). */
  topics?: readonly StreamTopic[];
  /** The chime of a new notification (tests pass a spy). */
  playSound?: () => void;
};

type PendingConfirm = { notification: Notification; action: 'dismiss' | 'ignore' };

const none: Notification[] = [];
const noTopics: readonly StreamTopic[] = [];

// The menu and the popup download when first shown: the bell is on every staff page's first paint.
const NotificationMenu = lazyPart(() =>
  import('./notification-menu').then((module) => module.NotificationMenu),
);
const NotificationPopup = lazyPart(() =>
  import('./notification-popup').then((module) => module.NotificationPopup),
);
/** For the page to prefetch on idle. */
export const notificationsBellParts = [NotificationMenu, NotificationPopup];

/**
 * The app bar's notifications bell (collection-views §2, §4 'Notifications', §9). The badge counts every
 * open notification the server lists (dismissed and ignored ones drop out of the list): a count of only
 * the undelivered ones would fall to zero the moment they are shown, since showing acknowledges them.
 * The list refreshes at once on a `notification` event of the server's stream, and is polled while the
 * window has focus: every 30 s, or only to confirm (lib/stream-status) while the stream is live. The same
 * stream refreshes an open collection (everything under its key) and its file lock when they change
 * elsewhere.
 */
export const NotificationsBell = ({
  watchedCollectionUids,
  topics = noTopics,
  playSound = playNotificationSound,
}: NotificationsBellProps) => {
  const queryClient = useQueryClient();
  const query = useNotifications();
  const notifications = query.data ?? none;
  const messageTypes = useMessageTypes().data ?? [];
  const update = useUpdateNotification();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [isPopupOpen, setIsPopupOpen] = useState(false);
  // Notifications already announced by this page, and the ones the latest popup announced.
  const [announced, setAnnounced] = useState<ReadonlySet<string>>(() => new Set());
  const [latestBatch, setLatestBatch] = useState<readonly string[]>([]);

  const fresh = notifications.filter(
    (notification) => isNewNotification(notification) && !announced.has(notification.notification_uid),
  );
  if (fresh.length > 0) {
    const uids = fresh.map((notification) => notification.notification_uid);
    setAnnounced(new Set([...announced, ...uids]));
    setLatestBatch(uids);
    setIsPopupOpen(true);
  }

  // Shown means delivered: acknowledge each new one once, and chime once per popup.
  const playSoundRef = useRef(playSound);
  useEffect(() => {
    playSoundRef.current = playSound;
  }, [playSound]);
  const acknowledgedRef = useRef(new Set<string>());
  useEffect(() => {
    const toAcknowledge = latestBatch.filter((uid) => !acknowledgedRef.current.has(uid));
    if (toAcknowledge.length === 0) return;
    toAcknowledge.forEach((uid) => acknowledgedRef.current.add(uid));
    playSoundRef.current();
    void Promise.allSettled(toAcknowledge.map((uid) => updateNotification(uid, 'acknowledge'))).then(() =>
      queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
    );
  }, [latestBatch, queryClient]);

  const refetch = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: notificationsQueryKey });
  }, [queryClient]);
  useFocusedPolling(refetch, { intervalMs: usePollInterval('notificationsMs') });
  useStreamResync(refetch);
  const streamHandlers = useMemo(
    () => ({
      onNotification: refetch,
      // The Check-in desk watches the collections of its rows: their lists and reports follow too.
      onCollection: (uid: string) => {
        void queryClient.invalidateQueries({ queryKey: collectionQueryKey(uid) });
        void queryClient.invalidateQueries({ queryKey: checkInPreflightQueryKey(uid) });
        void queryClient.invalidateQueries({ queryKey: checkInListsQueryKey });
      },
      onOrderArrived: () => {
        void queryClient.invalidateQueries({ queryKey: checkInListsQueryKey });
      },
      onClientWaiting: () => {
        void queryClient.invalidateQueries({ queryKey: customerServiceQueryKey });
      },
      onFileLock: (uid: string) => {
        void queryClient.invalidateQueries({ queryKey: fileLockQueryKey(uid) });
      },
      // A load still under way when the subscription began finishes rather than starting again (it may
      // be the collection's megabyte of messages); a change in the moments between its read and the
      // subscription shows at the next confirming poll.
      // A new row on the Check-in desk may have changed (its scans arriving) before its watch began.
      onWatchStarted: (uids: readonly string[]) => {
        for (const uid of uids) {
          for (const queryKey of [collectionQueryKey(uid), fileLockQueryKey(uid)]) {
            void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
          }
          // A report is small: one read now, whatever was in flight before the watch began.
          void queryClient.invalidateQueries({ queryKey: checkInPreflightQueryKey(uid) });
        }
      },
    }),
    [queryClient, refetch],
  );
  useServerEvents(streamHandlers, watchedCollectionUids, topics);

  const handleOpen = (notification: Notification) => {
    const link = notificationLink(notification);
    if (link) openInNewTab(link);
  };

  const handleConfirm = async () => {
    if (!pending) return;
    setActionError(null);
    try {
      await update.mutateAsync({
        notificationUid: pending.notification.notification_uid,
        action: pending.action,
      });
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(null);
    }
  };

  const count = notifications.length;
  const hasMenuOpened = useHasOpened(anchor !== null);
  const hasPopupOpened = useHasOpened(isPopupOpen);
  return (
    <>
      <LazyTooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label="Notifications"
          aria-haspopup="true"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} color="error" max={99} data-testid="notification-count">
            {count > 0 ? <NotificationsIcon /> : <NotificationsNoneIcon />}
          </Badge>
        </IconButton>
      </LazyTooltip>
      <Suspense fallback={null}>
        {hasMenuOpened && (
          <NotificationMenu
            anchor={anchor}
            notifications={notifications}
            messageTypes={messageTypes}
            actionError={actionError}
            onClose={() => setAnchor(null)}
            onClearError={() => setActionError(null)}
            onOpen={handleOpen}
            onActioned={(notification) => setPending({ notification, action: 'dismiss' })}
            onIgnore={(notification) => setPending({ notification, action: 'ignore' })}
          />
        )}
        {hasPopupOpened && <NotificationPopup isOpen={isPopupOpen} onClose={() => setIsPopupOpen(false)} />}
      </Suspense>
      <LazyConfirmDialog
        isOpen={pending !== null}
        title={pending?.action === 'ignore' ? 'Ignore' : 'Actioned'}
        message={
          pending?.action === 'ignore' ? notificationTexts.ignoreConfirm : notificationTexts.actionedConfirm
        }
        isBusy={update.isPending}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setPending(null)}
      />
    </>
  );
};
