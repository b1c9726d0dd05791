import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CollectionView } from './collection-params';

// Stands in for the collection header and views until the collection issue builds them.
export const CollectionPlaceholder = ({ uid, view }: { uid: string; view: CollectionView }) => (
  <Paper variant="outlined" sx={{ p: 3 }}>
    <Typography variant="h6" component="h1" gutterBottom>
      Collection
    </Typography>
    <Typography variant="body2" sx={{ fontFamily: 'monospace', mb: 2 }}>
      {uid}
    </Typography>
    <Typography color="text.secondary">
      The collection&apos;s components view comes in the next issue
      {view === 'components' ? '' : `, and the ${view} view after it`}.
    </Typography>
  </Paper>
);
