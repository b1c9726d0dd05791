import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { referralStatusOf, type ReferralStatus } from '@lab/domain';
import { formatLocalDate } from '../../../lib/date-format';
import { useClientReferrals } from '../api/get-client-referrals';

const statusColours: Record<ReferralStatus, 'success' | 'default' | 'warning'> = {
  Accepted: 'success',
  Canceled: 'default',
  Pending: 'warning',
};

/** Referrals the client made, and the one that brought it in, with their status (spec §4). */
export const ReferralsCard = ({ clientId }: { clientId: number }) => {
  const referrals = useClientReferrals(clientId);
  return (
    <Card variant="outlined">
      <CardHeader
        title="Referrals"
        slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        {referrals.isError && <Alert severity="error">{referrals.error.message}</Alert>}
        {referrals.data && referrals.data.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No referrals
          </Typography>
        )}
        {referrals.data && referrals.data.length > 0 && (
          <Table size="small" aria-label="Referrals">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Referrer</TableCell>
                <TableCell>Referred</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {referrals.data.map((referral) => {
                const status = referralStatusOf(referral);
                const decided = referral.accepted_at ?? referral.canceled_at;
                return (
                  <TableRow key={`${referral.created_at}-${referral.referree_identification}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatLocalDate(referral.created_at)}
                    </TableCell>
                    <TableCell>{referral.referrer_client_name}</TableCell>
                    <TableCell>
                      {referral.referree_client_name ?? '—'}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {referral.referree_identification}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={status}
                        color={statusColours[status]}
                        title={decided ? formatLocalDate(decided) : undefined}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};
