import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { caseActionMessages, statusParents, type CollectionCase, type Status } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useCaseAction } from '../api/post-case-action';
import { findDepartmentForStatus } from '../case-header-rules';

type ProgressDialogProps = {
  collectionUid: string;
  caseItem: CollectionCase;
  isOpen: boolean;
  onClose: () => void;
};

const machineProjectActiveCode = 'machine_project_active';

const listStatusOptions = (statuses: readonly Status[]) =>
  statusParents.flatMap((parent) => {
    const children = statuses.filter((status) => status.parent_name === parent);
    if (children.length === 0) return [];
    return [
      <ListSubheader key={`parent-${parent}`}>{parent}</ListSubheader>,
      ...children.map((status) => (
        <MenuItem key={status.id} value={String(status.id)}>
          {status.name}
        </MenuItem>
      )),
    ];
  });

/** Progress Case: a new status, its department shown; leaving production asks first (spec §4 'Progress'). */
export const ProgressDialog = ({ collectionUid, caseItem, isOpen, onClose }: ProgressDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  const { statuses } = useReferenceData();
  const caseAction = useCaseAction(collectionUid);
  const [statusId, setStatusId] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);

  const status = statuses.find((item) => String(item.id) === statusId);
  const department = findDepartmentForStatus(status);
  const statusError = isSubmitted && !status ? caseActionMessages.mustBeSelected : '';
  const error = caseAction.error;
  const isRemovalAsked = isApiError(error) && error.code === machineProjectActiveCode;

  const handleClose = () => {
    setStatusId('');
    setIsSubmitted(false);
    setIsConfirmingRemoval(false);
    caseAction.reset();
    onClose();
  };

  const send = (isForced: boolean) => {
    if (!status) return;
    caseAction.mutate(
      {
        caseId: caseItem.case_id,
        action: {
          action: 'edit_case',
          case: { status_id: status.id },
          ...(isForced ? { forceUpdateStatus: true } : {}),
        },
      },
      {
        onSuccess: handleClose,
        onError: (failure) => {
          if (isApiError(failure) && failure.code === machineProjectActiveCode) setIsConfirmingRemoval(true);
        },
      },
    );
  };

  const handleSubmit = () => {
    setIsSubmitted(true);
    send(false);
  };

  return (
    <>
      <Dialog open={isOpen} onClose={handleClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Progress Case {caseItem.case_mkey}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Current status: {caseItem.status}
          </Typography>
          <TextField
            select
            fullWidth
            label="Status"
            value={statusId}
            onChange={(event) => setStatusId(event.target.value)}
            error={statusError !== ''}
            helperText={statusError || ' '}
          >
            {listStatusOptions(statuses)}
          </TextField>
          <TextField
            fullWidth
            label="Department"
            value={department ?? ''}
            slotProps={{ input: { readOnly: true } }}
            sx={{ mt: 1 }}
          />
          {error && !isRemovalAsked && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} disabled={caseAction.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={handleSubmit} disabled={caseAction.isPending}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        isOpen={isConfirmingRemoval}
        title="Remove from production"
        message={caseActionMessages.machineProjectActive}
        isBusy={caseAction.isPending}
        onConfirm={() => send(true)}
        onCancel={() => {
          setIsConfirmingRemoval(false);
          caseAction.reset();
        }}
      />
    </>
  );
};
