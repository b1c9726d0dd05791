import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { outsourceMessages } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useEndOutsource } from '../api/end-outsource';

type EndOutsourceButtonProps = {
  collectionUid: string;
  caseId: number;
  outsourceId: number;
};

/** End (a started job) or cancel (a preemptive one), after 'Are you sure?'. */
export const EndOutsourceButton = ({ collectionUid, caseId, outsourceId }: EndOutsourceButtonProps) => {
  const end = useEndOutsource(collectionUid, caseId);
  const [isConfirming, setIsConfirming] = useState(false);

  const handleConfirm = () => {
    end.mutate({ outsource_id: outsourceId }, { onSettled: () => setIsConfirming(false) });
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {end.isError && (
        <Typography variant="body2" color="error" role="alert">
          {end.error.message}
        </Typography>
      )}
      <Button variant="outlined" color="error" size="small" onClick={() => setIsConfirming(true)}>
        End
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title="End Outsource Job"
        message={outsourceMessages.endConfirm}
        isBusy={end.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setIsConfirming(false)}
      />
    </Stack>
  );
};
