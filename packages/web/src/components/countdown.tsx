import Typography from '@mui/material/Typography';
import { formatCountdown } from '@lab/domain';
import { useNow } from '../lib/use-now';

type CountdownProps = {
  /** The due time: an ISO timestamp, epoch milliseconds or a Date. */
  target: string | number | Date;
};

/** hours:minutes:seconds to `target`, updated every second, negative (and red) once past due. */
export const Countdown = ({ target }: CountdownProps) => {
  const now = useNow(1000);
  const millisecondsLeft = new Date(target).getTime() - now;
  return (
    <Typography
      component="span"
      variant="inherit"
      sx={{ fontVariantNumeric: 'tabular-nums', color: millisecondsLeft < 0 ? 'error.main' : 'inherit' }}
    >
      {formatCountdown(millisecondsLeft)}
    </Typography>
  );
};
