import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { LazyTooltip } from './lazy-tooltip';

type LoaderButtonProps = {
  isLoading: boolean;
  /** Load failures to list, in the spec's words ('Statuses failed to load', …). */
  errors: readonly string[];
  onRefresh: () => void;
};

const ErrorList = ({ errors }: { errors: readonly string[] }) => (
  <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Load errors">
    {errors.map((error) => (
      <Typography component="li" variant="body2" key={error}>
        {error}
      </Typography>
    ))}
  </Box>
);

/** The app bar's loader: a spinner while loading, else a refresh button; a badge counts load errors. */
export const LoaderButton = ({ isLoading, errors, onRefresh }: LoaderButtonProps) => {
  const title = errors.length > 0 ? <ErrorList errors={errors} /> : isLoading ? 'Loading…' : 'Refresh';
  return (
    <LazyTooltip title={title} arrow>
      <span>
        <IconButton color="inherit" aria-label="Refresh" onClick={onRefresh} disabled={isLoading}>
          <Badge badgeContent={errors.length} color="error" overlap="circular">
            {isLoading ? (
              <CircularProgress color="inherit" size={22} aria-label="Loading" />
            ) : (
              <RefreshIcon />
            )}
          </Badge>
        </IconButton>
      </span>
    </LazyTooltip>
  );
};
