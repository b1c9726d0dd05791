import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { courierRateSchema, newCourierSchema, type CourierAdmin } from '@lab/domain';
import { usePermissionRefusal } from '../../me/hooks/use-permission';
import { useBranches } from '../../reference/api/get-branches';
import { useAddCourier, useCourierAdmin, useSetCourierRate, useUpdateCourier } from '../api/reference-api';

// The couriers (issue 32): who carries the lab's orders, their tracking link, whether New Dispatch still
// offers them, and what each charges from each branch — the freight a dispatch adds to the invoice.

const RateCell = ({
  courier,
  branchId,
  refusal,
}: {
  courier: CourierAdmin;
  branchId: number;
  refusal: string | null;
}) => {
  const saved = courier.rates.find((rate) => rate.branch_id === branchId)?.freight ?? '';
  const [value, setValue] = useState(saved);
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setValue(saved);
  }
  const setRate = useSetCourierRate();
  const freight = value.trim() === '' ? null : value.trim();
  const checked = courierRateSchema.safeParse({ branch_id: branchId, freight });
  const isDirty = value.trim() !== saved;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        value={value}
        placeholder="none"
        onChange={(event) => setValue(event.target.value)}
        error={isDirty && !checked.success}
        slotProps={{
          htmlInput: {
            'aria-label': `Freight of ${courier.name} from branch ${branchId}`,
            inputMode: 'decimal',
          },
        }}
        sx={{ width: 90 }}
      />
      <span title={refusal ?? ''}>
        <Button
          size="small"
          disabled={refusal !== null || !isDirty || !checked.success || setRate.isPending}
          onClick={() => setRate.mutate({ id: courier.id, branch_id: branchId, freight })}
        >
          Save
        </Button>
      </span>
      {setRate.isSuccess && !isDirty && (
        <Typography variant="caption" color="success.main" role="status">
          Saved
        </Typography>
      )}
    </Stack>
  );
};

const AddCourier = ({ refusal }: { refusal: string | null }) => {
  const [draft, setDraft] = useState({ name: '', tracking_url_template: 'https://' });
  const add = useAddCourier();
  const parsed = newCourierSchema.safeParse(draft);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  return (
    <Paper sx={{ p: 2 }}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
        component="form"
        aria-label="Add a courier"
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed.success)
            add.mutate(parsed.data, {
              onSuccess: () => setDraft({ name: '', tracking_url_template: 'https://' }),
            });
        }}
      >
        <TextField
          size="small"
          label="Courier"
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <TextField
          size="small"
          label="Tracking link, with {tracking}"
          value={draft.tracking_url_template}
          onChange={(event) => setDraft({ ...draft, tracking_url_template: event.target.value })}
          sx={{ minWidth: 420 }}
        />
        <span title={refusal ?? problem ?? ''}>
          <Button
            type="submit"
            variant="contained"
            disabled={refusal !== null || problem !== null || add.isPending}
          >
            Add courier
          </Button>
        </span>
      </Stack>
      {add.isSuccess && (
        <Typography role="status" variant="body2" color="success.main" sx={{ mt: 1 }}>
          Courier added: {add.data.name}
        </Typography>
      )}
      {add.isError && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {add.error.message}
        </Typography>
      )}
    </Paper>
  );
};

export const CouriersView = () => {
  const { data: couriers = [] } = useCourierAdmin();
  const { data: branches = [] } = useBranches();
  const refusal = usePermissionRefusal('administer');
  const update = useUpdateCourier();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Accounts · Couriers
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A dispatch by a courier adds its freight from the dispatching branch to the invoice (blank: none).
        Retired couriers are no longer offered by New Dispatch.
      </Typography>
      <AddCourier refusal={refusal} />
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Couriers">
          <TableHead>
            <TableRow>
              <TableCell>Courier</TableCell>
              <TableCell>In use</TableCell>
              {branches.map((branch) => (
                <TableCell key={branch.id}>Freight from {branch.name}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {couriers.map((courier) => (
              <TableRow key={courier.id} data-courier={courier.name}>
                <TableCell>
                  {courier.name}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', wordBreak: 'break-all' }}
                  >
                    {courier.tracking_url_template}
                  </Typography>
                </TableCell>
                <TableCell>
                  <span title={refusal ?? ''}>
                    <Switch
                      checked={courier.is_active}
                      disabled={refusal !== null || update.isPending}
                      onChange={(event) => update.mutate({ id: courier.id, is_active: event.target.checked })}
                      slotProps={{ input: { 'aria-label': `${courier.name} in use` } }}
                    />
                  </span>
                </TableCell>
                {branches.map((branch) => (
                  <TableCell key={branch.id}>
                    <RateCell courier={courier} branchId={branch.id} refusal={refusal} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
};
