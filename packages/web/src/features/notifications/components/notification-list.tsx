import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notificationTexts, type MessageType, type Notification } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { canIgnore, capText, caseLine, noteCap } from '../notification-display';

export type NotificationListProps = {
  notifications: readonly Notification[];
  messageTypes: readonly MessageType[];
  onOpen: (notification: Notification) => void;
  onActioned: (notification: Notification) => void;
  onIgnore: (notification: Notification) => void;
};

const typeName = (code: string, types: readonly MessageType[]) =>
  types.find((type) => type.code === code)?.name ?? code;

/** The bell menu's list (collection-views §2 'Notifications menu'), or 'No Notifications'. */
export const NotificationList = ({
  notifications,
  messageTypes,
  onOpen,
  onActioned,
  onIgnore,
}: NotificationListProps) => {
  if (notifications.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {notificationTexts.none}
      </Typography>
    );
  }
  return (
    <List disablePadding aria-label="Notifications">
      {notifications.map((notification) => {
        const caseText = caseLine(notification);
        return (
          <ListItem
            key={notification.notification_uid}
            divider
            disablePadding
            sx={{ alignItems: 'stretch' }}
            aria-label={`Notification from ${notification.author_reference}`}
          >
            <ListItemButton
              onClick={() => onOpen(notification)}
              disabled={notification.case_collection_uid === null}
              sx={{ display: 'block', py: 1, minWidth: 0 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                <Typography variant="subtitle2" component="span" noWrap sx={{ minWidth: 0 }}>
                  {notification.author_reference}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
                  {typeName(notification.message_type, messageTypes)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  <DateTimeText iso={notification.created_at} />
                </Typography>
              </Stack>
              {(caseText || notification.collection) && (
                <Typography variant="body2" color="text.secondary">
                  {caseText}
                  {caseText && notification.collection && ' · '}
                  {notification.collection && `Collection ${notification.collection.collection_id}`}
                </Typography>
              )}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {capText(notification.note, noteCap)}
              </Typography>
            </ListItemButton>
            <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 0.5, p: 1 }}>
              <Button size="small" variant="outlined" onClick={() => onActioned(notification)}>
                Actioned
              </Button>
              {canIgnore(notification) && (
                <Button size="small" color="inherit" onClick={() => onIgnore(notification)}>
                  Ignore
                </Button>
              )}
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
};
