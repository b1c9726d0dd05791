import Chip, { type ChipProps } from '@mui/material/Chip';
import type { OutsourceJobStatus } from '@lab/domain';

// The job's shown state (case-workspace §4 'Outsource job status') as the partner sees it.

const colours: Record<OutsourceJobStatus, ChipProps['color']> = {
  Complete: 'success',
  Review: 'info',
  Overdue: 'error',
  'In Progress': 'primary',
  'Not Started': 'default',
  Pending: 'default',
  Canceled: 'default',
};

export const PartnerStatusChip = ({ status }: { status: OutsourceJobStatus }) => (
  <Chip size="small" label={status} color={colours[status]} data-status={status} />
);
