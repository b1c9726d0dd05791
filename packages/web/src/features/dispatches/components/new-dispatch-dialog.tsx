import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import type { Collection } from '@lab/domain';
import { isApiError } from '../../../lib/api-client';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { useCouriers } from '../api/get-couriers';
import { useCreateDispatch } from '../api/create-dispatch';
import {
  dispatchableCases,
  newDispatchDefaults,
  newDispatchFormSchema,
  newDispatchServerFields,
  toggleDispatchCase,
  toNewDispatchBody,
  type AddressValues,
  type NewDispatchValues,
} from '../new-dispatch-form';

export type NewDispatchDialogProps = {
  isOpen: boolean;
  collection: Collection;
  onClose: () => void;
};

/** New Dispatch (collection-views §2 'Dispatches view'): ready cases, courier, tracking, address. */
export const NewDispatchDialog = ({ isOpen, collection, onClose }: NewDispatchDialogProps) => {
  usePauseAutoRefresh(isOpen);
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>New Dispatch</DialogTitle>
      {/* Mounted only while open: each opening starts from the client's address and no case chosen. */}
      {isOpen && <NewDispatchForm collection={collection} onClose={onClose} />}
    </Dialog>
  );
};

const addressFields: { name: keyof AddressValues; label: string; isRequired: boolean; width: number }[] = [
  { name: 'address_line_1', label: 'Address Line 1', isRequired: true, width: 12 },
  { name: 'address_line_2', label: 'Address Line 2', isRequired: false, width: 12 },
  { name: 'suburb', label: 'Suburb', isRequired: true, width: 6 },
  { name: 'state', label: 'State', isRequired: false, width: 6 },
  { name: 'postcode', label: 'Postcode', isRequired: true, width: 6 },
  { name: 'country', label: 'Country', isRequired: true, width: 6 },
];

const resolver = zodResolver(newDispatchFormSchema);

const NewDispatchForm = ({ collection, onClose }: Omit<NewDispatchDialogProps, 'isOpen'>) => {
  const couriers = useCouriers();
  const create = useCreateDispatch(collection.uid);
  const offered = useMemo(() => dispatchableCases(collection.cases), [collection.cases]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewDispatchValues>({ resolver, defaultValues: newDispatchDefaults(collection) });

  const send = async (values: NewDispatchValues) => {
    try {
      await create.mutateAsync(toNewDispatchBody(values));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      for (const [name, message] of Object.entries(fields)) {
        if (newDispatchServerFields.has(name)) setError(name as FieldPath<NewDispatchValues>, { message });
      }
      setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  };

  const isBusy = isSubmitting || create.isPending;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Controller
            control={control}
            name="case_uids"
            render={({ field }) => (
              <FormControl component="fieldset" error={Boolean(errors.case_uids)}>
                <FormLabel component="legend">Cases</FormLabel>
                {offered.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    No case is ready for dispatch.
                  </Typography>
                ) : (
                  <FormGroup>
                    {offered.map((item) => (
                      <FormControlLabel
                        key={item.uid}
                        label={`${item.case_mkey} · ${item.job_type}${item.group_number === null ? '' : ` · Group ${item.group_number}`}`}
                        control={
                          <Checkbox
                            checked={field.value.includes(item.uid)}
                            onChange={() => field.onChange(toggleDispatchCase(field.value, item, offered))}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                )}
                {errors.case_uids && <FormHelperText>{errors.case_uids.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="courier_id"
            render={({ field }) => (
              <TextField
                select
                required
                fullWidth
                size="small"
                label="Courier"
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? null : Number(event.target.value))
                }
                error={Boolean(errors.courier_id)}
                helperText={errors.courier_id?.message}
              >
                {(couriers.data ?? []).map((courier) => (
                  <MenuItem key={courier.id} value={courier.id}>
                    {courier.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="tracking_reference"
            render={({ field }) => (
              <TextField
                required
                fullWidth
                size="small"
                label="Tracking Reference"
                {...field}
                error={Boolean(errors.tracking_reference)}
                helperText={errors.tracking_reference?.message}
              />
            )}
          />
          <FormLabel component="legend">Shipping Address</FormLabel>
          <Grid container spacing={2}>
            {addressFields.map(({ name, label, isRequired, width }) => (
              <Grid key={name} size={{ xs: 12, sm: width }}>
                <Controller
                  control={control}
                  name={`shipping_address.${name}`}
                  render={({ field }) => (
                    <TextField
                      required={isRequired}
                      fullWidth
                      size="small"
                      label={label}
                      {...field}
                      error={Boolean(errors.shipping_address?.[name])}
                      helperText={errors.shipping_address?.[name]?.message}
                    />
                  )}
                />
              </Grid>
            ))}
          </Grid>
          {isBusy && <LinearProgress aria-label="Dispatching" />}
          {errors.root && <Alert severity="error">{errors.root.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={isBusy}>
          Dispatch
        </Button>
      </DialogActions>
    </form>
  );
};
