import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { orderingPlatformLabels, type CheckInRow } from '@lab/domain';
import { collectionPageUrl } from '../../../lib/navigation';
import { useCheckIn, usePreflight } from '../api/checkin-api';
import { PreflightChecks } from './preflight-report';
import { RequestInformationForm } from './request-information-form';

/**
 * One case at the desk: its pre-flight report, and Check in. While a check blocks, Check in needs the
 * reason the lab goes ahead anyway (kept in the case's history).
 */
export const CheckInPanel = ({ row, refusal }: { row: CheckInRow; refusal: string | null }) => {
  const { data: report, isPending } = usePreflight(row);
  const checkIn = useCheckIn();
  const [reason, setReason] = useState('');
  const [isRequesting, setIsRequesting] = useState(false);
  const blocks = report?.checks.filter((c) => c.severity === 'block').length ?? 0;
  const isCheckedIn = row.date_checked_in !== null;
  const needsReason = blocks > 0 && reason.trim() === '';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={`Pre-flight of ${row.case_mkey}`}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {row.case_mkey} · {row.job_type}
          </Typography>
          <Link
            href={collectionPageUrl({ uid: row.collection_uid, cuid: row.case_uid })}
            target="_blank"
            rel="noopener"
          >
            Open the case
          </Link>
        </Stack>
        <Typography color="text.secondary">
          {row.patient_reference} · {row.client_name} · ordered through{' '}
          {orderingPlatformLabels[row.ordering_platform]}
        </Typography>
        {isPending || !report ? (
          <CircularProgress size={24} aria-label="Checking the order" />
        ) : (
          <PreflightChecks report={report} />
        )}
        {!isCheckedIn && (
          <>
            {blocks > 0 && (
              <TextField
                label="Reason to check in anyway"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                helperText="Kept in the case's history with the checks it passes over"
                size="small"
                multiline
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            )}
            {checkIn.error && <Typography color="error">{checkIn.error.message}</Typography>}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button
                variant="contained"
                sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                disabled={refusal !== null || !report || needsReason || checkIn.isPending}
                onClick={() =>
                  checkIn.mutate({ caseUid: row.case_uid, overrideReason: reason.trim() || undefined })
                }
              >
                Check in
              </Button>
              {report && report.checks.length > 0 && !isRequesting && (
                <Button variant="outlined" disabled={refusal !== null} onClick={() => setIsRequesting(true)}>
                  Request missing information
                </Button>
              )}
              {refusal && <Typography color="text.secondary">{refusal}</Typography>}
              {!refusal && needsReason && (
                <Typography color="text.secondary">
                  Give the reason to check in past the blocking checks
                </Typography>
              )}
            </Stack>
          </>
        )}
        {isRequesting && report && (
          <RequestInformationForm
            caseUid={row.case_uid}
            report={report}
            onDone={() => setIsRequesting(false)}
          />
        )}
        {checkIn.isSuccess && (
          <Typography color="success.main">Checked in: the case is with Design.</Typography>
        )}
      </Stack>
    </Paper>
  );
};
