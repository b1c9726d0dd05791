import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { CollectionCase } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Countdown } from '../../../components/countdown';
import { formatScheduleTime } from '../../../components/schedule-panel/schedule-format';
import { useChangeImmediacy } from '../api/change-immediacy';

const millisPerHour = 3_600_000;

/** The hours typed, or null unless they are a positive number (the Start button needs them). */
export const readImmediacyHours = (text: string): number | null => {
  if (text.trim() === '') return null;
  const hours = Number(text);
  return Number.isFinite(hours) && hours > 0 ? hours : null;
};

type ImmediacyCardProps = { collectionUid: string; caseItem: CollectionCase };

/**
 * Spec §4 'Immediacy': off when immediacy_due is empty (start it with a number of hours), on when set
 * (a countdown, and End). Both ask for confirmation first.
 */
export const ImmediacyCard = ({ collectionUid, caseItem }: ImmediacyCardProps) => {
  const [hoursText, setHoursText] = useState('');
  const [confirming, setConfirming] = useState<'start' | 'end' | null>(null);
  const { mutate, isPending, error, reset } = useChangeImmediacy(collectionUid);
  const hours = readImmediacyHours(hoursText);
  const due = caseItem.immediacy_due;

  const handleConfirm = () => {
    if (confirming === 'start' && hours !== null) {
      // The due time is taken when the user confirms, not when the hours were typed.
      const immediacyDue = new Date(Date.now() + hours * millisPerHour).toISOString();
      mutate(
        { caseId: caseItem.case_id, action: { action: 'start_immediacy', immediacy_due: immediacyDue } },
        {
          onSuccess: () => setHoursText(''),
          onSettled: () => setConfirming(null),
        },
      );
    } else if (confirming === 'end') {
      mutate(
        { caseId: caseItem.case_id, action: { action: 'end_immediacy' } },
        { onSettled: () => setConfirming(null) },
      );
    }
  };

  const handleAsk = (next: 'start' | 'end') => {
    reset();
    setConfirming(next);
  };

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title="Immediacy" slotProps={{ title: { variant: 'h6' } }} />
      <CardContent>
        <Stack spacing={2}>
          {due ? (
            <>
              <Typography variant="h4" component="div" aria-label="Immediacy countdown">
                <Countdown target={due} />
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Due {formatScheduleTime(due)}
              </Typography>
              <Button
                variant="outlined"
                color="error"
                onClick={() => handleAsk('end')}
                sx={{ alignSelf: 'flex-start' }}
              >
                End
              </Button>
            </>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Hours"
                type="number"
                size="small"
                value={hoursText}
                onChange={(event) => setHoursText(event.target.value)}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
                sx={{ width: 120 }}
              />
              <Button variant="contained" disabled={hours === null} onClick={() => handleAsk('start')}>
                Start
              </Button>
            </Stack>
          )}
          {error && <Alert severity="error">{error.message}</Alert>}
        </Stack>
      </CardContent>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={confirming === 'end' ? 'End Immediacy' : 'Start Immediacy'}
        message={
          confirming === 'end'
            ? 'Are you sure you want to end the immediacy?'
            : `Are you sure you want to start an immediacy of ${hours ?? 0} hours?`
        }
        isBusy={isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
};
