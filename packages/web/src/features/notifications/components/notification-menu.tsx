import Alert from '@mui/material/Alert';
import Popover from '@mui/material/Popover';
import type { MessageType, Notification } from '@lab/domain';
import { NotificationList } from './notification-list';

export const notificationMenuWidth = 600;

export type NotificationMenuProps = {
  anchor: HTMLElement | null;
  notifications: readonly Notification[];
  messageTypes: readonly MessageType[];
  actionError: string | null;
  onClose: () => void;
  onClearError: () => void;
  onOpen: (notification: Notification) => void;
  onActioned: (notification: Notification) => void;
  onIgnore: (notification: Notification) => void;
};

/** The bell's menu: the notification list under the bell, with the last action's error above it. */
export const NotificationMenu = ({
  anchor,
  notifications,
  messageTypes,
  actionError,
  onClose,
  onClearError,
  onOpen,
  onActioned,
  onIgnore,
}: NotificationMenuProps) => (
  <Popover
    open={anchor !== null}
    anchorEl={anchor}
    onClose={onClose}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    slotProps={{
      paper: {
        sx: { width: notificationMenuWidth, maxWidth: 'calc(100vw - 32px)', maxHeight: '70vh' },
      },
    }}
  >
    {actionError && (
      <Alert severity="error" onClose={onClearError} sx={{ m: 1 }}>
        {actionError}
      </Alert>
    )}
    <NotificationList
      notifications={notifications}
      messageTypes={messageTypes}
      onOpen={onOpen}
      onActioned={onActioned}
      onIgnore={onIgnore}
    />
  </Popover>
);
