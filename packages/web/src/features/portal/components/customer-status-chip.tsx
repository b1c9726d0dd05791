import Chip from '@mui/material/Chip';
import { keyframes } from '@mui/material/styles';
import type { CustomerStatus } from '@lab/domain';

// The customer case status chip (collection-views §4): 'Approval Required' pulses in the warning colour
// so it is the first thing a client sees on a phone; everything else sits still.

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(237, 108, 2, 0.55); transform: scale(1); }
  70% { box-shadow: 0 0 0 10px rgba(237, 108, 2, 0); transform: scale(1.04); }
  100% { box-shadow: 0 0 0 0 rgba(237, 108, 2, 0); transform: scale(1); }
`;

export const CustomerStatusChip = ({ status }: { status: CustomerStatus }) => (
  <Chip
    size="small"
    label={status.label}
    color={status.tone}
    data-tone={status.tone}
    data-pulse={status.pulse || undefined}
    sx={{
      fontWeight: 600,
      ...(status.pulse && {
        animation: `${pulse} 1.8s ease-out infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }),
    }}
  />
);
