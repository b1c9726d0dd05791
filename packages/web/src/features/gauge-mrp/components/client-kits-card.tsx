import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { restrictedSystemRefusal } from '@lab/domain';
import { formatDateTime } from '../../../components/date-time-format';
import { useMe } from '../../me/api/get-me';
import { useKits } from '../api/kits-api';

// The client page's "Scan-gauge kits" card: the lab's kits this client holds, since when and when they are
// due back (Gauge MRP's data: not shown to a restricted employee).

const HeldKits = ({ clientId }: { clientId: number }) => {
  const { data: kits } = useKits(clientId);
  return (
    <Card>
      <CardHeader
        title="Scan-gauge kits"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {kits && kits.length === 0 && <Typography color="text.secondary">No kit of the lab’s</Typography>}
        <List dense disablePadding>
          {(kits ?? []).map((kit) => (
            <ListItem key={kit.kit_id} disableGutters>
              <ListItemText
                primary={`${kit.code} · ${kit.name}`}
                secondary={
                  kit.loan && (
                    <Typography variant="caption" color={kit.loan.is_overdue ? 'error' : 'text.secondary'}>
                      since {formatDateTime(kit.loan.lent_at)}
                      {kit.loan.due_back_on ? ` · due back ${kit.loan.due_back_on}` : ''}
                      {kit.loan.is_overdue ? ' · overdue' : ''}
                    </Typography>
                  )
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
};

export const ClientKitsCard = ({ clientId }: { clientId: number }) => {
  const { data: me } = useMe();
  if (!me || restrictedSystemRefusal(me, 'Gauge MRP') !== null) return null;
  return <HeldKits clientId={clientId} />;
};
