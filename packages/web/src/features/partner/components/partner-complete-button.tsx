import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useState } from 'react';
import { partnerTexts, type PartnerJob } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { keyLinkErrorText } from '../../../lib/key-link-fetch';
import { useCompletePartnerJob } from '../api/complete-partner-job';

// 'Mark job completed' after 'Are you sure?'; once marked, the job waits for the lab's review. An ended
// job offers nothing (its status chip says Complete).

type PartnerCompleteButtonProps = { outsourceKey: string; job: PartnerJob };

export const PartnerCompleteButton = ({ outsourceKey, job }: PartnerCompleteButtonProps) => {
  const complete = useCompletePartnerJob(outsourceKey);
  const [isConfirming, setIsConfirming] = useState(false);

  if (job.ended) return null;
  if (job.marked_as_completed) {
    return (
      <Chip
        icon={<CheckCircleIcon />}
        color="success"
        variant="outlined"
        label={partnerTexts.completedAwaitingReview}
      />
    );
  }

  const handleConfirm = () =>
    complete.mutate(undefined, {
      onSettled: () => setIsConfirming(false),
    });

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {complete.isError && <Alert severity="error">{keyLinkErrorText(complete.error)}</Alert>}
      <Button
        variant="contained"
        color="success"
        startIcon={<DoneAllIcon />}
        onClick={() => setIsConfirming(true)}
        disabled={complete.isPending}
      >
        {partnerTexts.markCompleted}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={partnerTexts.confirmComplete}
        message={partnerTexts.confirmCompleteText}
        confirmLabel={partnerTexts.markCompleted}
        isBusy={complete.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setIsConfirming(false)}
      />
    </Stack>
  );
};
