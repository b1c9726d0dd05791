import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Collection } from '@lab/domain';
import { ToothConventionToggle } from '../../../components/tooth-chart';
import { useToothConvention } from '../../me/hooks/use-tooth-convention';
import { useOrderForms } from '../api/get-order-forms';
import { OrderFormList } from './order-form-list';

type OrderFormsViewProps = { collection: Collection };

/** The collection's Order Forms view: every form received for the order, teeth in the chosen numbering. */
export const OrderFormsView = ({ collection }: OrderFormsViewProps) => {
  const formsQuery = useOrderForms(collection.uid);
  const [convention, setConvention] = useToothConvention();
  return (
    <Box sx={{ p: 2 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="h5">Order Forms</Typography>
        <ToothConventionToggle convention={convention} onChange={setConvention} />
      </Stack>
      {formsQuery.isPending ? (
        <LinearProgress />
      ) : (
        <OrderFormList collection={collection} forms={formsQuery.data} />
      )}
    </Box>
  );
};
