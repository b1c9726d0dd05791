import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MessageIcon from '@mui/icons-material/Message';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { caseOverviewTexts, isCountdownAlerting, type CollectionCase } from '@lab/domain';
import { CaseFlagChips } from '../../../components/case-flag-chips';
import { Countdown } from '../../../components/countdown';
import { formatDateTime } from '../../../components/date-time-format';
import { useNow } from '../../../lib/use-now';
import { implantTeethLabel, isCardStatusShown, isDelegationShown } from '../case-card-display';

const unresolvedAlertLabel = 'Unresolved alerting message';

// Spec: redo cards dark red; orange while the immediacy countdown alerts (that wins: it needs action now).
const alertingColor = '#e65100';
const redoColor = '#8b0000';

const useCardColor = (item: CollectionCase): string | null => {
  const now = useNow(1000, item.immediacy_due !== null);
  if (item.immediacy_due !== null && isCountdownAlerting(item.immediacy_due, now)) return alertingColor;
  return item.redo ? redoColor : null;
};

type ComponentCardProps = { item: CollectionCase; onOpen: (caseUid: string) => void };

const Line = ({ label, value }: { label: string; value: string }) => (
  <Typography variant="body2">
    <Box component="span" sx={{ opacity: 0.7 }}>
      {label}:{' '}
    </Box>
    {value}
  </Typography>
);

/** One component of the collection; a click opens it in the case drawer. */
export const ComponentCard = ({ item, onOpen }: ComponentCardProps) => {
  const color = useCardColor(item);
  const teeth = implantTeethLabel(item);
  return (
    <Card
      variant="outlined"
      data-testid="component-card"
      sx={{
        height: '100%',
        ...(color && {
          bgcolor: color,
          color: 'common.white',
          borderColor: color,
          '& .MuiChip-outlined': { color: 'inherit', borderColor: 'currentColor' },
          // The countdown's own red (past due) is unreadable on the orange card.
          '& .MuiTypography-root': { color: 'inherit' },
        }),
      }}
    >
      <CardActionArea
        onClick={() => onOpen(item.uid)}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
              {item.case_mkey}
            </Typography>
            {item.has_unresolved_alert && (
              <Tooltip title={unresolvedAlertLabel}>
                <MessageIcon
                  titleAccess={unresolvedAlertLabel}
                  fontSize="small"
                  sx={{ color: color ? 'common.white' : 'error.main' }}
                />
              </Tooltip>
            )}
            {item.immediacy_due && (
              <Stack
                direction="row"
                spacing={0.5}
                sx={{ alignItems: 'center' }}
                aria-label="Immediacy countdown"
              >
                <TimerOutlinedIcon fontSize="small" />
                <Typography variant="body2" component="span">
                  <Countdown target={item.immediacy_due} />
                </Typography>
              </Stack>
            )}
          </Stack>
          <Typography variant="body1" sx={{ mb: 0.5 }}>
            {item.job_type}
          </Typography>
          {isCardStatusShown(item) && (
            <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
              {item.status}
            </Typography>
          )}
          <Box sx={{ mb: 1 }}>
            <CaseFlagChips flags={item} isVirtual={item.virtual_product} />
          </Box>
          {isDelegationShown(item) && (
            <Line label="Delegate" value={item.delegated_to ?? caseOverviewTexts.awaitingDelegation} />
          )}
          {teeth && <Line label="Implants" value={teeth} />}
          {!item.cancelled && item.dispatch_due && (
            <Line label="Dispatch due" value={formatDateTime(item.dispatch_due)} />
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
};
