import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  orderingPlatformLabels,
  orderingPlatforms,
  type OrderAnswer,
  type OrderingPlatform,
} from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { useJobTypes } from '../../reference/api/get-job-types';
import { useDeskImplantPlatforms, useSubmitDeskOrder } from '../api/desk-order-api';
import { draftToOrder, emptyOrderDraft, type OrderDraft } from '../desk-order-draft';
import { NewOrderClientField } from './new-order-client-field';
import { NewOrderComponents } from './new-order-components';
import { NewOrderFiles } from './new-order-files';

/** Which error fields each part of the draft answers for (the server's keys and the form's). */
const fieldPrefixes: Record<keyof OrderDraft, string> = {
  client: 'client',
  patient_reference: 'patient_reference',
  ordering_platform: 'ordering_platform',
  shade: 'order_form',
  material: 'order_form',
  components: 'cases.',
  files: 'files.',
};

/**
 * The front desk's New Order: an order phoned in, e-mailed or brought with impressions and scans, entered
 * as the platforms send theirs. The order is one call (all of it or nothing); the scans follow, each to
 * its one-time link, with one progress bar. Then it is on the desk's Arrived list, opened for check-in.
 */
export const NewOrderDialog = ({
  branch,
  onClose,
  onCreated,
}: {
  branch: { id: number; name: string } | null;
  onClose: () => void;
  onCreated: (answer: OrderAnswer) => void;
}) => {
  const [draft, setDraft] = useState<OrderDraft>(emptyOrderDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const submit = useSubmitDeskOrder();
  const { data: jobTypes = [] } = useJobTypes();
  const country = draft.client?.country ?? '';
  const { data: platforms = [] } = useDeskImplantPlatforms(branch?.id ?? null, country);
  // A field changed is a field being fixed: its message goes (the next Create order checks it again).
  const set = (patch: Partial<OrderDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    const prefixes = Object.keys(patch).map((key) => fieldPrefixes[key as keyof OrderDraft]);
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([field]) => !prefixes.some((prefix) => field.startsWith(prefix))),
      ),
    );
  };

  const send = () => {
    const result = draftToOrder(draft, branch?.name ?? null);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setProgress(0);
    submit.mutate(
      { order: result.order, files: draft.files.map((f) => f.file), onProgress: setProgress },
      {
        onSuccess: onCreated,
        onError: (error) => {
          setProgress(null);
          if (isApiError(error) && error.fields) setErrors(error.fields);
        },
      },
    );
  };

  return (
    <Dialog open onClose={submit.isPending ? undefined : onClose} fullWidth maxWidth="md">
      <DialogTitle>New order{branch ? ` · ${branch.name}` : ''}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <NewOrderClientField
            value={draft.client}
            onChange={(client) => set({ client })}
            error={errors.client ?? errors['client.client_id']}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label="Patient reference"
              value={draft.patient_reference}
              onChange={(event) => set({ patient_reference: event.target.value })}
              size="small"
              required
              error={errors.patient_reference !== undefined}
              helperText={errors.patient_reference}
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              select
              label="Ordered through"
              value={draft.ordering_platform}
              onChange={(event) => set({ ordering_platform: event.target.value as OrderingPlatform })}
              size="small"
              sx={{ flex: 1 }}
            >
              {orderingPlatforms.map((platform) => (
                <MenuItem key={platform} value={platform}>
                  {orderingPlatformLabels[platform]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label="Shade"
              placeholder="A2"
              value={draft.shade}
              onChange={(event) => set({ shade: event.target.value })}
              size="small"
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
            <TextField
              label="Material"
              placeholder="Zirconia"
              value={draft.material}
              onChange={(event) => set({ material: event.target.value })}
              size="small"
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
          </Stack>
          <NewOrderComponents
            components={draft.components}
            onChange={(components) =>
              set({
                components,
                // A file of a component no longer there goes with the whole order.
                files: draft.files.map((f) =>
                  f.component !== null && f.component >= components.length ? { ...f, component: null } : f,
                ),
              })
            }
            jobTypes={jobTypes}
            platforms={platforms}
            platformsHint={country === '' ? 'Choose the client first' : null}
            errors={errors}
          />
          <NewOrderFiles
            files={draft.files}
            componentCount={draft.components.length}
            onChange={(files) => set({ files })}
            errors={errors}
          />
          {progress !== null && (
            <Stack spacing={0.5}>
              <Typography variant="body2">
                {progress < 1 ? 'Sending the order and its scans…' : 'Sent'}
              </Typography>
              <LinearProgress variant="determinate" value={Math.round(progress * 100)} />
            </Stack>
          )}
          {submit.error && (
            <Typography color="error" role="alert">
              {submit.error.message}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submit.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={send} disabled={submit.isPending}>
          Create order
        </Button>
      </DialogActions>
    </Dialog>
  );
};
