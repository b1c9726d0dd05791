import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Collection } from '@lab/domain';
import { useOrderForms } from '../api/get-order-forms';
import { OrderFormList } from './order-form-list';

type OrderFormsViewProps = { collection: Collection };

/** The collection's Order Forms view: every form received for the order. */
export const OrderFormsView = ({ collection }: OrderFormsViewProps) => {
  const formsQuery = useOrderForms(collection.uid);
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" sx={{ mb: 2 }}>
        Order Forms
      </Typography>
      {formsQuery.isPending ? (
        <LinearProgress />
      ) : (
        <OrderFormList collection={collection} forms={formsQuery.data} />
      )}
    </Box>
  );
};
