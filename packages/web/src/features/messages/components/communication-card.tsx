import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Communication } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { useEmailInfo } from '../api/get-email-info';

// The communications log (collection-views §2): an e-mail shows its info card (asked for when opened),
// a push its delivery list.

const ErrorLine = ({ text }: { text: string }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="alert">
    <ErrorOutlineIcon color="error" fontSize="small" />
    <Typography variant="body2">{text}</Typography>
  </Stack>
);

const EmailInfoDetails = ({ id }: { id: number }) => {
  const info = useEmailInfo(id, true);
  if (info.isPending) return <CircularProgress size={20} aria-label="Loading e-mail info" />;
  if (info.isError) return <ErrorLine text={info.error.message} />;
  if ('error' in info.data) return <ErrorLine text={info.data.error} />;
  const rows: [string, string | number][] = [
    ['Email', info.data.email],
    ['State', info.data.state],
    ['Opens', info.data.opens],
    ['Clicks', info.data.clicks],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
      {rows.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

const typeText = (communication: Communication) => communication.communication_type.replaceAll('_', ' ');

const EmailCard = ({ communication }: { communication: Communication }) => {
  const [isOpen, setIsOpen] = useState(false);
  const recipients = communication.response.flatMap((item) => ('email' in item ? [item.email] : []));
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <EmailOutlinedIcon fontSize="small" color="action" />
        <Typography variant="subtitle2" component="span">
          {typeText(communication)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="span">
          <DateTimeText iso={communication.created_at} />
        </Typography>
        <IconButton
          size="small"
          sx={{ ml: 'auto' }}
          aria-expanded={isOpen}
          aria-label={isOpen ? 'Hide e-mail info' : 'Show e-mail info'}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </IconButton>
      </Stack>
      {communication.subject && <Typography variant="body2">{communication.subject}</Typography>}
      {recipients.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          To {recipients.join(', ')}
        </Typography>
      )}
      <Collapse in={isOpen} unmountOnExit>
        <Box sx={{ mt: 1 }}>
          <EmailInfoDetails id={communication.id} />
        </Box>
      </Collapse>
    </>
  );
};

const MobileDeliveries = ({ communication }: { communication: Communication }) => (
  <>
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <PhoneIphoneIcon fontSize="small" color="action" />
      <Typography variant="subtitle2" component="span">
        {typeText(communication)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="span">
        <DateTimeText iso={communication.created_at} />
      </Typography>
    </Stack>
    {communication.subject && <Typography variant="body2">{communication.subject}</Typography>}
    <List dense disablePadding aria-label="Deliveries">
      {communication.response.flatMap((item, index) =>
        'device_type' in item
          ? [
              <ListItem key={`${item.identification}-${index}`} disableGutters>
                <ListItemIcon sx={{ minWidth: 28 }}>
                  {item.success ? (
                    <CheckCircleOutlineIcon fontSize="small" color="success" />
                  ) : (
                    <HighlightOffIcon fontSize="small" color="error" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={`${item.device_type} · ${item.identification}`}
                  secondary={item.success ? 'Delivered' : 'Not delivered'}
                />
              </ListItem>,
            ]
          : [],
      )}
    </List>
  </>
);

/** One e-mail or push in the timeline, centred like the lab's other events. */
export const CommunicationCard = ({ communication }: { communication: Communication }) => (
  <Box sx={{ display: 'flex', justifyContent: 'center' }}>
    <Paper
      variant="outlined"
      sx={{ px: 1.5, py: 1, width: '75%', maxWidth: 560 }}
      aria-label={`Communication ${typeText(communication)}`}
    >
      {communication.communication_provider === 'mobile' ? (
        <MobileDeliveries communication={communication} />
      ) : (
        <EmailCard communication={communication} />
      )}
    </Paper>
  </Box>
);
