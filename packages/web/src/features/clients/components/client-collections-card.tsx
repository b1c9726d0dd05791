import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { clientCollectionsPageSize, type ClientCollectionStatus, type ClientDetails } from '@lab/domain';
import { CollectionResultsTable } from '../../../components/collection-results-table';
import { useClientCollections } from '../api/get-client-collections';

type ClientCollectionsCardProps = {
  client: ClientDetails;
  /** Opens the collection (the page opens it in a new tab, keeping the client in place). */
  onOpenCollection: (uid: string) => void;
};

/** The client's collections, active and archived apart, 25 a page, newest first. */
export const ClientCollectionsCard = ({ client, onOpenCollection }: ClientCollectionsCardProps) => {
  const [status, setStatus] = useState<ClientCollectionStatus>('active');
  const [page, setPage] = useState(1);
  const collections = useClientCollections(client.id, status, page);
  const archivedCount = client.collection_count - client.active_collection_count;

  const handleStatusChange = (next: ClientCollectionStatus) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title="Collections"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ pb: 0 }}
      />
      <Tabs
        value={status}
        onChange={(_event, next: ClientCollectionStatus) => handleStatusChange(next)}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="active" label={`Active (${client.active_collection_count})`} />
        <Tab value="archived" label={`Archived (${archivedCount})`} />
      </Tabs>
      {collections.isFetching && <LinearProgress aria-label="Loading collections" />}
      {collections.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {collections.error.message}
        </Alert>
      )}
      {collections.data && collections.data.total === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {status === 'active' ? 'No active collections' : 'No archived collections'}
        </Typography>
      )}
      {collections.data && collections.data.total > 0 && (
        <>
          {/* Every row is this client's: its name and country stay in the details card, not in each row. */}
          <CollectionResultsTable
            rows={collections.data.collections}
            ariaLabel={status === 'active' ? 'Active collections' : 'Archived collections'}
            onOpen={(row) => onOpenCollection(row.uid)}
          />
          <TablePagination
            component="div"
            count={collections.data.total}
            page={page - 1}
            rowsPerPage={clientCollectionsPageSize}
            rowsPerPageOptions={[]}
            onPageChange={(_event, next) => setPage(next + 1)}
          />
        </>
      )}
    </Card>
  );
};
