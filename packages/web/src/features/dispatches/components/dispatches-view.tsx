import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useState } from 'react';
import { dispatchMessages, type Collection } from '@lab/domain';
import { DispatchList } from './dispatch-list';
import { NewDispatchDialog } from './new-dispatch-dialog';

/** The collection's Dispatches view (collection-views §2): New Dispatch, then every dispatch. */
export const DispatchesView = ({ collection }: { collection: Collection }) => {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Dispatches
        </Typography>
        <Button
          variant="contained"
          startIcon={<LocalShippingOutlinedIcon />}
          onClick={() => setIsDialogOpen(true)}
        >
          New Dispatch
        </Button>
      </Stack>
      {collection.dispatches.length === 0 ? (
        <Typography color="text.secondary">{dispatchMessages.noDispatches}</Typography>
      ) : (
        <DispatchList collection={collection} />
      )}
      <NewDispatchDialog
        isOpen={isDialogOpen}
        collection={collection}
        onClose={() => setIsDialogOpen(false)}
      />
    </Stack>
  );
};
