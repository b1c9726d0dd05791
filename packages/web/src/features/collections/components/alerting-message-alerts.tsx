import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CollectionCase } from '@lab/domain';

type AlertingMessageAlertsProps = {
  cases: readonly CollectionCase[];
  onOpenCase: (caseUid: string) => void;
};

/**
 * One alert per case with an unresolved ALERTING_MESSAGE. The messages themselves arrive with the
 * messages view; until then the alert names the case and opens it.
 */
export const AlertingMessageAlerts = ({ cases, onOpenCase }: AlertingMessageAlertsProps) => {
  const alerting = cases.filter((item) => item.has_unresolved_alert);
  if (alerting.length === 0) return null;
  return (
    <Stack spacing={1}>
      {alerting.map((item) => (
        <Alert
          key={item.uid}
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => onOpenCase(item.uid)}>
              Open
            </Button>
          }
        >
          <AlertTitle>Alerting Message</AlertTitle>
          {item.case_mkey} {item.job_type} has an unresolved alerting message.
        </Alert>
      ))}
    </Stack>
  );
};
