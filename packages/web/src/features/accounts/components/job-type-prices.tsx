import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { jobTypePriceBodySchema } from '@lab/domain';
import { useSetJobTypePrice } from '../api/reference-api';

// Each job type's default price (charged in AUD or NZD where no price list row beats it), set inline.

type JobTypePrice = { id: number; name: string; price: string | null };

const JobTypeRow = ({ jobType, refusal }: { jobType: JobTypePrice; refusal: string | null }) => {
  const [value, setValue] = useState(jobType.price ?? '');
  // The saved price coming back replaces the field, keeping the "Saved" note.
  const [shown, setShown] = useState(jobType.price);
  if (shown !== jobType.price) {
    setShown(jobType.price);
    setValue(jobType.price ?? '');
  }
  const save = useSetJobTypePrice();
  const parsed = jobTypePriceBodySchema.safeParse({ price: value });
  const isDirty = value !== (jobType.price ?? '');
  return (
    <TableRow data-job-type={jobType.name}>
      <TableCell>{jobType.name}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={isDirty && !parsed.success}
            slotProps={{
              htmlInput: { 'aria-label': `Default price of ${jobType.name}`, inputMode: 'decimal' },
            }}
            sx={{ width: 120 }}
          />
          <span title={refusal ?? ''}>
            <Button
              size="small"
              disabled={refusal !== null || !isDirty || !parsed.success || save.isPending}
              onClick={() => parsed.success && save.mutate({ id: jobType.id, price: parsed.data.price })}
            >
              Save
            </Button>
          </span>
          {save.isSuccess && !isDirty && (
            <Typography variant="caption" color="success.main" role="status">
              Saved
            </Typography>
          )}
          {save.isError && (
            <Typography variant="caption" color="error">
              {save.error.message}
            </Typography>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
};

export const JobTypePrices = ({
  jobTypes,
  refusal,
}: {
  jobTypes: JobTypePrice[];
  refusal: string | null;
}) => (
  <Stack spacing={1}>
    <Typography variant="h6" component="h2">
      Job types’ default prices
    </Typography>
    <TableContainer component={Paper}>
      <Table size="small" aria-label="Job types' default prices">
        <TableHead>
          <TableRow>
            <TableCell>Job type</TableCell>
            <TableCell>Default price</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobTypes.map((jobType) => (
            <JobTypeRow key={jobType.id} jobType={jobType} refusal={refusal} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  </Stack>
);
