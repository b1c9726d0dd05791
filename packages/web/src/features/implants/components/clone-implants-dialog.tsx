import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { findCloneSources, implantCloneTexts, type Collection, type CollectionCase } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useCloneImplants } from '../api/clone-implants';

type CloneImplantsDialogProps = {
  collection: Collection;
  caseItem: CollectionCase;
  hasImplants: boolean;
  onClose: () => void;
};

/** Copies another component's implants onto this one, after confirming the current ones go. */
export const CloneImplantsDialog = ({
  collection,
  caseItem,
  hasImplants,
  onClose,
}: CloneImplantsDialogProps) => {
  usePauseAutoRefresh(true);
  const sources = findCloneSources(collection.cases, caseItem.uid);
  const [sourceUid, setSourceUid] = useState<string>('');
  const [isConfirming, setIsConfirming] = useState(false);
  const clone = useCloneImplants(collection.uid, caseItem);
  const source = sources.find((item) => item.uid === sourceUid);

  const runClone = () => {
    if (!source) return;
    clone.mutate(source.case_id, { onSuccess: onClose, onSettled: () => setIsConfirming(false) });
  };
  const handleClone = () => {
    if (hasImplants) setIsConfirming(true);
    else runClone();
  };

  return (
    <>
      <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="clone-implants-title">
        <DialogTitle id="clone-implants-title">{implantCloneTexts.title}</DialogTitle>
        <DialogContent>
          {sources.length === 0 ? (
            <Typography>{implantCloneTexts.noSources}</Typography>
          ) : (
            <TextField
              select
              fullWidth
              sx={{ mt: 1 }}
              label="Clone from"
              value={sourceUid}
              onChange={(event) => setSourceUid(event.target.value)}
            >
              {sources.map((item) => (
                <MenuItem key={item.uid} value={item.uid}>
                  {item.case_mkey} — {item.job_type} ({item.implants.length} implant
                  {item.implants.length === 1 ? '' : 's'})
                </MenuItem>
              ))}
            </TextField>
          )}
          {clone.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {isApiError(clone.error) ? clone.error.message : 'The implants could not be cloned'}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={clone.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={handleClone} disabled={!source || clone.isPending}>
            Clone
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        isOpen={isConfirming}
        title={implantCloneTexts.confirmTitle}
        message={implantCloneTexts.confirmReplace}
        isBusy={clone.isPending}
        onConfirm={runClone}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
};
