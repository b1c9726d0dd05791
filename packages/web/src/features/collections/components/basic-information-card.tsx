import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { orderingPlatformLabels, referralStatusOf, type Collection, type ReferralStatus } from '@lab/domain';
import { CountryFlag } from '../../../components/country-flag';
import { usePauseAutoRefresh } from '../../../lib/auto-refresh';
import { formatLocalDate } from '../../../lib/date-format';
import { collectionQueryKey } from '../../../lib/query-keys';
import { BasicInformationForm } from './basic-information-form';

type BasicInformationCardProps = {
  collection: Collection;
  isEditing: boolean;
  onEditingChange: (isEditing: boolean) => void;
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div">
      {children}
    </Typography>
  </Box>
);

const ClientLine = ({ client }: { client: Collection['shipping_client'] }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
    <CountryFlag code={client.country} isCodeShown={false} />
    <span>
      {client.name} ({client.id})
    </span>
  </Stack>
);

const referralColours: Record<ReferralStatus, 'success' | 'default' | 'warning'> = {
  Accepted: 'success',
  Canceled: 'default',
  Pending: 'warning',
};

// The referrals that came with this order (collection-views §3 'Referral'), each with its status (§4).
const ReferralLines = ({ referrals }: { referrals: Collection['referrals'] }) =>
  referrals.length === 0 ? (
    'None'
  ) : (
    <Stack spacing={0.75} component="ul" aria-label="Referrals" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {referrals.map((referral) => {
        const status = referralStatusOf(referral);
        return (
          <Stack
            key={`${referral.created_at}-${referral.referree_identification}`}
            component="li"
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <span>
              {referral.referrer_client_name} referred{' '}
              {referral.referree_client_name ?? referral.referree_identification} on{' '}
              {formatLocalDate(referral.created_at)}
            </span>
            <Chip size="small" label={status} color={referralColours[status]} />
          </Stack>
        );
      })}
    </Stack>
  );

/** The collection's basic information: read mode, and an edit mode that pauses the 30 s refresh. */
export const BasicInformationCard = ({
  collection,
  isEditing,
  onEditingChange,
}: BasicInformationCardProps) => {
  const queryClient = useQueryClient();
  usePauseAutoRefresh(isEditing);

  // Spec §4: leaving edit mode reloads the collection (saved or not).
  const handleClose = () => {
    onEditingChange(false);
    void queryClient.invalidateQueries({ queryKey: collectionQueryKey(collection.uid) });
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title="Basic Information"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        action={
          !isEditing && (
            <Button size="small" startIcon={<EditIcon />} onClick={() => onEditingChange(true)}>
              Edit
            </Button>
          )
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        {isEditing ? (
          <BasicInformationForm collection={collection} onClose={handleClose} />
        ) : (
          <Stack spacing={1.25}>
            <Field label="Patient Reference">{collection.patient_reference}</Field>
            <Field label="Status">
              <Chip
                size="small"
                label={collection.active ? 'Active' : 'Archived'}
                color={collection.active ? 'success' : 'default'}
              />
            </Field>
            <Field label="Ordering Platform">{orderingPlatformLabels[collection.ordering_platform]}</Field>
            <Field label="Fulfillment Branch">{collection.fulfillment_branch ?? '—'}</Field>
            <Field label="Shipping Client">
              <ClientLine client={collection.shipping_client} />
            </Field>
            <Field label="Billing Client">
              {collection.billing_client ? (
                <ClientLine client={collection.billing_client} />
              ) : (
                'Shipping client'
              )}
            </Field>
            <Field label="Pricing Kits">
              {collection.pricing_kits.length === 0
                ? 'None'
                : collection.pricing_kits.map((kit) => (
                    <div key={kit.kit_collection_id}>
                      {kit.kit_dentate_name}: {kit.kit_name}
                    </div>
                  ))}
            </Field>
            <Field label="Referrals">
              <ReferralLines referrals={collection.referrals} />
            </Field>
            <Field label="Added">{formatLocalDate(collection.added)}</Field>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
