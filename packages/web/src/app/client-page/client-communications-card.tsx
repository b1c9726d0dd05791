import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useClientCommunications } from '../../features/clients/api/get-client-communications';
import { CommunicationCard } from '../../features/messages/components/communication-card';

// The client's communications log, drawn by the messages feature's cards (the same as a collection's
// log), so an e-mail opens its info card and a push lists its deliveries here too.
export const ClientCommunicationsCard = ({ clientId }: { clientId: number }) => {
  const communications = useClientCommunications(clientId);
  return (
    <Card variant="outlined">
      <CardHeader
        title="Communications"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        {communications.isError && <Alert severity="error">{communications.error.message}</Alert>}
        {communications.data && communications.data.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No communications
          </Typography>
        )}
        <Stack spacing={1}>
          {communications.data?.map((communication) => (
            <CommunicationCard key={communication.uid} communication={communication} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};
