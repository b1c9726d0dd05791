import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
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

// The card sits in the page's narrow column (about 400 px at 1280 px): the table runs edge to edge with
// tighter gaps between its columns, and names and e-mail addresses wrap, even inside a word, so the
// Status column stays in the card. Were it still too wide, it scrolls inside the card, never past it.
const compactCells = {
  '& .MuiTableCell-root': { px: 1, '&:first-of-type': { pl: 2 }, '&:last-of-type': { pr: 2 } },
} as const;
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** An e-mail address wraps after its @ first ("reception@ / smile.example"), elsewhere only if it must. */
const withBreakAfterAt = (text: string) => {
  const at = text.indexOf('@');
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
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
      {(referrals.isError || referrals.data?.length === 0) && (
        <CardContent>
          {referrals.isError && <Alert severity="error">{referrals.error.message}</Alert>}
          {referrals.data?.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No referrals
            </Typography>
          )}
        </CardContent>
      )}
      {referrals.data && referrals.data.length > 0 && (
        <TableContainer sx={{ mt: 1 }}>
          <Table size="small" aria-label="Referrals" sx={compactCells}>
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
                    <TableCell sx={wrapAnywhere}>{referral.referrer_client_name}</TableCell>
                    <TableCell sx={wrapAnywhere}>
                      {referral.referree_client_name ?? '—'}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {withBreakAfterAt(referral.referree_identification)}
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
        </TableContainer>
      )}
    </Card>
  );
};
