import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { collectionConfirmTexts, type Collection } from '@lab/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToggleCollectionFlag } from '../api/toggle-collection-flag';

const binLocationText = (collection: Collection): string => {
  if (collection.bin_location) {
    return collection.bin_location_branch
      ? `${collection.bin_location} (${collection.bin_location_branch})`
      : collection.bin_location;
  }
  return collection.location_required ? 'Awaiting allocation' : 'Not allocated';
};

/** VIP and case location toggles (spec §4 'Collection'); the location asks first. */
export const CollectionFlagsCard = ({ collection }: { collection: Collection }) => {
  const toggle = useToggleCollectionFlag(collection.uid);
  const [isLocationConfirmOpen, setIsLocationConfirmOpen] = useState(false);

  const handleLocationConfirm = () => {
    toggle.mutate('toggle_location', { onSettled: () => setIsLocationConfirmOpen(false) });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={0.5}>
          <FormControlLabel
            label="VIP"
            control={
              <Switch
                checked={collection.vip}
                disabled={toggle.isPending}
                onChange={() => toggle.mutate('toggle_vip')}
              />
            }
          />
          <FormControlLabel
            label="Case Location"
            control={
              <Switch
                checked={collection.location_required}
                disabled={toggle.isPending}
                onChange={() => setIsLocationConfirmOpen(true)}
              />
            }
          />
          <Typography variant="body2" color="text.secondary">
            Bin Location: <strong>{binLocationText(collection)}</strong>
          </Typography>
          {toggle.isError && <Alert severity="error">{toggle.error.message}</Alert>}
        </Stack>
      </CardContent>
      <ConfirmDialog
        isOpen={isLocationConfirmOpen}
        title="Case Location"
        message={
          collection.location_required
            ? collectionConfirmTexts.unallocateLocation
            : collectionConfirmTexts.allocateLocation
        }
        isBusy={toggle.isPending}
        onConfirm={handleLocationConfirm}
        onCancel={() => setIsLocationConfirmOpen(false)}
      />
    </Card>
  );
};
