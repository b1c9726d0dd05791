import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { defaultProjectMinutes, type CalendarMachine, type WorkQueueCase } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { useCreateMachineProject } from '../api/create-machine-project';
import { localDateText } from './week';

type NewProjectDialogProps = {
  isOpen: boolean;
  machines: readonly CalendarMachine[];
  cases: readonly WorkQueueCase[];
  onClose: () => void;
  onCreated: () => void;
};

const nextHalfHour = (): string => {
  const at = new Date(Date.now() + 30 * 60_000);
  at.setMinutes(at.getMinutes() < 30 ? 30 : 60, 0, 0);
  return `${localDateText(at)}T${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

/** Programming: a Pending project on a machine, from the production cases picked in the queue. */
export const NewProjectDialog = ({ isOpen, machines, cases, onClose, onCreated }: NewProjectDialogProps) => {
  const [name, setName] = useState('');
  const [machineId, setMachineId] = useState('');
  const [start, setStart] = useState(nextHalfHour);
  const [minutes, setMinutes] = useState(String(defaultProjectMinutes));
  const mutation = useCreateMachineProject();
  const fields = isApiError(mutation.error) ? (mutation.error.fields ?? {}) : {};
  const formError = mutation.error && Object.keys(fields).length === 0 ? mutation.error.message : null;

  const handleSubmit = () => {
    const startDate = new Date(start);
    mutation.mutate(
      {
        name,
        machine_id: Number(machineId),
        start_time: Number.isNaN(startDate.getTime()) ? start : startDate.toISOString(),
        duration_minutes: Number(minutes),
        case_ids: cases.map((c) => c.case_id),
      },
      {
        onSuccess: () => {
          setName('');
          onCreated();
        },
      },
    );
  };

  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>New Project</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {cases.map((c) => c.case_mkey).join(', ')}
          </Typography>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(fields['name'])}
            helperText={fields['name']}
            required
            autoFocus
          />
          <TextField
            select
            label="Machine"
            value={machineId}
            onChange={(event) => setMachineId(event.target.value)}
            error={Boolean(fields['machine_id'])}
            helperText={fields['machine_id']}
            required
          >
            {machines.map((machine) => (
              <MenuItem key={machine.id} value={String(machine.id)}>
                {machine.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Start"
            type="datetime-local"
            value={start}
            onChange={(event) => setStart(event.target.value)}
            error={Boolean(fields['start_time'])}
            helperText={fields['start_time'] ?? 'Rounded to 5 minutes'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
          />
          <TextField
            label="Minutes"
            type="number"
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
            error={Boolean(fields['duration_minutes'])}
            helperText={fields['duration_minutes']}
            slotProps={{ htmlInput: { min: 5, max: 1440, step: 5 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={handleSubmit}
          disabled={mutation.isPending || cases.length === 0}
        >
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
};
