import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import {
  basicInformationSchema,
  collectionConfirmTexts,
  orderingPlatformLabels,
  orderingPlatforms,
  type BasicInformation,
  type ClientRef,
  type Collection,
} from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { useReferenceData } from '../../reference/hooks/use-reference-data';
import { useUpdateBasicInformation } from '../api/update-basic-information';
import {
  basicInformationValuesOf,
  isBranchChangeWarned,
  type BasicInformationValues,
} from '../basic-information-values';
import { ClientPicker } from './client-picker';
import { IdSelectField } from './id-select-field';
import { PricingKitsFields } from './pricing-kits-fields';

const formFields = new Set<string>([
  'patient_reference',
  'ordering_platform',
  'fulfillment_branch_id',
  'shipping_client_uid',
  'billing_client_uid',
  'pricing_kits',
]);

type BasicInformationFormProps = {
  collection: Collection;
  /** Edit mode ends: saved or cancelled. */
  onClose: () => void;
};

/** Edit mode of the Basic Information card (spec §5), saved with PATCH /api/v2/collection/{uid}/. */
export const BasicInformationForm = ({ collection, onClose }: BasicInformationFormProps) => {
  const { branches, kits } = useReferenceData();
  const save = useUpdateBasicInformation(collection.uid);
  const [shippingClient, setShippingClient] = useState<ClientRef | null>(collection.shipping_client);
  const [billingClient, setBillingClient] = useState<ClientRef | null>(collection.billing_client);
  const [isBranchWarningOpen, setIsBranchWarningOpen] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BasicInformationValues, unknown, BasicInformation>({
    resolver: zodResolver(basicInformationSchema),
    defaultValues: basicInformationValuesOf(collection),
  });

  const handleValid = async (values: BasicInformation) => {
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      for (const [name, message] of Object.entries(fields)) {
        if (formFields.has(name.split('.')[0] ?? '')) {
          setError(name as FieldPath<BasicInformationValues>, { message });
        }
      }
      setError('root', { message: error instanceof Error ? error.message : String(error) });
    }
  };

  const handleShippingClient = (client: ClientRef | null) => {
    setShippingClient(client);
    setValue('shipping_client_uid', client?.uid ?? '', {
      shouldValidate: Boolean(errors.shipping_client_uid),
    });
  };
  const handleBillingClient = (client: ClientRef | null) => {
    setBillingClient(client);
    setValue('billing_client_uid', client?.uid ?? null);
  };
  // Spec §5: cancelling the WARNING restores the branch the collection had.
  const handleBranchWarningCancel = () => {
    setValue('fulfillment_branch_id', collection.fulfillment_branch_id);
    setIsBranchWarningOpen(false);
  };

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => void handleSubmit(handleValid)(event)}
    >
      <TextField
        label="Patient Reference"
        size="small"
        required
        {...register('patient_reference')}
        error={Boolean(errors.patient_reference)}
        helperText={errors.patient_reference?.message}
      />
      <Controller
        control={control}
        name="ordering_platform"
        render={({ field }) => (
          <TextField
            select
            label="Ordering Platform"
            size="small"
            required
            {...field}
            error={Boolean(errors.ordering_platform)}
            helperText={errors.ordering_platform?.message}
          >
            {orderingPlatforms.map((platform) => (
              <MenuItem key={platform} value={platform}>
                {orderingPlatformLabels[platform]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="fulfillment_branch_id"
        render={({ field }) => (
          <IdSelectField
            field={{
              ...field,
              onChange: (next) => {
                field.onChange(next);
                if (isBranchChangeWarned(collection.fulfillment_branch_id, next))
                  setIsBranchWarningOpen(true);
              },
            }}
            label="Fulfillment Branch"
            isRequired
            error={errors.fulfillment_branch_id?.message}
          >
            {branches.map((branch) => (
              <MenuItem key={branch.id} value={branch.id}>
                {branch.name}
              </MenuItem>
            ))}
          </IdSelectField>
        )}
      />
      <ClientPicker
        label="Shipping Client *"
        value={shippingClient}
        onChange={handleShippingClient}
        error={errors.shipping_client_uid?.message}
      />
      <ClientPicker
        label="Billing Client"
        value={billingClient}
        onChange={handleBillingClient}
        error={errors.billing_client_uid?.message}
        hint="Leave empty when the shipping client pays"
      />
      <PricingKitsFields control={control} errors={errors} kits={kits} />
      {errors.root?.message && <Alert severity="error">{errors.root.message}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          Save
        </Button>
      </Stack>
      <ConfirmDialog
        isOpen={isBranchWarningOpen}
        title={collectionConfirmTexts.branchChangeTitle}
        message={collectionConfirmTexts.branchChange}
        onConfirm={() => setIsBranchWarningOpen(false)}
        onCancel={handleBranchWarningCancel}
      />
    </Stack>
  );
};
