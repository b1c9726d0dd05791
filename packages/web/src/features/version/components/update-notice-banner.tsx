import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatCountdown } from '@lab/domain';
import { useVersion } from '../hooks/use-version';
import { useUpdateNotice } from '../hooks/use-update-notice';

/** The update-available notice: polls the version and, once a new one is live, counts down to a reload. */
export const UpdateNoticeBanner = () => {
  const { data: version, dataUpdatedAt } = useVersion();
  const notice = useUpdateNotice(version, dataUpdatedAt);
  if (notice.kind !== 'countdown') return null;
  return (
    <Alert
      severity="info"
      variant="filled"
      role="status"
      sx={{ borderRadius: 0, py: 0 }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          Reload now
        </Button>
      }
    >
      A new version is available. This page will reload in {formatCountdown(notice.millisecondsLeft)}.
    </Alert>
  );
};
