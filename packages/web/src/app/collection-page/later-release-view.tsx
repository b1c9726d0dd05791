import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CollectionView } from './collection-params';

const viewTitles: Record<CollectionView, string> = {
  components: 'Case Components',
  messages: 'Notes & Messages',
  approvals: 'Approvals',
  orderForms: 'Order Forms',
  checklists: 'Checklists',
  invoices: 'Billing',
  dispatches: 'Dispatches',
};

/** Stands in for a view that is not built yet. */
export const LaterReleaseView = ({ view }: { view: CollectionView }) => (
  <Paper variant="outlined" sx={{ p: 3 }}>
    <Typography variant="h6" component="h2" gutterBottom>
      {viewTitles[view]}
    </Typography>
    <Typography color="text.secondary">This view arrives in a later release.</Typography>
  </Paper>
);
