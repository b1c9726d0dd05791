import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { forTheClinic, type PreflightReport } from '@lab/domain';
import { useRequestInformation } from '../api/checkin-api';

/**
 * Request missing information: the checks to ask the clinic about (the blocking ones chosen to begin
 * with) and a note. The clinic gets it in the case portal and by e-mail, and answers there.
 */
export const RequestInformationForm = ({
  caseUid,
  report,
  onDone,
}: {
  caseUid: string;
  report: PreflightReport;
  onDone: () => void;
}) => {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(
    () => new Set(report.checks.flatMap((check, index) => (check.severity === 'block' ? [index] : []))),
  );
  const [note, setNote] = useState('');
  const send = useRequestInformation();
  const toggle = (index: number) =>
    setChosen((before) => {
      const after = new Set(before);
      if (!after.delete(index)) after.add(index);
      return after;
    });
  // The clinic reads the checks without the lab's own advice to ask it.
  const checks = report.checks
    .filter((_, index) => chosen.has(index))
    .map((check) => forTheClinic(check.message));
  if (send.isSuccess) {
    return (
      <Typography color="success.main">
        Sent to the clinic: they see it in their case portal and by e-mail.
      </Typography>
    );
  }
  return (
    <Stack
      spacing={1}
      component="form"
      aria-label="Request missing information"
      onSubmit={(event) => event.preventDefault()}
    >
      <Typography variant="subtitle2">Ask the clinic for</Typography>
      {report.checks.map((check, index) => (
        <FormControlLabel
          key={`${check.code}-${index}`}
          control={<Checkbox checked={chosen.has(index)} onChange={() => toggle(index)} />}
          label={check.message}
        />
      ))}
      <TextField
        label="Note to the clinic"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        size="small"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {send.error && <Typography color="error">{send.error.message}</Typography>}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={checks.length === 0 || note.trim() === '' || send.isPending}
          onClick={() => send.mutate({ caseUid, request: { checks, note: note.trim() } })}
        >
          Send request
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </Stack>
  );
};
