import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { approvalStatusOf, type ApprovalStatus, type CollectionApproval } from '@lab/domain';
import { DateTimeText } from '../../../components/date-time-text';
import { useNow } from '../../../lib/use-now';

const statusColours: Record<ApprovalStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  Cancelled: 'default',
  Approved: 'success',
  'Changes Requested': 'info',
  Pending: 'warning',
  Overdue: 'error',
};

type ApprovalEventCardProps = { approval: CollectionApproval; label: string };

/** An approval request in the timeline: an event of the lab's, centred like the staff notes. */
export const ApprovalEventCard = ({ approval, label }: ApprovalEventCardProps) => {
  const now = useNow(60_000);
  const status = approvalStatusOf(approval, new Date(now));
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper
        variant="outlined"
        sx={{ px: 1.5, py: 1, maxWidth: '75%', borderStyle: 'dashed' }}
        aria-label={`Approval request ${label}`}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FactCheckOutlinedIcon fontSize="small" color="action" />
          <Typography variant="subtitle2" component="span">
            Approval request
          </Typography>
          <Typography variant="body2" component="span">
            {label}
          </Typography>
          <Chip size="small" label={status} color={statusColours[status]} />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="div">
          {approval.created_by ?? 'System'} · <DateTimeText iso={approval.created_at} /> · due{' '}
          <DateTimeText iso={approval.approval_due_at} />
        </Typography>
        {approval.changes && (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
            {approval.changes}
          </Typography>
        )}
      </Paper>
    </Box>
  );
};
