import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import {
  redoChargeLabels,
  redoCharges,
  redoReasonCodes,
  redoReasons,
  redoTypeLabels,
  redoTypes,
  type CollectionCase,
} from '@lab/domain';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useCaseAction } from '../api/post-case-action';
import { blankRedoDraft, readRedoDraft, type RedoDraft } from '../redo-rules';

type RedoDialogProps = {
  collectionUid: string;
  caseItem: CollectionCase;
  isOpen: boolean;
  onClose: () => void;
  /** The new redo case was created: the drawer shows it. */
  onCreated: (caseUid: string) => void;
};

/** Redo Case: creates the redo in the collection and opens it. */
export const RedoDialog = ({ collectionUid, caseItem, isOpen, onClose, onCreated }: RedoDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  const caseAction = useCaseAction(collectionUid);
  const [draft, setDraft] = useState<RedoDraft>(blankRedoDraft);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const { request, errors } = readRedoDraft(draft);
  const shownErrors = isSubmitted ? errors : {};

  const handleClose = () => {
    setDraft(blankRedoDraft);
    setIsSubmitted(false);
    caseAction.reset();
    onClose();
  };

  const handleSubmit = () => {
    setIsSubmitted(true);
    if (!request) return;
    caseAction.mutate(
      { caseId: caseItem.case_id, action: { action: 'redo_case', redo: request } },
      {
        onSuccess: (created) => {
          handleClose();
          onCreated(created.uid);
        },
      },
    );
  };

  const update = (patch: Partial<RedoDraft>) => setDraft((current) => ({ ...current, ...patch }));

  return (
    <Dialog open={isOpen} onClose={handleClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Redo Case {caseItem.case_mkey}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl error={Boolean(shownErrors.redo)}>
            <FormLabel>Redo type</FormLabel>
            <RadioGroup row value={draft.redo} onChange={(event) => update({ redo: event.target.value })}>
              {redoTypes.map((type) => (
                <FormControlLabel key={type} value={type} control={<Radio />} label={redoTypeLabels[type]} />
              ))}
            </RadioGroup>
            {shownErrors.redo && <FormHelperText>{shownErrors.redo}</FormHelperText>}
          </FormControl>
          <TextField
            select
            label="Reason"
            value={draft.reason}
            onChange={(event) => update({ reason: event.target.value })}
            error={Boolean(shownErrors.reason)}
            helperText={shownErrors.reason}
          >
            {redoReasonCodes.map((code) => (
              <MenuItem key={code} value={code}>
                {redoReasons[code]}
              </MenuItem>
            ))}
          </TextField>
          <FormControl error={Boolean(shownErrors.charge)}>
            <FormLabel>Charge</FormLabel>
            <RadioGroup row value={draft.charge} onChange={(event) => update({ charge: event.target.value })}>
              {redoCharges.map((charge) => (
                <FormControlLabel
                  key={charge}
                  value={charge}
                  control={<Radio />}
                  label={redoChargeLabels[charge]}
                />
              ))}
            </RadioGroup>
            {shownErrors.charge && <FormHelperText>{shownErrors.charge}</FormHelperText>}
          </FormControl>
          {draft.charge === 'discount' && (
            <TextField
              label="Discount (%)"
              type="number"
              value={draft.discount}
              onChange={(event) => update({ discount: event.target.value })}
              error={Boolean(shownErrors.discount)}
              helperText={shownErrors.discount}
              slotProps={{ htmlInput: { min: 1, max: 100 } }}
            />
          )}
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.isNewScrews}
                onChange={(event) => update({ isNewScrews: event.target.checked })}
              />
            }
            label="New screws required"
          />
          {caseAction.error && <Alert severity="error">{caseAction.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} disabled={caseAction.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={handleSubmit} disabled={caseAction.isPending}>
          Create Redo
        </Button>
      </DialogActions>
    </Dialog>
  );
};
