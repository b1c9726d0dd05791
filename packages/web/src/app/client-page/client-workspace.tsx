import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { clientMessages } from '@lab/domain';
import { useClient } from '../../features/clients/api/get-client';
import { clientPageUrl } from '../../features/clients/client-page-url';
import { ClientCollectionsCard } from '../../features/clients/components/client-collections-card';
import { ClientDetailsCard } from '../../features/clients/components/client-details-card';
import { ClientNotesCard } from '../../features/clients/components/client-notes-card';
import { IdentificationsCard } from '../../features/clients/components/identifications-card';
import { ReferralsCard } from '../../features/clients/components/referrals-card';
import { ClientKitsCard } from '../../features/gauge-mrp/components/client-kits-card';
import { isApiError } from '../../lib/api-client';
import { collectionPageUrl, openInNewTab } from '../../lib/navigation';
import { ClientCommunicationsCard } from './client-communications-card';

const NotFound = () => (
  <Alert severity="error">
    {clientMessages.notFound}. <Link href={clientPageUrl()}>Search clients</Link>
  </Alert>
);

/** One client: details and collections on the left, notes, identifications and referrals beside them. */
export const ClientWorkspace = ({ clientId }: { clientId: number | null }) =>
  clientId === null ? <NotFound /> : <LoadedClient clientId={clientId} />;

const LoadedClient = ({ clientId }: { clientId: number }) => {
  const client = useClient(clientId);

  useEffect(() => {
    if (client.data) document.title = `${client.data.name} · Clients`;
  }, [client.data]);

  if (client.isPending) return <LinearProgress aria-label="Loading client" />;
  if (client.isError) {
    return isApiError(client.error) && client.error.status === 404 ? (
      <NotFound />
    ) : (
      <Alert severity="error">{client.error.message}</Alert>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(320px, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <ClientDetailsCard client={client.data} />
        <ClientCollectionsCard
          client={client.data}
          onOpenCollection={(uid) => openInNewTab(collectionPageUrl({ uid }))}
        />
        <ClientCommunicationsCard clientId={clientId} />
      </Stack>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <ClientNotesCard clientId={clientId} />
        <IdentificationsCard clientId={clientId} />
        <ReferralsCard clientId={clientId} />
        <ClientKitsCard clientId={clientId} />
      </Stack>
    </Box>
  );
};
