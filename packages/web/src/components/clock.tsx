import Typography from '@mui/material/Typography';
import { formatClock } from '../lib/date-format';
import { useNow } from '../lib/use-now';

/** The footer clock, ticking every second in the viewer's zone. */
export const Clock = () => {
  const now = useNow(1000);
  return (
    <Typography
      component="time"
      variant="body2"
      dateTime={new Date(now).toISOString()}
      sx={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatClock(new Date(now))}
    </Typography>
  );
};
